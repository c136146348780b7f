import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The web app's build. Besides the React bundle it
 * - serves/copies onnxruntime-web's WASM (/ort/), pdf.js fonts and WASM (/pdfjs/) and the
 *   ink model (/models/*.onnx) from our own origin (never a CDN);
 * - renders the PWA icons from public/icon.svg with sharp;
 * - compiles src/worker/serviceWorker.ts to /sw.js and injects the precache list and version.
 */
const root = path.dirname(new URL(import.meta.url).pathname);
const ortDist = path.join(root, 'node_modules/onnxruntime-web/dist');
const pdfjsDir = path.join(root, 'node_modules/pdfjs-dist');

/** URL folder → source folder and the files taken from it. */
interface StaticMount { url: string; dir: string; files: string[]; precache: boolean }

function listFiles(dir: string, keep: (name: string) => boolean): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).filter((name) => keep(name) && fs.statSync(path.join(dir, name)).isFile());
}

function staticMounts(): StaticMount[] {
  const modelDirs = [path.join(root, 'models'), path.join(root, 'public/models')];
  const models = modelDirs.flatMap((dir) => listFiles(dir, (n) => n.endsWith('.onnx')).map((file) => ({ dir, file })));
  return [
    // The plain threaded WASM runs every device; the asyncify build is WebGPU's and is cached on first use.
    { url: '/ort/', dir: ortDist, files: ['ort-wasm-simd-threaded.mjs', 'ort-wasm-simd-threaded.wasm'], precache: true },
    { url: '/ort/', dir: ortDist, files: ['ort-wasm-simd-threaded.asyncify.mjs', 'ort-wasm-simd-threaded.asyncify.wasm'], precache: false },
    { url: '/pdfjs/standard_fonts/', dir: path.join(pdfjsDir, 'standard_fonts'), files: listFiles(path.join(pdfjsDir, 'standard_fonts'), (n) => !n.startsWith('LICENSE')), precache: true },
    { url: '/pdfjs/wasm/', dir: path.join(pdfjsDir, 'wasm'), files: listFiles(path.join(pdfjsDir, 'wasm'), (n) => n.endsWith('.wasm')), precache: true },
    // 169 CMaps (1.7 MB) for PDFs whose fonts use a predefined CJK encoding: each is cached on first use.
    { url: '/pdfjs/cmaps/', dir: path.join(pdfjsDir, 'cmaps'), files: listFiles(path.join(pdfjsDir, 'cmaps'), (n) => n.endsWith('.bcmap')), precache: false },
    ...models.map(({ dir, file }) => ({ url: '/models/', dir, files: [file], precache: true })),
  ];
}

/** /models/index.json: the deployed models, so the app knows without probing (and logging a 404). */
function modelIndex(): string {
  const models = staticMounts().filter((m) => m.url === '/models/').flatMap((m) => m.files);
  return JSON.stringify({ models: [...new Set(models)] });
}

const contentTypes: Record<string, string> = { '.wasm': 'application/wasm', '.mjs': 'text/javascript', '.onnx': 'application/octet-stream' };

function sameOriginAssets(): Plugin {
  let outDir = '';
  return {
    name: 'inklift-same-origin-assets',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const pathname = (req.url ?? '').split('?')[0];
        if (pathname === '/models/index.json') {
          res.setHeader('content-type', 'application/json');
          res.end(modelIndex());
          return;
        }
        for (const mount of staticMounts()) {
          if (!pathname.startsWith(mount.url)) continue;
          const file = pathname.slice(mount.url.length);
          if (!mount.files.includes(file)) continue;
          res.setHeader('content-type', contentTypes[path.extname(file)] ?? 'application/octet-stream');
          fs.createReadStream(path.join(mount.dir, file)).pipe(res);
          return;
        }
        next();
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'models/index.json', source: modelIndex() });
    },
    writeBundle() {
      for (const mount of staticMounts()) {
        const target = path.join(outDir, mount.url);
        fs.mkdirSync(target, { recursive: true });
        for (const file of mount.files) fs.copyFileSync(path.join(mount.dir, file), path.join(target, file));
      }
    },
  };
}

const ICON_SIZES = [192, 512];

function pwaBuild(): Plugin {
  const swEntry = path.join(root, 'src/worker/serviceWorker.ts');
  let publicDir = '';
  return {
    name: 'inklift-pwa',
    apply: 'build',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    buildStart() {
      this.emitFile({ type: 'chunk', id: swEntry, fileName: 'sw.js' });
    },
    async generateBundle(_options, bundle) {
      const sharp = (await import('sharp')).default;
      const svg = fs.readFileSync(path.join(publicDir, 'icon.svg'));
      for (const size of ICON_SIZES) {
        const png = await sharp(svg, { density: 300 }).resize(size, size).png().toBuffer();
        this.emitFile({ type: 'asset', fileName: `icons/icon-${size}.png`, source: png });
        // Maskable: the mark inside the safe zone (80%) on the brand colour.
        const inner = Math.round(size * 0.8);
        const pad = Math.floor((size - inner) / 2);
        const maskable = await sharp(svg, { density: 300 }).resize(inner, inner)
          .extend({ top: pad, left: pad, bottom: size - inner - pad, right: size - inner - pad, background: '#1f4e8c' })
          .png().toBuffer();
        this.emitFile({ type: 'asset', fileName: `icons/maskable-${size}.png`, source: maskable });
      }
      const hash = createHash('sha256');
      const precache = new Set<string>(['/', '/models/index.json', ...ICON_SIZES.flatMap((size) => [`/icons/icon-${size}.png`, `/icons/maskable-${size}.png`])]);
      for (const [fileName, item] of Object.entries(bundle)) {
        if (fileName === 'sw.js' || fileName.endsWith('.map') || fileName === 'index.html') continue;
        precache.add(`/${fileName}`);
        hash.update(fileName).update(item.type === 'chunk' ? item.code : item.source);
      }
      for (const file of listFiles(publicDir, () => true)) precache.add(`/${file}`);
      for (const mount of staticMounts()) {
        for (const file of mount.files) {
          const stat = fs.statSync(path.join(mount.dir, file));
          hash.update(`${mount.url}${file}:${stat.size}:${stat.mtimeMs}`);
          if (mount.precache) precache.add(`${mount.url}${file}`);
        }
      }
      const sw = bundle['sw.js'];
      if (!sw || sw.type !== 'chunk') throw new Error('sw.js was not built');
      const version = hash.digest('hex').slice(0, 12);
      sw.code = sw.code
        .replace(/[`"']__PRECACHE_URLS__[`"']/, JSON.stringify([...precache].sort()))
        .replace('__PRECACHE_VERSION__', version);
    },
  };
}

export default defineConfig({
  root,
  plugins: [react(), sameOriginAssets(), pwaBuild()],
  // onnxruntime-web's "extern wasm" build loads its .mjs/.wasm from env.wasm.wasmPaths (/ort/) instead of bundling them.
  resolve: { conditions: ['onnxruntime-web-use-extern-wasm', ...defaultClientConditions] },
  worker: { format: 'es' },
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      output: { entryFileNames: (chunk) => (chunk.name === 'serviceWorker' ? 'sw.js' : 'assets/[name]-[hash].js') },
    },
  },
  server: {
    port: 5173,
    headers: { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' },
    proxy: { '/api': process.env.INKLIFT_API_URL ?? 'http://localhost:8080' },
  },
  preview: {
    headers: { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' },
  },
});
