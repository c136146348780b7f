import type { Account } from '../db/accounts';

/**
 * API key (its hash) → account for a moment, so a burst of calls with one key costs one database
 * lookup instead of one per request: on the embedded database that lookup was about 40% of the
 * cost of a `GET /api/files`.
 *
 * Revocation stays immediate where the cache is on by default: on the embedded database this
 * process is the only writer (the folder lock keeps the CLI out while the server runs), and a
 * revocation through this process clears the cache. A lookup that was already under way when the
 * cache was cleared does not store its (possibly stale) answer. With DATABASE_URL other instances
 * revoke too, so the cache is off there unless INKLIFT_KEY_CACHE_MS is set, in which case a
 * revocation made elsewhere takes effect here within that time.
 *
 * Only hits are kept: an unknown or revoked key is looked up every time. The cached balance may be
 * old: routes that report or gate on the balance read it fresh, and the charge is an atomic update.
 */
export class KeyCache {
  private readonly entries = new Map<string, { account: Account; until: number }>();
  private clears = 0;

  constructor(
    readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  /** Taken before a lookup and handed to `set`, so an answer older than the last `clear` is dropped. */
  get generation(): number {
    return this.clears;
  }

  get(keyHash: string, now = Date.now()): Account | undefined {
    const entry = this.entries.get(keyHash);
    if (!entry) return undefined;
    if (entry.until <= now) {
      this.entries.delete(keyHash);
      return undefined;
    }
    return entry.account;
  }

  set(keyHash: string, account: Account, generation: number, now = Date.now()): void {
    if (this.ttlMs <= 0 || generation !== this.clears) return;
    // Map keeps insertion order: dropping the oldest entry bounds memory under many distinct keys.
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(keyHash, { account, until: now + this.ttlMs });
  }

  /** After any revocation: every key is looked up again. */
  clear(): void {
    this.clears++;
    this.entries.clear();
  }
}
