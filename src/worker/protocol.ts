/** What the page and the processing worker say to each other (through comlink). */
import type { CleanOptions, ClassMap, FoundInk, Point, RgbaImage } from '../core';

export type OutputFormat = 'png' | 'webp';

/** How the worker may pick the model's backend. */
export interface EngineSettings {
  /** Test-only: admit a fallback (software) WebGPU adapter such as SwiftShader. */
  allowFallbackGpu: boolean;
  /** Never try WebGPU (e.g. to compare against WASM). */
  disableGpu: boolean;
}

/** Which engine labels ink, and why. */
export type EngineStatus =
  | { kind: 'model'; backend: 'webgpu' | 'wasm'; threads: number; modelName: string; note: string }
  | { kind: 'classical'; reason: 'no-model' | 'load-failed'; note: string };

export interface ProcessRequest {
  input: Blob;
  fileName: string;
  options: CleanOptions;
  format: OutputFormat;
  engine: EngineSettings;
}

export interface ProcessResult {
  output: Blob;
  format: OutputFormat;
  width: number;
  height: number;
  /** The decoded input (PDF page render or oriented photo) for the before/after view, when it differs from the input. */
  preview: Blob | null;
  engineName: string;
  engineStatus: EngineStatus;
  /** Where the result sits in the decoded input when cropped (crop=on), and the input's size: the before/after view aligns them. */
  crop: { left: number; top: number; width: number; height: number } | null;
  sourceWidth: number;
  sourceHeight: number;
  /** What the result holds of what was asked (src/core's count; nothingFound for an extraction that kept no item). */
  found: FoundInk;
  /** Whether the result was straightened to the sheet of a photo (asked with flatten, and a sheet was found). */
  flattened: boolean;
  /**
   * Milliseconds per stage: engine, decode, clean, encode; within clean the pipeline's stages as
   * `clean.<stage>` (paper, alpha, orientation, classify, refine, lines, stampInk, compose, crop) and, with the model,
   * `clean.classify.inference` (the class model's last session.run alone) and, with the ink-separation model,
   * `clean.alpha.inference` (its session.run).
   */
  timings: Record<string, number>;
}

export type ProgressStage = 'engine' | 'download' | 'decode' | 'clean' | 'encode';
export interface Progress {
  stage: ProgressStage;
  /** 0..1 within the stage when known. */
  fraction?: number;
  /** Bytes for the model download. */
  loaded?: number;
  total?: number;
}
export type ProgressCallback = (progress: Progress) => void;

export interface ProcessorApi {
  prepareEngine(settings: EngineSettings, onProgress?: ProgressCallback): Promise<EngineStatus>;
  process(request: ProcessRequest, onProgress?: ProgressCallback): Promise<ProcessResult>;
  /** Test and diagnostics: the model's class map of an image on one backend, the image scaled to `longSide` for the model. */
  classMapOn(image: RgbaImage, backend: 'webgpu' | 'wasm', settings: EngineSettings, longSide: number): Promise<ClassMap & { backend: string }>;
  /** Test and diagnostics: the ink-separation model's decision (1 = ink per pixel) on WASM, or null without that model. */
  inkDecisionOn(image: RgbaImage, settings: EngineSettings): Promise<{ ink: Uint8Array; engine: string } | null>;
  /** Test and diagnostics: the sheet the WASM engine finds in a photo (null corners for none), or null without a sheet model. */
  sheetOn(image: RgbaImage, settings: EngineSettings): Promise<{ corners: Point[] | null; cover: Float32Array | null; engine: string } | null>;
  /** Test and diagnostics: a picture decoded as the worker decodes it, and which way it went. */
  decodedOn(input: Blob): Promise<RgbaImage & { way: DecodeWay }>;
}

/** How the worker decoded a picture: a JPEG's YUV planes, the browser's bitmap, or pdf.js. */
export type DecodeWay = 'planes' | 'bitmap' | 'pdf';
