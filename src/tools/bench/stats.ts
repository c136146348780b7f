/** Repeated timing with warm-up: per-stage samples collected over runs, reduced to medians. */
import { median } from '../evalMetrics';

export class StageSamples {
  private readonly samples = new Map<string, number[]>();

  add(stage: string, ms: number): void {
    const list = this.samples.get(stage) ?? [];
    list.push(ms);
    this.samples.set(stage, list);
  }

  addAll(timings: Record<string, number>, prefix = ''): void {
    for (const [stage, ms] of Object.entries(timings)) this.add(`${prefix}${stage}`, ms);
  }

  medians(): Record<string, number> {
    return Object.fromEntries([...this.samples].map(([stage, list]) => [stage, median(list)]));
  }
}

/** Runs `once` warmup + runs times; only the measured runs record into the samples. */
export async function repeat(settings: { warmup: number; runs: number }, once: (samples: StageSamples | null) => Promise<void>): Promise<Record<string, number>> {
  for (let i = 0; i < settings.warmup; i++) await once(null);
  const samples = new StageSamples();
  for (let i = 0; i < settings.runs; i++) await once(samples);
  return samples.medians();
}
