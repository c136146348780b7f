/**
 * The ink model through onnxruntime-web: WebGPU when a real (non-fallback) adapter exists and the
 * session passes a one-time self-check against WASM, else WASM (multi-threaded when the page is
 * cross-origin isolated). WASM files come from /ort/ on our origin.
 */
import type { InferenceSession } from 'onnxruntime-web';
import type { ClassMap, Engine, EngineInput, RgbaImage, SheetFinding } from '../core';
import { classifyWithModel, createModelEngine, MODEL_LONG_SIDE, type ModelRun } from '../core/classes/model';
import type { InkSeparation } from '../core/paper/inkSeparation';
import type { EngineSettings } from './protocol';

type Ort = typeof import('onnxruntime-web/wasm');
type OrtSession = { ort: Ort; session: InferenceSession };
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
const SELF_CHECK_SIDE = 128;

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

/** The model through one onnxruntime-web session; pre/post-processing is src/core/classes/model's (the server's too). */
export class OrtInkEngine implements Engine {
  readonly name: string;
  /** Milliseconds of the last `session.run` (the model inference alone, without the tensor building and argmax around it). */
  lastInferenceMs = 0;
  /** Milliseconds of the ink-separation model's last `session.run`, when it is loaded. */
  lastSeparationInferenceMs = 0;
  private readonly run: ModelRun;
  /** Present when the ink-separation model is loaded (src/core/paper/inkSeparation). */
  readonly separateInk?: (flattened: RgbaImage, photo?: boolean) => Promise<InkSeparation>;
  /** Present when the sheet model is loaded (src/core/page/sheet). */
  readonly findSheet?: (image: RgbaImage) => Promise<SheetFinding>;

  constructor(
    ort: Ort,
    private readonly session: InferenceSession,
    readonly backend: Backend,
    /** The optional models' sessions, always on WASM (small models): the ink-separation model, its edge network and the sheet model. */
    helpers: { separation?: OrtSession; edge?: OrtSession; sheet?: OrtSession } = {},
  ) {
    this.run = sessionRun(ort, session, (ms) => (this.lastInferenceMs = ms));
    const helperRun = (helper?: OrtSession, timed: (ms: number) => void = () => {}) => helper && sessionRun(helper.ort, helper.session, timed);
    // src/core's engine names the models and adds the optional ones' steps, as on the server.
    const shared = createModelEngine(this.run, {
      separationRun: helperRun(helpers.separation, (ms) => (this.lastSeparationInferenceMs = ms)),
      edgeRun: helperRun(helpers.edge),
      sheetRun: helperRun(helpers.sheet),
    });
    const threads = wasmThreads();
    this.name = `${shared.name} (${backend === 'webgpu' ? 'WebGPU' : `WASM, ${threads} thread${threads > 1 ? 's' : ''}`})`;
    this.separateInk = shared.separateInk;
    this.findSheet = shared.findSheet;
  }

  /** Class map at the model's scale; `longSide` smaller than the trained 1024 only for checks (self-check, backend comparison). */
  classifyAt(input: EngineInput, longSide: number): Promise<ClassMap> {
    return classifyWithModel(this.run, input, longSide);
  }

  classify(input: EngineInput): Promise<ClassMap> {
    return this.classifyAt(input, MODEL_LONG_SIDE);
  }

  release(): Promise<void> {
    return this.session.release();
  }
}

/** One ONNX session's run as src/core expects it; `timed` gets the milliseconds of `session.run` alone. */
function sessionRun(ort: Ort, session: InferenceSession, timed: (ms: number) => void): ModelRun {
  return async (input, dims) => {
    const tensor = new ort.Tensor('float32', input instanceof Float32Array ? input : Float32Array.from(input), dims);
    try {
      const started = performance.now();
      const outputs = await session.run({ [session.inputNames[0]]: tensor });
      timed(performance.now() - started);
      const output = outputs[session.outputNames[0]];
      const data = (output.location === 'gpu-buffer' ? await output.getData(true) : output.data) as Float32Array;
      const result = { data, dims: [...output.dims] };
      for (const [name, value] of Object.entries(outputs)) if (name !== session.outputNames[0]) value.dispose();
      return result;
    } finally {
      tensor.dispose();
    }
  };
}

/** Share of equal labels between two class maps of the same size. */
export function agreement(a: ClassMap, b: ClassMap): number {
  if (a.width !== b.width || a.height !== b.height) return 0;
  let same = 0;
  for (let i = 0; i < a.classes.length; i++) if (a.classes[i] === b.classes[i]) same++;
  return same / Math.max(1, a.classes.length);
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

/** Runs the same small input (128 px model scale) on WebGPU and on WASM; WebGPU passes when the class maps agree. */
export async function gpuPassesSelfCheck(gpu: OrtInkEngine, wasm: OrtInkEngine): Promise<boolean> {
  const input = selfCheckInput();
  const a = await gpu.classifyAt(input, SELF_CHECK_SIDE);
  const b = await wasm.classifyAt(input, SELF_CHECK_SIDE);
  return agreement(a, b) >= SELF_CHECK_AGREEMENT;
}
