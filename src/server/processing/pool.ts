import { Worker } from 'node:worker_threads';
import { ApiError } from '../errors';
import type { ProcessRequest, ProcessResult } from './processDocument';
import type { WorkerTask, WorkerTaskResult } from './tasks';
import type { WorkerSettings } from './worker';

/** Request jobs have someone waiting on the line; background jobs run only when no request job waits. */
export type JobPriority = 'request' | 'background';

interface Job {
  id: number;
  task: WorkerTask;
  resolve: (result: WorkerTaskResult) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  timer: NodeJS.Timeout | null;
  /** The job passed its time limit: its caller has had the 422, the thread has not come back yet. */
  overdue: boolean;
  /** Resolves when the thread has loaded its engine (its ONNX sessions): it may be terminated from then on. */
  ready: Promise<void>;
}

export interface PoolOptions {
  workers: number;
  settings: WorkerSettings;
  /** Request jobs allowed to wait for a free worker; past that callers get 503. Background jobs are not counted. */
  queue: number;
  timeoutMs: number;
}

/** A set-aside thread whose job has not come back after this many time limits is stuck in JavaScript: it is terminated. */
const STUCK_LIMITS = 10;
/** Closing gives the threads at least this long to end by themselves once their jobs are done. */
const EXIT_WAIT_MS = 5000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const WORKER_URL = new URL('./worker.ts', import.meta.url);
// The thread registers tsx's loader before importing the TypeScript entry, as the main process did.
const BOOTSTRAP = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
  .then((tsx) => tsx.register())
  .then(() => import(${JSON.stringify(WORKER_URL.href)}))`;

/**
 * A fixed set of processing threads with a bounded queue. A job past its time limit is answered
 * at once (422), but its thread is not terminated in the middle of a native call: node-addon-api
 * modules (sharp, onnxruntime-node) abort the whole process when an async call completes in a
 * terminated thread. The thread finishes the job (its result is dropped) and takes the next one. A
 * thread still busy a further time limit later is set aside and a fresh thread takes its place; the
 * set-aside thread is terminated when its job comes back (no native call is in flight then) or, if it
 * never does, STUCK_LIMITS time limits later (by then it is stuck in JavaScript, not in a native call).
 * A thread that crashes is replaced at once. Closing lets running jobs finish first (for at most twice
 * the time limit), then asks every thread to end by itself.
 * Background jobs wait in their own queue and start only when no request job waits: a request
 * waits at most for the jobs already running.
 */
export class ProcessingPool {
  private readonly slots: Slot[] = [];
  /** Threads set aside past twice the time limit, until their job comes back. */
  private readonly setAside = new Set<Worker>();
  private readonly waiting: Job[] = [];
  private readonly waitingBackground: Job[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: PoolOptions) {
    for (let i = 0; i < options.workers; i++) this.slots.push(this.spawn());
  }

  get stats() {
    return {
      busy: this.slots.filter((s) => s.job).length,
      waiting: this.waiting.length,
      waitingBackground: this.waitingBackground.length,
      workers: this.slots.length,
      setAside: this.setAside.size,
    };
  }

  run(request: ProcessRequest): Promise<ProcessResult> {
    return this.submit({ kind: 'clean', request }, 'request') as Promise<ProcessResult>;
  }

  webpFromPng(png: Uint8Array, priority: JobPriority): Promise<Uint8Array> {
    return this.submit({ kind: 'webpFromPng', png }, priority) as Promise<Uint8Array>;
  }

  private submit(task: WorkerTask, priority: JobPriority): Promise<WorkerTaskResult> {
    if (this.closed) return Promise.reject(new ApiError(503, 'busy', 'The server is shutting down.', { 'retry-after': '5' }));
    const free = this.slots.find((s) => !s.job);
    if (priority === 'request' && !free && this.waiting.length >= this.options.queue) {
      return Promise.reject(new ApiError(503, 'busy', 'All processing slots are busy; try again shortly.', { 'retry-after': '5' }));
    }
    return new Promise((resolve, reject) => {
      const job: Job = { id: this.nextId++, task, resolve, reject };
      if (free && (priority === 'request' || this.waiting.length === 0)) this.start(free, job);
      else (priority === 'request' ? this.waiting : this.waitingBackground).push(job);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of [...this.waiting.splice(0), ...this.waitingBackground.splice(0)]) job.reject(new ApiError(503, 'busy', 'The server is shutting down.'));
    const deadline = Date.now() + 2 * this.options.timeoutMs;
    while ((this.slots.some((s) => s.job) || this.setAside.size > 0) && Date.now() < deadline) await sleep(50);
    // Every thread then ends by itself when its last native callbacks have run (a thread still creating its
    // ONNX sessions, once they are made): terminated while one is in flight or just completing, sharp and
    // onnxruntime-node abort the whole process. One that has not ended EXIT_WAIT_MS later is terminated.
    const workers = [...this.slots.map((s) => s.worker), ...this.setAside];
    const ended = Promise.all(workers.map((w) => new Promise((resolve) => w.once('exit', resolve))));
    for (const w of workers) w.postMessage({ exit: true });
    for (const slot of this.slots) slot.job?.reject(new ApiError(503, 'busy', 'The server is shutting down.'));
    await Promise.race([ended, sleep(Math.max(EXIT_WAIT_MS, deadline - Date.now()))]);
    await Promise.all(workers.map((w) => w.terminate()));
  }


  private spawn(): Slot {
    const worker = new Worker(BOOTSTRAP, { eval: true, workerData: this.options.settings });
    let markReady = () => {};
    const ready = new Promise<void>((resolve) => (markReady = resolve));
    const slot: Slot = { worker, job: null, timer: null, overdue: false, ready };
    worker.on('message', (message: { ready?: true; id: number; ok: boolean; result?: WorkerTaskResult; error?: { statusCode: number; code: string; message: string } }) => {
      if (message.ready) return markReady();
      const job = slot.job;
      if (!job || job.id !== message.id) return;
      const overdue = slot.overdue;
      this.finish(slot);
      if (overdue) {
        // The caller already had its 422; the thread is free again.
        if (!this.closed) this.pump(slot);
        return;
      }
      if (message.ok) job.resolve(message.result!);
      else {
        const e = message.error!;
        job.reject(e.statusCode >= 500 ? new Error(e.message) : new ApiError(e.statusCode, e.code as ApiError['code'], e.message));
      }
      this.pump(slot);
    });
    worker.on('error', (error) => this.replace(slot, error));
    worker.on('exit', (code) => {
      markReady();
      if (!this.closed && this.slots.includes(slot)) this.replace(slot, new Error(`processing thread exited with code ${code}`));
    });
    return slot;
  }

  private start(slot: Slot, job: Job) {
    slot.job = job;
    slot.overdue = false;
    slot.timer = setTimeout(() => {
      slot.overdue = true;
      job.reject(new ApiError(422, 'processing_timeout', `Processing took longer than ${Math.round(this.options.timeoutMs / 1000)} s and was stopped.`));
      slot.timer = setTimeout(() => this.setAsideStuck(slot), this.options.timeoutMs);
    }, this.options.timeoutMs);
    slot.worker.postMessage({ id: job.id, task: job.task });
  }

  private finish(slot: Slot) {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.job = null;
    slot.overdue = false;
  }

  private pump(slot: Slot) {
    const next = this.waiting.shift() ?? this.waitingBackground.shift();
    if (next) this.start(slot, next);
  }

  /** A thread twice past its time limit: a fresh thread takes its place, and it is terminated once it is safe to (see the class). */
  private setAsideStuck(slot: Slot) {
    const index = this.slots.indexOf(slot);
    if (index < 0 || this.closed) return;
    this.finish(slot);
    this.slots.splice(index, 1);
    const { worker } = slot;
    worker.removeAllListeners('message');
    worker.removeAllListeners('error');
    worker.removeAllListeners('exit');
    this.setAside.add(worker);
    const end = () => {
      clearTimeout(stuck);
      if (this.setAside.delete(worker)) void worker.terminate();
    };
    const stuck = setTimeout(end, STUCK_LIMITS * this.options.timeoutMs);
    // Its job came back: the thread closes its own port and ends when its last native callbacks have run
    // (terminated at once, one still queued would abort the process).
    worker.on('message', (message: { ready?: true }) => {
      if (!message.ready) worker.postMessage({ exit: true });
    });
    worker.on('error', end);
    worker.on('exit', () => {
      clearTimeout(stuck);
      this.setAside.delete(worker);
    });
    const fresh = this.spawn();
    this.slots.push(fresh);
    this.pump(fresh);
  }

  private replace(slot: Slot, error: Error) {
    const index = this.slots.indexOf(slot);
    if (index < 0 || this.closed) return;
    const job = slot.job;
    this.finish(slot);
    this.slots.splice(index, 1);
    slot.worker.removeAllListeners('exit');
    void slot.worker.terminate();
    const fresh = this.spawn();
    this.slots.push(fresh);
    job?.reject(error);
    this.pump(fresh);
  }
}
