import fs from 'node:fs';
import path from 'node:path';
import { defaultClientConditions, defineConfig, type Plugin, type PluginOption } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import type { ManifestTransform } from 'workbox-build';

/**
 * The web app's build. Besides the React bundle it
 * - serves/copies onnxruntime-web's WASM (/ort/), pdf.js fonts and WASM (/pdfjs/) and the
 *   ink model (/models/*.onnx) from our own origin (never a CDN);
 * - renders the PWA icons from public/icon.svg with sharp;
 * - builds src/worker/sw.ts to /sw.js with vite-plugin-pwa, which puts in the precache list.
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

function pwaIcons(): Plugin {
  let publicDir = '';
  return {
    name: 'inklift-pwa-icons',
    apply: 'build',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    async generateBundle() {
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
    },
  };
}

/** Workbox lists files relative to dist/web ("assets/x.js"); the service worker matches request paths ("/assets/x.js") and keeps the app shell as "/". */
const toSitePaths: ManifestTransform = (entries) => ({
  manifest: entries
    .map((entry) => ({ ...entry, url: entry.url === 'index.html' ? '/' : `/${entry.url}` }))
    .sort((a, b) => (a.url < b.url ? -1 : 1)),
});

/**
 * Our own service worker (src/worker/sw.ts: its caching, the update prompt, the share target) built
 * to /sw.js with the precache list in `self.__WB_MANIFEST`: everything the build writes to dist/web
 * (after the same-origin assets are copied), each with a hash of its content as revision, except the
 * files cached on first use (asyncify WASM, CMaps). public/manifest.webmanifest is served as it is and
 * src/app/features/pwa/useServiceWorker.ts registers the worker.
 */
function serviceWorker(): PluginOption {
  const cachedOnFirstUse = staticMounts().filter((m) => !m.precache).flatMap((m) => m.files.map((file) => `${m.url.slice(1)}${file}`));
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/worker',
    filename: 'sw.ts',
    injectRegister: false,
    manifest: false,
    injectManifest: {
      globPatterns: ['**/*'],
      globIgnores: ['**/*.map', ...cachedOnFirstUse],
      // The onnxruntime WASM (≈12 MB) is precached; a file over this fails the build instead of being left out.
      maximumFileSizeToCacheInBytes: 32 * 1024 * 1024,
      manifestTransforms: [toSitePaths],
    },
  });
}

export default defineConfig({
  root,
  plugins: [react(), sameOriginAssets(), pwaIcons(), serviceWorker()],
  // onnxruntime-web's "extern wasm" build loads its .mjs/.wasm from env.wasm.wasmPaths (/ort/) instead of bundling them.
  resolve: { conditions: ['onnxruntime-web-use-extern-wasm', ...defaultClientConditions] },
  worker: { format: 'es' },
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 1500,
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
