/**
 * One benchmark target (a runtime the pipeline runs in): Node here (node.ts); Chromium/WASM can be
 * added as another module implementing BenchTarget and listed in ../bench.ts's TARGETS.
 */
export interface BenchInput {
  megapixels: number;
  width: number;
  height: number;
  /** The encoded photo (JPEG) the target decodes. */
  bytes: Uint8Array;
}

export interface BenchSettings {
  warmup: number;
  runs: number;
  /** Threads for model inference. */
  threads: number;
}

/** Median milliseconds per stage for one input; stages a target does not have are simply absent. */
export interface BenchMeasurement {
  megapixels: number;
  stages: Record<string, number>;
  /** Peak resident set size of the measuring process so far (bytes), when known. */
  peakRss?: number;
}

export interface BenchResult {
  target: string;
  measurements: BenchMeasurement[];
  /** Extra facts for the report (e.g. model file size). */
  notes: string[];
}

export interface BenchTarget {
  name: string;
  /** Whether the target can run here; a reason when it cannot. */
  available(): Promise<true | string>;
  run(inputs: readonly BenchInput[], settings: BenchSettings): Promise<BenchResult>;
}
