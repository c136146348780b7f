/**
 * The ink model through onnxruntime-web: WebGPU when a real (non-fallback) adapter exists and the
 * session passes a one-time self-check against WASM, else WASM (multi-threaded when the page is
 * cross-origin isolated). WASM files come from /ort/ on our origin.
 */
import type { InferenceSession } from 'onnxruntime-web';
import type { ClassMap, Engine, EngineInput } from '../core';
import { agreement, modelSize, toClassMap, toModelInput, type TensorSize } from './inksegTensor';
import type { EngineSettings } from './protocol';

type Ort = typeof import('onnxruntime-web/wasm');
export type Backend = 'webgpu' | 'wasm';

/** The few WebGPU members we use (TypeScript's DOM lib has no WebGPU types). */
export interface GpuAdapterLike {
  info?: { isFallbackAdapter?: boolean; vendor?: string; architecture?: string };
  isFallbackAdapter?: boolean;
}
interface GpuLike {
  requestAdapter(): Promise<GpuAdapterLike | null>;
}

const SELF_CHECK_AGREEMENT = 0.98;

export function wasmThreads(): number {
  return self.crossOriginIsolated ? Math.max(1, Math.min(4, navigator.hardwareConcurrency || 1)) : 1;
}

function configure(ort: Ort): Ort {
  ort.env.wasm.wasmPaths = `${self.location.origin}/ort/`;
  ort.env.wasm.numThreads = wasmThreads();
  ort.env.wasm.proxy = false;
  ort.env.logLevel = 'error';
  return ort;
}

let wasmOrt: Promise<Ort> | null = null;
let gpuOrt: Promise<Ort> | null = null;
function loadOrt(backend: Backend): Promise<Ort> {
  if (backend === 'webgpu') return (gpuOrt ??= import('onnxruntime-web/webgpu').then((m) => configure(m as unknown as Ort)));
  return (wasmOrt ??= import('onnxruntime-web/wasm').then(configure));
}

/** A usable WebGPU adapter, or why there is none. */
export async function findGpuAdapter(settings: EngineSettings): Promise<{ adapter: GpuAdapterLike; fallback: boolean } | { reason: string }> {
  if (settings.disableGpu) return { reason: 'WebGPU disabled' };
  const gpu = (navigator as Navigator & { gpu?: GpuLike }).gpu;
  if (!gpu) return { reason: 'no WebGPU in this browser' };
  const adapter = await gpu.requestAdapter().catch(() => null);
  if (!adapter) return { reason: 'no WebGPU adapter' };
  const fallback = Boolean(adapter.info?.isFallbackAdapter ?? adapter.isFallbackAdapter);
  if (fallback && !settings.allowFallbackGpu) return { reason: 'only a software (fallback) WebGPU adapter' };
  return { adapter, fallback };
}

export class OrtInkEngine implements Engine {
  readonly name: string;
  private readonly fixedSize?: TensorSize;
  private readonly channels: number;

  constructor(
    private readonly ort: Ort,
    private readonly session: InferenceSession,
    readonly backend: Backend,
    modelName: string,
  ) {
    this.name = `model:${modelName} (${backend === 'webgpu' ? 'WebGPU' : `WASM, ${wasmThreads()} thread${wasmThreads() > 1 ? 's' : ''}`})`;
    const meta = session.inputMetadata?.[0];
    const shape = meta && meta.isTensor ? meta.shape : [];
    const channels = typeof shape[1] === 'number' ? shape[1] : 4;
    this.channels = [1, 3, 4].includes(channels) ? channels : 4;
    if (typeof shape[2] === 'number' && typeof shape[3] === 'number') this.fixedSize = { height: shape[2], width: shape[3] };
  }

  async classify(input: EngineInput): Promise<ClassMap> {
    const size = modelSize(input.flattened.width, input.flattened.height, this.fixedSize);
    const tensor = new this.ort.Tensor('float32', toModelInput(input, size, this.channels), [1, this.channels, size.height, size.width]);
    const outputs = await this.session.run({ [this.session.inputNames[0]]: tensor });
    const output = outputs[this.session.outputNames[0]];
    const values = (output.location === 'gpu-buffer' ? await output.getData() : output.data) as ArrayLike<number | bigint>;
    const map = toClassMap(values, output.dims);
    for (const value of Object.values(outputs)) value.dispose();
    tensor.dispose();
    return map;
  }

  release(): Promise<void> {
    return this.session.release();
  }
}

export async function createSession(modelBytes: Uint8Array, backend: Backend, adapter?: GpuAdapterLike): Promise<{ ort: Ort; session: InferenceSession }> {
  const ort = await loadOrt(backend);
  if (backend === 'webgpu' && adapter) {
    const env = ort.env.webgpu as { adapter?: unknown; powerPreference?: string };
    env.adapter = adapter;
  }
  const session = await ort.InferenceSession.create(modelBytes, {
    executionProviders: [backend === 'webgpu' ? 'webgpu' : 'wasm'],
    graphOptimizationLevel: 'all',
  });
  return { ort, session };
}

/** A fixed synthetic page (strokes on paper) for the self-check. */
export function selfCheckInput(side = 64): EngineInput {
  const data = new Uint8ClampedArray(side * side * 4).fill(255);
  const inkAlpha = new Uint8Array(side * side);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const ink = Math.abs(y - side / 2 - 8 * Math.sin(x / 5)) < 2 || (y % 16 === 4 && x > 8 && x < side - 8);
      const p = y * side + x;
      if (ink) {
        data.set([30, 40, 120, 255], p * 4);
        inkAlpha[p] = 230;
      }
    }
  }
  return { flattened: { width: side, height: side, data }, inkAlpha };
}

/** Runs the same input on WebGPU and on WASM; WebGPU passes when the class maps agree. */
export async function gpuPassesSelfCheck(gpu: OrtInkEngine, wasm: OrtInkEngine): Promise<boolean> {
  const input = selfCheckInput();
  const [a, b] = await Promise.all([gpu.classify(input), wasm.classify(input)]);
  return agreement(a, b) >= SELF_CHECK_AGREEMENT;
}
