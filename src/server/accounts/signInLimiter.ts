/**
 * Counts failed sign-ins per account (email) and per client address in a sliding window. While
 * either is over its limit, sign-in answers 429 — even with the right password — so guessing
 * cannot continue. Kept in memory: with several instances each enforces its own window.
 */
export class SignInLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly perAccount = 5,
    private readonly perAddress = 20,
    private readonly windowMs = 15 * 60_000,
  ) {}

  /** Seconds until sign-in is allowed again, or 0 when it is allowed now. */
  retryAfter(email: string, address: string): number {
    const now = Date.now();
    const wait = (key: string, limit: number) => {
      const recent = this.recent(key, now);
      return recent.length >= limit ? Math.ceil((recent[0] + this.windowMs - now) / 1000) : 0;
    };
    return Math.max(wait(`e:${email}`, this.perAccount), wait(`a:${address}`, this.perAddress));
  }

  recordFailure(email: string, address: string) {
    const now = Date.now();
    for (const key of [`e:${email}`, `a:${address}`]) this.failures.set(key, [...this.recent(key, now), now]);
  }

  recordSuccess(email: string) {
    this.failures.delete(`e:${email}`);
  }

  private recent(key: string, now: number): number[] {
    const list = (this.failures.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (list.length === 0) this.failures.delete(key);
    return list;
  }
}
