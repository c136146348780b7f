/**
 * The account's stored files (GET /api/files) with react-query: optimistic rename/delete that roll
 * back with a message on error, and an IndexedDB outbox for changes made while offline, replayed
 * when the connection returns. The last list is cached in IndexedDB so the gallery works offline.
 */
import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { OutboxEntry } from '../store/outbox';
import type { FileRecord } from '../../shared/api';
import { applyOutbox, cacheServerFiles, cachedServerFiles, enqueue, listOutbox, removeFromOutbox } from '../store/outbox';
import { isOnline, subscribeConnectivity } from '../platform/connectivity';
import { ApiError, deleteFile, describeError, listFiles, NetworkError, renameFile } from './client';

export const filesKey = (apiKey: string) => ['files', apiKey] as const;

export interface ServerFiles {
  files: FileRecord[];
  /** True when the list comes from this device's copy because the server is unreachable. */
  offline: boolean;
  pending: number;
}

async function loadFiles(apiKey: string, signal: AbortSignal): Promise<ServerFiles> {
  const outbox = await listOutbox();
  try {
    const files = await listFiles(apiKey, signal);
    await cacheServerFiles(apiKey, files);
    return { files: applyOutbox(files, outbox), offline: false, pending: outbox.length };
  } catch (error) {
    if (!(error instanceof NetworkError)) throw error;
    const cached = await cachedServerFiles(apiKey);
    if (!cached) throw error;
    return { files: applyOutbox(cached, outbox), offline: true, pending: outbox.length };
  }
}

export function useServerFiles(apiKey: string) {
  return useQuery({
    queryKey: filesKey(apiKey),
    queryFn: ({ signal }) => loadFiles(apiKey, signal),
    enabled: apiKey !== '',
    networkMode: 'always',
    retry: (count, error) => !(error instanceof ApiError) && count < 1,
  });
}

/** `was`: the name shown when the change was made. */
type Change = { kind: 'rename'; uuid: string; name: string; was?: string } | { kind: 'delete'; uuid: string; was?: string };

function applyChange(files: FileRecord[], change: Change): FileRecord[] {
  return change.kind === 'delete' ? files.filter((f) => f.uuid !== change.uuid) : files.map((f) => (f.uuid === change.uuid ? { ...f, name: change.name } : f));
}

async function sendChange(apiKey: string, change: Change) {
  if (change.kind === 'rename') await renameFile(apiKey, { uuid: change.uuid, name: change.name });
  else await deleteFile(apiKey, { uuid: change.uuid });
}

/** Sends a change now, or queues it in the outbox when offline. Resolves to "queued" or "sent". */
async function sendOrQueue(apiKey: string, change: Change): Promise<'sent' | 'queued'> {
  if (isOnline()) {
    try {
      await sendChange(apiKey, change);
      return 'sent';
    } catch (error) {
      if (!(error instanceof NetworkError)) throw error;
    }
  }
  await enqueue(change);
  return 'queued';
}

/** Rename or delete with an optimistic update; `message` says what happened, including a rollback. */
export function useFileChange(apiKey: string) {
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<string | null>(null);
  const mutation = useMutation({
    networkMode: 'always',
    mutationFn: (change: Change) => sendOrQueue(apiKey, change),
    onMutate: async (change) => {
      setMessage(null);
      await queryClient.cancelQueries({ queryKey: filesKey(apiKey) });
      const previous = queryClient.getQueryData<ServerFiles>(filesKey(apiKey));
      if (previous) queryClient.setQueryData<ServerFiles>(filesKey(apiKey), { ...previous, files: applyChange(previous.files, change) });
      return { previous };
    },
    onError: (error, change, context) => {
      if (context?.previous) queryClient.setQueryData(filesKey(apiKey), context.previous);
      const what = change.kind === 'rename' ? 'Rename' : 'Delete';
      setMessage(`${what} failed and was undone: ${describeError(error)}`);
    },
    onSuccess: (outcome, change) => {
      if (outcome === 'queued') setMessage(`Offline: the ${change.kind} is saved on this device and will be sent when the connection returns.`);
    },
    onSettled: (outcome) => {
      if (outcome !== 'queued') void queryClient.invalidateQueries({ queryKey: filesKey(apiKey) });
    },
  });
  return { change: mutation.mutate, message, clearMessage: () => setMessage(null) };
}

let replaying: Promise<number> | null = null;

/** Sends the outbox in order (one replay at a time); stops at the first network failure. Returns how many were sent. */
export function replayOutbox(queryClient: QueryClient, apiKey: string): Promise<number> {
  replaying ??= sendOutbox(queryClient, apiKey).finally(() => {
    replaying = null;
  });
  return replaying;
}

const outboxFailuresKey = ['outbox-failures'] as const;

/** A change made offline that the server refused when it was sent (404: the file is gone; 422: invalid). */
export interface OutboxFailure {
  id: string;
  sentence: string;
}

function describeQueued(entry: OutboxEntry, known: FileRecord[] | undefined): string {
  const name = `“${entry.was ?? known?.find((f) => f.uuid === entry.uuid)?.name ?? entry.uuid}”`;
  return entry.kind === 'rename' ? `Renaming ${name} to “${entry.name}”` : `Deleting ${name}`;
}

const isFinalRefusal = (status: number) => status >= 400 && status < 500 && ![401, 403, 408, 429].includes(status);

async function sendOutbox(queryClient: QueryClient, apiKey: string): Promise<number> {
  let sent = 0;
  const failures: OutboxFailure[] = [];
  const known = await cachedServerFiles(apiKey);
  for (const entry of await listOutbox()) {
    try {
      await sendChange(apiKey, entry.kind === 'rename' ? { kind: 'rename', uuid: entry.uuid, name: entry.name } : { kind: 'delete', uuid: entry.uuid });
    } catch (error) {
      // Unreachable again, the key refused (401/403) or the server busy (429/5xx): keep it queued for the next replay.
      if (!(error instanceof ApiError) || !isFinalRefusal(error.status)) break;
      // 404/422: the file is gone or the change is invalid; it cannot succeed later either, so it leaves the outbox — and the person is told.
      failures.push({ id: `${entry.id ?? entry.uuid}-${entry.queuedAt}`, sentence: `${describeQueued(entry, known)} (made offline) could not be applied: ${describeError(error)}` });
    }
    if (entry.id !== undefined) await removeFromOutbox(entry.id);
    sent++;
  }
  if (failures.length > 0) queryClient.setQueryData<OutboxFailure[]>(outboxFailuresKey, (old) => [...(old ?? []), ...failures]);
  if (sent > 0) await queryClient.invalidateQueries({ queryKey: filesKey(apiKey) });
  return sent;
}

/** Offline changes the server refused on replay, until the person dismisses them. */
export function useOutboxFailures() {
  const queryClient = useQueryClient();
  const failures = useQuery<OutboxFailure[]>({ queryKey: outboxFailuresKey, queryFn: () => [], enabled: false, staleTime: Infinity, gcTime: Infinity }).data ?? [];
  return { failures, dismiss: () => queryClient.setQueryData<OutboxFailure[]>(outboxFailuresKey, []) };
}

/** Replays the outbox on load and whenever the server becomes reachable again. */
export function useOutboxReplay(apiKey: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!apiKey) return;
    let wasOnline = isOnline();
    const replay = () => void replayOutbox(queryClient, apiKey);
    if (wasOnline) replay();
    return subscribeConnectivity(() => {
      const online = isOnline();
      if (online && !wasOnline) replay();
      wasOnline = online;
    });
  }, [apiKey, queryClient]);
}
