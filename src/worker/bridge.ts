/**
 * The page's side of the processing worker, after Squoosh's WorkerBridge: comlink-wrapped, one
 * call at a time, cancel = terminate the worker (the next call starts a fresh one), and the worker
 * ends after a while without work.
 */
import * as Comlink from 'comlink';
import type { ClassMap, Point, RgbaImage } from '../core';
import type { DecodeWay, EngineSettings, EngineStatus, ProcessorApi, ProcessRequest, ProcessResult, ProgressCallback } from './protocol';

const IDLE_TIMEOUT_MS = 120_000;

export class CancelledError extends Error {
  constructor() {
    super('Cancelled');
    this.name = 'AbortError';
  }
}

export class ProcessorBridge {
  private worker: Worker | null = null;
  private remote: Comlink.Remote<ProcessorApi> | null = null;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private inFlight = new Set<(error: Error) => void>();
  private queue: Promise<unknown> = Promise.resolve();

  private connect(): Comlink.Remote<ProcessorApi> {
    clearTimeout(this.idleTimer);
    if (!this.remote) {
      this.worker = new Worker(new URL('./processor.ts', import.meta.url), { type: 'module', name: 'inklift-processor' });
      this.remote = Comlink.wrap<ProcessorApi>(this.worker);
    }
    return this.remote;
  }

  private scheduleIdleEnd() {
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      if (this.inFlight.size === 0) this.terminate();
    }, IDLE_TIMEOUT_MS);
  }

  private terminate() {
    this.worker?.terminate();
    this.worker = null;
    this.remote = null;
  }

  /** Runs calls one after another; each can be cancelled by terminating the worker. */
  private call<T>(run: (remote: Comlink.Remote<ProcessorApi>) => Promise<T>): Promise<T> {
    const next = this.queue.then(
      () =>
        new Promise<T>((resolve, reject) => {
          this.inFlight.add(reject);
          run(this.connect())
            .then(resolve, reject)
            .finally(() => {
              this.inFlight.delete(reject);
              this.scheduleIdleEnd();
            });
        }),
    );
    this.queue = next.catch(() => undefined);
    return next;
  }

  process(request: ProcessRequest, onProgress?: ProgressCallback): Promise<ProcessResult> {
    return this.call((remote) => remote.process(request, onProgress ? Comlink.proxy(onProgress) : undefined));
  }

  prepareEngine(settings: EngineSettings, onProgress?: ProgressCallback): Promise<EngineStatus> {
    return this.call<EngineStatus>((remote) => remote.prepareEngine(settings, onProgress ? Comlink.proxy(onProgress) : undefined));
  }

  classMapOn(image: RgbaImage, backend: 'webgpu' | 'wasm', settings: EngineSettings, longSide: number): Promise<ClassMap & { backend: string }> {
    return this.call((remote) => remote.classMapOn(image, backend, settings, longSide));
  }

  inkDecisionOn(image: RgbaImage, settings: EngineSettings): Promise<{ ink: Uint8Array; engine: string } | null> {
    return this.call((remote) => remote.inkDecisionOn(image, settings));
  }

  sheetOn(image: RgbaImage, settings: EngineSettings): Promise<{ corners: Point[] | null; cover: Float32Array | null; engine: string } | null> {
    return this.call((remote) => remote.sheetOn(image, settings));
  }

  decodedOn(input: Blob): Promise<RgbaImage & { way: DecodeWay }> {
    return this.call((remote) => remote.decodedOn(input));
  }

  /** Stops whatever runs now: the worker is terminated and pending calls fail with CancelledError. */
  cancel() {
    const pending = [...this.inFlight];
    this.inFlight.clear();
    this.terminate();
    for (const reject of pending) reject(new CancelledError());
  }
}
