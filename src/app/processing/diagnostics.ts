/**
 * Test and diagnostics hook: with ?allowFallbackGpu=1 (or ?diagnostics=1) the page exposes
 * `window.inkliftDiagnostics.classMapOn(image, backend)`, the model's class map of an RGBA image on
 * WebGPU or WASM, so the e2e suite can compare backends. Absent otherwise.
 */
import type { RgbaImage } from '../../core';
import type { ProcessorBridge } from '../../worker/bridge';
import type { EngineSettings } from '../../worker/protocol';
import { testSwitch } from './testSwitches';

declare global {
  interface Window {
    inkliftDiagnostics?: {
      classMapOn(image: { width: number; height: number; data: number[] }, backend: 'webgpu' | 'wasm', longSide?: number): Promise<{ width: number; height: number; classes: number[]; backend: string }>;
    };
  }
}

export function exposeDiagnostics(bridge: ProcessorBridge, settings: EngineSettings): () => void {
  if (!testSwitch('allowFallbackGpu') && new URLSearchParams(window.location.search).get('diagnostics') !== '1') return () => undefined;
  window.inkliftDiagnostics = {
    async classMapOn(image, backend, longSide = 128) {
      const raster: RgbaImage = { width: image.width, height: image.height, data: Uint8ClampedArray.from(image.data) };
      const map = await bridge.classMapOn(raster, backend, settings, longSide);
      return { width: map.width, height: map.height, classes: [...map.classes], backend: map.backend };
    },
  };
  return () => {
    delete window.inkliftDiagnostics;
  };
}
