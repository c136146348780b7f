/** What the user chose, kept on this device (localStorage): options, output format, where to process, API key. */
import { useCallback, useSyncExternalStore } from 'react';
import { HEX_INK, NAMED_INKS, type CleanParamsInput, type InkChoice } from '../../shared/api';

export type CleanMode = NonNullable<CleanParamsInput['mode']>;
export type ExtractTarget = NonNullable<CleanParamsInput['extract']>;
export type OutputFormat = 'png' | 'webp';
export type Placement = 'auto' | 'device' | 'server';

export interface CleanChoices {
  mode: CleanMode;
  extract: ExtractTarget;
  aggressive: boolean;
  crop: boolean;
  /** Straighten the sheet of a photo to a rectangle (absent in choices stored before it existed: off). */
  flatten?: boolean;
  /** The kept ink's colour: original, black, blue (document blue) or #rrggbb (absent in choices stored before it existed: original). */
  ink?: InkChoice;
  format: OutputFormat;
}

export const DEFAULT_CHOICES: CleanChoices = { mode: 'standard', extract: '', aggressive: false, crop: false, flatten: false, ink: 'original', format: 'png' };

const KEYS = { choices: 'inklift.choices', placement: 'inklift.placement', apiKey: 'inklift.apiKey', browserKey: 'inklift.browserKey', signedIn: 'inklift.signedIn' } as const;
const listeners = new Set<() => void>();
const cache = new Map<string, unknown>();

function read<T>(key: string, fallback: T, valid: (value: unknown) => boolean): T {
  if (cache.has(key)) return cache.get(key) as T;
  let value = fallback;
  try {
    const raw = localStorage.getItem(key);
    if (raw !== null) {
      const parsed: unknown = JSON.parse(raw);
      if (valid(parsed)) value = parsed as T;
    }
  } catch {
    // Unreadable storage: the defaults apply.
  }
  cache.set(key, value);
  return value;
}

function write(key: string, value: unknown) {
  cache.set(key, value);
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Private mode or full storage: the choice lasts this visit.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function useStored<T>(key: string, fallback: T, valid: (value: unknown) => boolean): [T, (value: T) => void] {
  const value = useSyncExternalStore(subscribe, () => read(key, fallback, valid));
  const set = useCallback((next: T) => write(key, next), [key]);
  return [value, set];
}

const isChoices = (v: unknown): boolean =>
  typeof v === 'object' && v !== null && ['basic', 'standard', 'advanced'].includes((v as CleanChoices).mode) &&
  ['', 'signature', 'stamp'].includes((v as CleanChoices).extract) && ['png', 'webp'].includes((v as CleanChoices).format) &&
  isInk((v as CleanChoices).ink);

const isInk = (ink: unknown): boolean =>
  ink === undefined || (typeof ink === 'string' && ((NAMED_INKS as readonly string[]).includes(ink) || (ink.startsWith('#') && HEX_INK.test(ink))));

export const useCleanChoices = () => useStored<CleanChoices>(KEYS.choices, DEFAULT_CHOICES, isChoices);
export const usePlacement = () => useStored<Placement>(KEYS.placement, 'auto', (v) => v === 'auto' || v === 'device' || v === 'server');
export const useApiKey = () => useStored<string>(KEYS.apiKey, '', (v) => typeof v === 'string');

/** The key the app created for this browser at sign-in (its secret is the stored API key). */
export interface BrowserKey {
  id: string;
  prefix: string;
  email: string;
}
const isBrowserKey = (v: unknown): boolean =>
  v === null || (typeof v === 'object' && typeof (v as BrowserKey).id === 'string' && typeof (v as BrowserKey).prefix === 'string' && typeof (v as BrowserKey).email === 'string');
export const useBrowserKey = () => useStored<BrowserKey | null>(KEYS.browserKey, null, isBrowserKey);

/** The key for code outside React (the API client). */
export function currentApiKey(): string {
  return read<string>(KEYS.apiKey, '', (v) => typeof v === 'string');
}

export function setApiKey(key: string) {
  write(KEYS.apiKey, key);
}

/** The email of the session this browser signed in with, if any: the session cookie itself is HttpOnly, so this says whether asking /account/me is worth it. */
export const useSignedInHint = () => useStored<string | null>(KEYS.signedIn, null, (v) => v === null || typeof v === 'string');
