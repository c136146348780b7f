/**
 * Where a document is processed. "This device" and "Server" are obeyed; Auto decides:
 *
 * Auto → the server (with a stated reason) when an API key is set, the browser is online and
 *   - the device is weak: simulated (?simulateWeakDevice=1), or a single CPU core without a usable
 *     WebGPU adapter, or navigator.deviceMemory < 2 GiB, or
 *   - the calibration is too slow: the device's measured speed (from its earlier runs, kept in
 *     localStorage) is above SLOW_MS_PER_MEGAPIXEL, or
 *   - the ink model is deployed but failed to load on this device.
 * Auto → this device otherwise (a 2-core machine without GPU, like our CI, stays on the device),
 *   and always without an API key or offline. When processing on the device fails, Auto retries
 *   on the server.
 */
import type { EngineStatus } from '../../worker/protocol';
import type { Placement } from '../store/preferences';
import { testSwitch } from './testSwitches';

export const SLOW_MS_PER_MEGAPIXEL = 20_000;
const MIN_CORES = 2;
const MIN_MEMORY_GIB = 2;
const SPEED_KEY = 'inklift.deviceMsPerMegapixel';

export interface PlacementDecision {
  where: 'device' | 'server';
  reason: string;
}

export interface DeviceFacts {
  cores: number;
  memoryGiB: number | undefined;
  usableGpu: boolean;
  msPerMegapixel: number | undefined;
  simulatedWeak: boolean;
}

let gpuProbe: Promise<boolean> | null = null;
/** A real (non-fallback) WebGPU adapter exists. */
export function hasUsableGpu(): Promise<boolean> {
  gpuProbe ??= (async () => {
    const gpu = (navigator as Navigator & { gpu?: { requestAdapter(): Promise<{ info?: { isFallbackAdapter?: boolean }; isFallbackAdapter?: boolean } | null> } }).gpu;
    if (!gpu) return false;
    const adapter = await gpu.requestAdapter().catch(() => null);
    return Boolean(adapter) && !(adapter?.info?.isFallbackAdapter ?? adapter?.isFallbackAdapter);
  })();
  return gpuProbe;
}

export async function deviceFacts(): Promise<DeviceFacts> {
  const stored = Number(localStorage.getItem(SPEED_KEY));
  return {
    cores: navigator.hardwareConcurrency || 1,
    memoryGiB: navigator.deviceMemory,
    usableGpu: await hasUsableGpu(),
    msPerMegapixel: Number.isFinite(stored) && stored > 0 ? stored : undefined,
    simulatedWeak: testSwitch('simulateWeakDevice'),
  };
}

/** Why this device is too weak for Auto, or null when it is fine. */
export function weakness(facts: DeviceFacts): string | null {
  if (facts.simulatedWeak) return 'weak device (simulated)';
  if (facts.cores < MIN_CORES && !facts.usableGpu) return `weak device (${facts.cores} CPU core, no GPU)`;
  if (facts.memoryGiB !== undefined && facts.memoryGiB < MIN_MEMORY_GIB) return `weak device (${facts.memoryGiB} GiB memory)`;
  if (facts.msPerMegapixel !== undefined && facts.msPerMegapixel > SLOW_MS_PER_MEGAPIXEL) {
    return `this device is slow (${(facts.msPerMegapixel / 1000).toFixed(1)} s per megapixel)`;
  }
  return null;
}

export interface PlacementContext {
  choice: Placement;
  hasApiKey: boolean;
  online: boolean;
  facts: DeviceFacts;
  engine: EngineStatus | null;
}

export function decidePlacement({ choice, hasApiKey, online, facts, engine }: PlacementContext): PlacementDecision {
  if (choice === 'device') return { where: 'device', reason: 'you chose this device' };
  if (choice === 'server') return { where: 'server', reason: 'you chose the server' };
  if (!hasApiKey) return { where: 'device', reason: 'Auto: no API key for the server' };
  if (!online) return { where: 'device', reason: 'Auto: offline' };
  const weak = weakness(facts);
  if (weak) return { where: 'server', reason: `Auto: ${weak}` };
  if (engine?.kind === 'classical' && engine.reason === 'load-failed') return { where: 'server', reason: 'Auto: the ink model failed to load on this device' };
  return { where: 'device', reason: 'Auto: this device is capable' };
}

/** Calibration from real runs (decode + clean + encode, engine start-up excluded): a running average of the time per megapixel. */
export function recordDeviceSpeed(ms: number, pixels: number) {
  if (pixels < 250_000) return; // Small images measure fixed costs, not speed.
  const sample = ms / (pixels / 1_000_000);
  const previous = Number(localStorage.getItem(SPEED_KEY));
  const next = Number.isFinite(previous) && previous > 0 ? previous * 0.7 + sample * 0.3 : sample;
  try {
    localStorage.setItem(SPEED_KEY, String(Math.round(next)));
  } catch {
    // Not remembered: Auto decides from the hardware alone.
  }
}

