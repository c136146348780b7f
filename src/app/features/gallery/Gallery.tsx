/** The account's stored files (server) and the results kept on this device, newest first. */
import { useEffect, useMemo, useState } from 'react';
import { useFileChange, useOutboxFailures, useOutboxReplay, useServerFiles } from '../../api/files';
import { describeError } from '../../api/client';
import { saveBlob } from '../../platform/download';
import { useLocalResultChange, useLocalResults } from '../../store/useLocalResults';
import type { LocalResult } from '../../store/localResults';
import { ConfirmDelete } from './ConfirmDelete';
import { GalleryItem, type GalleryEntry } from './GalleryItem';

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** Object URLs for the local results' thumbnails, revoked when the list changes. */
function useLocalThumbnails(results: LocalResult[] | undefined): Map<string, string> {
  const urls = useMemo(() => new Map((results ?? []).map((r) => [r.id, URL.createObjectURL(r.blob)])), [results]);
  useEffect(() => () => urls.forEach((url) => URL.revokeObjectURL(url)), [urls]);
  return urls;
}

type Pending = { entry: GalleryEntry } | null;

export function Gallery({ apiKey }: { apiKey: string }) {
  const key = useDebounced(apiKey, 400);
  const server = useServerFiles(key);
  const { change, message, clearMessage } = useFileChange(key);
  const local = useLocalResults();
  const localChange = useLocalResultChange();
  const thumbnails = useLocalThumbnails(local.data);
  const [pending, setPending] = useState<Pending>(null);
  useOutboxReplay(key);
  const outbox = useOutboxFailures();

  const entries: GalleryEntry[] = [
    ...(local.data ?? []).map<GalleryEntry>((r) => ({ key: `device:${r.id}`, name: r.name, thumbnail: thumbnails.get(r.id) ?? '', createdAt: r.createdAt, expiresAt: null, where: 'device' })),
    ...(server.data?.files ?? []).map<GalleryEntry>((f) => ({ key: `server:${f.uuid}`, name: f.name ?? f.uuid, thumbnail: f.url, createdAt: f.created_at, expiresAt: f.expires_at, where: 'server' })),
  ].sort((a, b) => b.createdAt.localeCompare(a.createdAt));

  const idOf = (entry: GalleryEntry) => entry.key.slice(entry.key.indexOf(':') + 1);
  const rename = (entry: GalleryEntry, name: string) => {
    clearMessage();
    if (entry.where === 'device') localChange.mutate({ kind: 'rename', id: idOf(entry), name });
    else change({ kind: 'rename', uuid: idOf(entry), name, was: entry.name });
  };
  const remove = (entry: GalleryEntry) => {
    clearMessage();
    if (entry.where === 'device') localChange.mutate({ kind: 'delete', id: idOf(entry) });
    else change({ kind: 'delete', uuid: idOf(entry), was: entry.name });
  };
  const download = async (entry: GalleryEntry) => {
    const blob = await fetch(entry.thumbnail).then((r) => r.blob());
    const extension = blob.type === 'image/png' ? 'png' : 'webp';
    saveBlob(blob, /\.(png|webp)$/i.test(entry.name) ? entry.name : `${entry.name.replace(/\.[a-z0-9]{1,5}$/i, '')}.${extension}`);
  };

  return (
    <section className="panel gallery" aria-labelledby="gallery-heading">
      <div className="panel__head">
        <h2 id="gallery-heading">Gallery</h2>
        <div className="panel__tools">
          <button type="button" className="button button--quiet" disabled={!key} onClick={() => void server.refetch()}>
            Refresh
          </button>
        </div>
      </div>
      {server.data?.offline && <p className="notice">Offline: showing the files as last seen{server.data.pending ? `; ${server.data.pending} change(s) will be sent when the connection returns` : ''}.</p>}
      {!key && <p className="muted">Add an API key to see the files stored on the server.</p>}
      {server.isError && <p className="notice notice--warn" role="alert">The server’s files could not be loaded: {describeError(server.error)}</p>}
      {message && <p className="notice notice--warn" role="alert">{message}</p>}
      {outbox.failures.length > 0 && (
        <div className="notice notice--warn" role="alert">
          <ul className="plain-list">
            {outbox.failures.map((failure) => (
              <li key={failure.id}>{failure.sentence}</li>
            ))}
          </ul>
          <button type="button" className="button button--quiet" onClick={outbox.dismiss}>
            Dismiss
          </button>
        </div>
      )}
      {localChange.isError && <p className="notice notice--warn" role="alert">{describeError(localChange.error)}</p>}
      {entries.length === 0 && !server.isLoading && <p className="muted empty">Processed documents appear here.</p>}
      <ul className="gallery__list" aria-label="Gallery">
        {entries.map((entry) => (
          <GalleryItem
            key={entry.key}
            entry={entry}
            onRename={(name) => rename(entry, name)}
            onDelete={() => setPending({ entry })}
            onDownload={() => void download(entry).catch(() => undefined)}
          />
        ))}
      </ul>
      {pending && (
        <ConfirmDelete
          name={pending.entry.name}
          where={pending.entry.where}
          onCancel={() => setPending(null)}
          onConfirm={() => {
            remove(pending.entry);
            setPending(null);
          }}
        />
      )}
    </section>
  );
}
