/**
 * Whether the server is reachable. navigator.onLine alone is not enough (it says "online" behind a
 * dead link, and emulated offline pages may still report true), so failed and successful API calls
 * update it too; while offline, a light probe (/api/app-config) notices the connection's return.
 */
const PROBE_INTERVAL_MS = 5_000;
const listeners = new Set<() => void>();
let reachable = typeof navigator === 'undefined' ? true : navigator.onLine;
let probeTimer: ReturnType<typeof setInterval> | undefined;

function set(next: boolean) {
  if (next === reachable) return;
  reachable = next;
  if (reachable) {
    clearInterval(probeTimer);
    probeTimer = undefined;
  } else {
    probeTimer ??= setInterval(probe, PROBE_INTERVAL_MS);
  }
  for (const listener of listeners) listener();
}

async function probe() {
  try {
    const response = await fetch('/api/app-config', { cache: 'no-store' });
    set(response.ok || response.status < 500);
  } catch {
    set(false);
  }
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => void probe());
  window.addEventListener('offline', () => set(false));
}

export function isOnline(): boolean {
  return reachable;
}

export function reportNetworkFailure() {
  set(false);
}

export function reportNetworkSuccess() {
  set(true);
}

export function subscribeConnectivity(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
