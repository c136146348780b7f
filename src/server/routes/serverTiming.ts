/**
 * The `Server-Timing` header of /api/clean: where a request's time went on the server, in the order
 * the steps run (upload, account, queue, decode, clean, webp, png, store, db, total). Browsers show it
 * in their network panel; `npm run bench` (target api) reports its medians. Only step names and
 * durations: nothing about the document or the account.
 */
export class ServerTiming {
  private readonly started = performance.now();
  private last = this.started;
  private readonly entries: [string, number][] = [];

  /** Records the time since the previous lap (or the start) under `name`. */
  lap(name: string): void {
    const now = performance.now();
    this.lastLap = now - this.last;
    this.entries.push([name, this.lastLap]);
    this.last = now;
  }

  /** The duration of the latest lap. */
  lastLap = 0;

  /** Records a duration measured elsewhere (e.g. in the processing thread). */
  add(name: string, ms: number): void {
    this.entries.push([name, ms]);
  }

  header(): string {
    const entries = [...this.entries, ['total', performance.now() - this.started] as [string, number]];
    return entries.map(([name, ms]) => `${name};dur=${ms.toFixed(1)}`).join(', ');
  }
}

/** `name;dur=12.3, other;dur=4` → {name: 12.3, other: 4}. */
export function parseServerTiming(header: string | null): Record<string, number> {
  const stages: Record<string, number> = {};
  for (const entry of (header ?? '').split(',')) {
    const [name, ...params] = entry.trim().split(';');
    const dur = params.map((p) => /^\s*dur=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (name && dur !== undefined) stages[name] = Number(dur);
  }
  return stages;
}
