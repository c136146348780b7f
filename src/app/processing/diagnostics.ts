/**
 * Test and diagnostics hook: with ?allowFallbackGpu=1 (or ?diagnostics=1) the page exposes
 * `window.inkliftDiagnostics.classMapOn(image, backend)`, the model's class map of an RGBA image on
 * WebGPU or WASM, so the e2e suite can compare backends; `inkDecisionOn(image)`, the ink-separation
 * model's decision on WASM, to compare with onnxruntime-node; `sheetOn(image)`, the sheet found in a
 * photo with the sheet model on WASM, likewise; `decodedOn(blob)`, a picture as the worker decodes it
 * (SHA-256 of its RGBA bytes and the way it went), to compare with the canvas; and `processTimed(...)`, one document
 * through the app's own worker (decode → pipeline → encode) with the page's wall time and the
 * worker's per-stage times, for the browser benchmark (src/tools/bench/browser.ts). Absent otherwise.
 */
import type { RgbaImage } from '../../core';
import type { ProcessorBridge } from '../../worker/bridge';
import type { EngineSettings } from '../../worker/protocol';
import { testSwitch } from './testSwitches';

declare global {
  interface Window {
    inkliftDiagnostics?: {
      classMapOn(image: { width: number; height: number; data: number[] }, backend: 'webgpu' | 'wasm', longSide?: number): Promise<{ width: number; height: number; classes: number[]; backend: string }>;
      processTimed(input: Blob, format?: 'png' | 'webp'): Promise<TimedRun>;
      /** The ink-separation model's decision on WASM as base64 bytes (1 = ink), or null without that model. */
      inkDecisionOn(image: { width: number; height: number; data: number[] }): Promise<{ ink: string; engine: string } | null>;
      /** The sheet the engine finds in a photo on WASM (corners null for none) and its map of what covers the page (null from a model without it), or null without the sheet model. */
      sheetOn(image: { width: number; height: number; data: number[] }): Promise<{ corners: { x: number; y: number }[] | null; cover: number[] | null; engine: string } | null>;
      decodedOn(input: Blob): Promise<{ width: number; height: number; sha256: string; way: string }>;
    };
  }
}

export interface TimedRun {
  /** performance.now() around the worker call, in the page: decode → pipeline → encode, engine ready. */
  totalMs: number;
  /** The worker's own laps: engine, decode, clean, encode. */
  stages: Record<string, number>;
  width: number;
  height: number;
  engine: string;
  engineNote: string;
  outputBytes: number;
  crossOriginIsolated: boolean;
}

export function exposeDiagnostics(bridge: ProcessorBridge, settings: EngineSettings): () => void {
  if (!testSwitch('allowFallbackGpu') && new URLSearchParams(window.location.search).get('diagnostics') !== '1') return () => undefined;
  window.inkliftDiagnostics = {
    async classMapOn(image, backend, longSide = 128) {
      const raster: RgbaImage = { width: image.width, height: image.height, data: Uint8ClampedArray.from(image.data) };
      const map = await bridge.classMapOn(raster, backend, settings, longSide);
      return { width: map.width, height: map.height, classes: [...map.classes], backend: map.backend };
    },
    async inkDecisionOn(image) {
      const raster: RgbaImage = { width: image.width, height: image.height, data: Uint8ClampedArray.from(image.data) };
      const decision = await bridge.inkDecisionOn(raster, settings);
      if (!decision) return null;
      let binary = '';
      for (let i = 0; i < decision.ink.length; i += 0x8000) binary += String.fromCharCode(...decision.ink.subarray(i, i + 0x8000));
      return { ink: btoa(binary), engine: decision.engine };
    },
    async sheetOn(image) {
      const raster: RgbaImage = { width: image.width, height: image.height, data: Uint8ClampedArray.from(image.data) };
      const found = await bridge.sheetOn(raster, settings);
      return found && { ...found, cover: found.cover && [...found.cover] };
    },
    async decodedOn(input) {
      const { width, height, data, way } = await bridge.decodedOn(input);
      return { width, height, sha256: await sha256Hex(data), way };
    },
    async processTimed(input, format = 'png') {
      await bridge.prepareEngine(settings);
      const start = performance.now();
      const result = await bridge.process({ input, fileName: 'bench.jpg', options: { mode: 'standard', extract: '', aggressive: false, crop: false }, format, engine: settings });
      const totalMs = performance.now() - start;
      return {
        totalMs,
        stages: result.timings,
        width: result.width,
        height: result.height,
        engine: result.engineName,
        engineNote: result.engineStatus.note,
        outputBytes: result.output.size,
        crossOriginIsolated: window.crossOriginIsolated,
      };
    },
  };
  return () => {
    delete window.inkliftDiagnostics;
  };
}

async function sha256Hex(data: Uint8ClampedArray): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', data as Uint8ClampedArray<ArrayBuffer>));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}
