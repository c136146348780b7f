/**
 * The WebGPU path: headless Chromium with --enable-unsafe-webgpu offers only SwiftShader, a fallback
 * adapter, which the app admits only behind ?allowFallbackGpu=1. On a small image (model scale 128 px,
 * SwiftShader is very slow) WebGPU must give the same class map as WASM. The model is committed
 * (models/inkseg.onnx), so a missing model is a failure, not a skip.
 */
import { expect, test } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config';
import { openApp } from './support/app';
import { MODEL_FILES, modelDeployed } from './support/model';

test.use({ launchOptions: { executablePath: '/usr/bin/chromium', args: [...CHROMIUM_ARGS, '--enable-unsafe-webgpu'] } });

test('WebGPU (SwiftShader, test-only switch) gives the same class map as WASM on a small image', async ({ page }) => {
  test.setTimeout(600_000);
  expect(modelDeployed(), `the WebGPU/WASM comparison needs the ink model (${MODEL_FILES.join(' or ')})`).toBe(true);

  await openApp(page, '?allowFallbackGpu=1');
  const adapter = await page.evaluate(async () => {
    const gpu = (navigator as Navigator & { gpu?: { requestAdapter(): Promise<{ info?: { isFallbackAdapter?: boolean } } | null> } }).gpu;
    const found = await gpu?.requestAdapter();
    return found ? { fallback: Boolean(found.info?.isFallbackAdapter) } : null;
  });
  // Skipped only where the browser has no WebGPU at all (Debian's Chromium with --enable-unsafe-webgpu
  // offers SwiftShader, so CI runs this test); the reason is printed.
  if (!adapter) console.log('Skipping the WebGPU test: this Chromium offers no WebGPU adapter');
  test.skip(!adapter, 'no WebGPU adapter in this Chromium');

  const maps = await page.evaluate(async () => {
    const side = 96;
    const data: number[] = [];
    for (let y = 0; y < side; y++) {
      for (let x = 0; x < side; x++) {
        const printed = y % 14 === 6 && x > 8 && x < 70;
        const signature = Math.abs(y - 70 - 8 * Math.sin(x / 6)) < 2;
        data.push(...(printed ? [30, 30, 30, 255] : signature ? [30, 50, 150, 255] : [245, 240, 230, 255]));
      }
    }
    const image = { width: side, height: side, data };
    const diagnostics = window.inkliftDiagnostics!;
    const wasm = await diagnostics.classMapOn(image, 'wasm', 128);
    const webgpu = await diagnostics.classMapOn(image, 'webgpu', 128);
    return { wasm, webgpu };
  });
  expect(maps.wasm.backend).toContain('WASM');
  expect(maps.webgpu.backend).toContain('WebGPU');
  expect([maps.webgpu.width, maps.webgpu.height]).toEqual([maps.wasm.width, maps.wasm.height]);
  const same = maps.wasm.classes.filter((c, i) => c === maps.webgpu.classes[i]).length / maps.wasm.classes.length;
  console.log(`WebGPU vs WASM class map agreement: ${(same * 100).toFixed(2)}% of ${maps.wasm.classes.length} cells`);
  expect(same).toBeGreaterThanOrEqual(0.99);
});
