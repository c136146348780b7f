import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', '.tmp/**', 'models/**/*.py', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // The architecture's one-way imports: core imports no runtime, the app never imports the server.
  {
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['**/server/**', '**/app/**', '**/worker/**', '**/synth/**', '**/tools/**'], message: 'src/core imports no runtime layer.' },
        { group: ['node:*', 'fs', 'path', 'sharp', 'onnxruntime-*', 'pdfjs-dist*', 'react*'], message: 'src/core is pure TypeScript: no DOM, no Node APIs.' },
      ] }],
    },
  },
  {
    files: ['src/app/**/*.{ts,tsx}', 'src/worker/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['**/server/**', '**/synth/**', '**/tools/**'], message: 'The web app never imports server code; shared schemas live in src/shared.' },
      ] }],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['**/server/**', '**/app/**', '**/worker/**', 'node:*'], message: 'src/shared is imported by both sides and imports neither.' },
      ] }],
    },
  },
);
