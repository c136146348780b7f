import fs from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { stagePlugin } from './src/lint/stageOrder.js';

const appBoundary = { group: ['**/server/**', '**/synth/**', '**/tools/**'], message: 'The web app never imports server code; shared schemas live in src/shared.' };
const features = fs.existsSync('src/app/features') ? fs.readdirSync('src/app/features') : [];

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
  // Within src/core, a stage imports only earlier stages: shared → page → paper → classes → compose.
  {
    files: ['src/core/**/*.ts'],
    ignores: ['src/core/**/*.test.ts'],
    plugins: { inklift: stagePlugin },
    rules: { 'inklift/stage-order': 'error' },
  },
  {
    files: ['src/app/**/*.{ts,tsx}', 'src/worker/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        appBoundary,
      ] }],
    },
  },
  // Features never import each other; the app composes them (Bulletproof React).
  ...features.map((feature) => ({
    files: [`src/app/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        appBoundary,
        { group: features.filter((f) => f !== feature).flatMap((f) => [`../${f}`, `../${f}/**`, `**/features/${f}`, `**/features/${f}/**`]), message: 'Features never import each other: compose them in src/app/App.tsx or move shared code up.' },
      ] }],
    },
  })),
  {
    files: ['src/app/**/*.tsx', 'src/app/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
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
