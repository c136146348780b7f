/** One document through the chosen place: this device (the worker) or the server (/api/clean), with Auto's fallbacks. */
import { CancelledError, type ProcessorBridge } from '../../worker/bridge';
import type { EngineSettings, EngineStatus, Progress } from '../../worker/protocol';
import { cleanOnServer, describeError, type Balance } from '../api/client';
import type { CropPlacement } from '../../shared/api';
import { isOnline } from '../platform/connectivity';
import { saveLocalResult } from '../store/localResults';
import type { CleanChoices, Placement } from '../store/preferences';
import { decidePlacement, deviceFacts, recordDeviceSpeed } from './placement';

export interface JobSource {
  name: string;
  file?: Blob;
  url?: string;
  /** Options for this document only, over the chosen ones (a retry with another option). */
  choices?: Partial<CleanChoices>;
}

/** What the result holds of what was asked; nothingFound: an extraction (signature or stamp) that kept no item. */
export interface JobFound {
  items: number;
  keptInkShare: number;
  nothingFound: boolean;
}

export interface JobOutcome {
  blob: Blob;
  format: 'png' | 'webp';
  where: 'device' | 'server';
  reason: string;
  engine: string;
  /** The decoded input when the original cannot be shown as is (PDF). */
  preview: Blob | null;
  uuid: string | null;
  localId: string | null;
  /** The result's place in the input when cropped (on this device, or as the server's headers say). */
  crop: CropPlacement | null;
  /** True when the result was cropped and its place in the input is unknown. */
  cropUnknown: boolean;
  /** The options this document ran with. */
  choices: CleanChoices;
  /** What was found; null when the server did not say. */
  found: JobFound | null;
  /** With "Straighten page": whether the sheet was found and the result straightened; null when not asked (or the server did not say). */
  straightened: boolean | null;
  /** Processings charged on the server (0 when an extraction found nothing); null on this device, which never charges. */
  charged: number | null;
}

export interface JobContext {
  bridge: ProcessorBridge;
  choices: CleanChoices;
  placement: Placement;
  apiKey: string;
  engineSettings: EngineSettings;
  engineStatus: EngineStatus | null;
  signal: AbortSignal;
  onProgress: (progress: Progress | { stage: 'upload' | 'server' }) => void;
  onBalance: (balance: Balance) => void;
  onEngineStatus: (status: EngineStatus) => void;
  onStored: (where: 'device' | 'server') => void;
}

async function fetchSource(url: string, signal: AbortSignal): Promise<Blob> {
  const response = await fetch(url, { mode: 'cors', signal });
  if (!response.ok) throw new Error(`The link answered HTTP ${response.status}.`);
  return response.blob();
}

/** The options of one document: the chosen ones, with the document's own over them. */
const choicesOf = (source: JobSource, context: JobContext): CleanChoices => ({ ...context.choices, ...source.choices });

async function onDevice(source: JobSource, context: JobContext, reason: string): Promise<JobOutcome> {
  const input = source.file ?? (await fetchSource(source.url ?? '', context.signal));
  const choices = choicesOf(source, context);
  const result = await context.bridge.process(
    {
      input,
      fileName: source.name,
      options: {
        mode: choices.mode,
        extract: choices.extract,
        aggressive: choices.aggressive,
        crop: choices.crop,
        flatten: choices.flatten === true,
        ink: choices.ink ?? 'original',
      },
      format: choices.format,
      engine: context.engineSettings,
    },
    context.onProgress,
  );
  context.onEngineStatus(result.engineStatus);
  const t = result.timings;
  recordDeviceSpeed((t.decode ?? 0) + (t.clean ?? 0) + (t.encode ?? 0), result.width * result.height);
  const localId = crypto.randomUUID();
  const engine = describeEngine(result.engineName, result.engineStatus);
  await saveLocalResult({
    id: localId,
    name: source.name,
    blob: result.output,
    format: result.format,
    width: result.width,
    height: result.height,
    engine,
    createdAt: new Date().toISOString(),
  });
  context.onStored('device');
  // A straightened result's crop lies in the sheet, not in the input: it cannot be placed over the original.
  const crop = result.crop && !result.flattened ? { ...result.crop, sourceWidth: result.sourceWidth, sourceHeight: result.sourceHeight } : null;
  return {
    blob: result.output,
    format: result.format,
    where: 'device',
    reason,
    engine,
    preview: result.preview,
    uuid: null,
    localId,
    crop,
    cropUnknown: false,
    choices,
    found: result.found,
    straightened: choices.flatten === true ? result.flattened : null,
    charged: null,
  };
}

function describeEngine(engineName: string, status: EngineStatus): string {
  return `${engineName} — ${status.note}`;
}

async function onServer(source: JobSource, context: JobContext, reason: string): Promise<JobOutcome> {
  if (!context.apiKey) throw new Error('Processing on the server needs an API key (see Account).');
  const choices = choicesOf(source, context);
  context.onProgress({ stage: 'upload' });
  const result = await cleanOnServer({
    apiKey: context.apiKey,
    file: source.file,
    fileName: source.name,
    params: {
      type: choices.format,
      url: source.file ? undefined : source.url,
      mode: choices.mode,
      extract: choices.extract,
      aggressive: choices.aggressive,
      crop: choices.crop,
      flatten: choices.flatten === true,
      // Sent only when asked: `original` is the server's default.
      ink: choices.ink && choices.ink !== 'original' ? choices.ink : undefined,
      name: source.name.slice(0, 255),
    },
    signal: context.signal,
  });
  if (result.balance) context.onBalance(result.balance);
  context.onStored('server');
  // Nothing found as src/core defines it (src/core/compose/foundInk.ts): an extraction that kept no item.
  const found = result.found ? { ...result.found, nothingFound: choices.extract !== '' && result.found.items === 0 } : null;
  return {
    blob: result.blob,
    format: choices.format,
    where: 'server',
    reason,
    engine: result.engine ?? 'server',
    preview: null,
    uuid: result.uuid,
    localId: null,
    crop: result.crop,
    cropUnknown: choices.crop && result.crop === null,
    choices,
    found,
    straightened: choices.flatten === true ? result.flattened : null,
    charged: result.charged,
  };
}

export async function runJob(source: JobSource, context: JobContext): Promise<JobOutcome> {
  const decision = decidePlacement({
    choice: context.placement,
    hasApiKey: context.apiKey !== '',
    online: isOnline(),
    facts: await deviceFacts(),
    engine: context.engineStatus,
  });
  if (decision.where === 'server') return onServer(source, context, decision.reason);
  try {
    return await onDevice(source, context, decision.reason);
  } catch (error) {
    if (error instanceof CancelledError || context.signal.aborted) throw error;
    if (context.placement !== 'auto' || !context.apiKey || !isOnline()) throw error;
    return onServer(source, context, `Auto: processing on this device failed (${describeError(error)})`);
  }
}
