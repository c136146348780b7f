/** The batch queue: documents run one at a time, each with its stage, progress, time taken and outcome. */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { recordBalance } from '../../api/balance';
import { filesKey } from '../../api/files';
import { describeError } from '../../api/client';
import { runJob, type JobContext, type JobOutcome, type JobSource } from '../../processing/runJob';
import { localResultsKey } from '../../store/useLocalResults';

export type JobStatus = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

export interface Job {
  id: string;
  source: JobSource;
  /** Object URL of the input when the browser can show it (PNG/JPG). */
  originalUrl: string | null;
  status: JobStatus;
  stage: string;
  /** 0..1 */
  fraction: number;
  startedAt?: number;
  finishedAt?: number;
  outcome?: JobOutcome;
  resultUrl?: string;
  previewUrl?: string;
  error?: string;
}

/** Each stage's label and where it starts on the job's progress bar. */
const STAGES: Record<string, [string, number]> = {
  engine: ['Starting the engine', 0.05],
  download: ['Downloading the model', 0.05],
  decode: ['Reading the document', 0.15],
  clean: ['Separating ink from paper', 0.35],
  encode: ['Encoding', 0.85],
  upload: ['Processing on the server', 0.3],
};

export type QueueContext = Omit<JobContext, 'signal' | 'onProgress' | 'onBalance' | 'onStored'>;

export function useQueue(context: QueueContext) {
  const queryClient = useQueryClient();
  const [jobs, setJobs] = useState<Job[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  const contextRef = useRef(context);
  contextRef.current = context;

  const update = useCallback((id: string, patch: Partial<Job>) => {
    setJobs((all) => all.map((job) => (job.id === id ? { ...job, ...patch } : job)));
  }, []);

  const add = useCallback((sources: JobSource[]) => {
    const added = sources.map<Job>((source) => ({
      id: crypto.randomUUID(),
      source,
      originalUrl: source.file && /^image\/(png|jpeg)$/.test(source.file.type) ? URL.createObjectURL(source.file) : null,
      status: 'queued',
      stage: 'Waiting',
      fraction: 0,
    }));
    setJobs((all) => [...added, ...all]);
  }, []);

  const start = useCallback(
    async (job: Job) => {
      const controller = new AbortController();
      controllers.current.set(job.id, controller);
      update(job.id, { status: 'running', stage: 'Starting', startedAt: performance.now() });
      const ctx = contextRef.current;
      try {
        const outcome = await runJob(job.source, {
          ...ctx,
          signal: controller.signal,
          onProgress: (progress) => {
            const [label, start] = STAGES[progress.stage] ?? [progress.stage, 0];
            const within = 'fraction' in progress && progress.fraction !== undefined ? progress.fraction * 0.1 : 0;
            update(job.id, { stage: label, fraction: start + within });
          },
          onBalance: (balance) => recordBalance(queryClient, ctx.apiKey, balance),
          onStored: (where) =>
            void queryClient.invalidateQueries({ queryKey: where === 'server' ? filesKey(ctx.apiKey) : localResultsKey }),
        });
        update(job.id, {
          status: 'done',
          stage: 'Done',
          fraction: 1,
          finishedAt: performance.now(),
          outcome,
          resultUrl: URL.createObjectURL(outcome.blob),
          previewUrl: outcome.preview ? URL.createObjectURL(outcome.preview) : undefined,
        });
      } catch (error) {
        const cancelled = controller.signal.aborted;
        update(job.id, { status: cancelled ? 'cancelled' : 'failed', stage: cancelled ? 'Cancelled' : 'Failed', finishedAt: performance.now(), error: cancelled ? undefined : describeError(error) });
      } finally {
        controllers.current.delete(job.id);
      }
    },
    [queryClient, update],
  );

  // One job at a time: the next queued job starts when none runs.
  useEffect(() => {
    if (jobs.some((job) => job.status === 'running')) return;
    const next = [...jobs].reverse().find((job) => job.status === 'queued');
    if (next) void start(next);
  }, [jobs, start]);

  const cancel = useCallback(
    (id: string) => {
      const controller = controllers.current.get(id);
      if (controller) {
        controller.abort();
        contextRef.current.bridge.cancel();
      } else {
        update(id, { status: 'cancelled', stage: 'Cancelled' });
      }
    },
    [update],
  );

  const clear = useCallback(() => {
    setJobs((all) => {
      for (const job of all) {
        if (job.status === 'running' || job.status === 'queued') continue;
        for (const url of [job.originalUrl, job.resultUrl, job.previewUrl]) if (url) URL.revokeObjectURL(url);
      }
      return all.filter((job) => job.status === 'running' || job.status === 'queued');
    });
  }, []);

  return { jobs, add, cancel, clear };
}
