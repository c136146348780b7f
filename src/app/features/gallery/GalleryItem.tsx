/** One stored result: thumbnail, name (renamed inline), dates, where it is kept, and its actions. */
import { useEffect, useRef, useState, type FormEvent } from 'react';

export interface GalleryEntry {
  key: string;
  name: string;
  thumbnail: string;
  createdAt: string;
  expiresAt: string | null;
  where: 'device' | 'server';
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const formatDate = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
};

interface Props {
  entry: GalleryEntry;
  onRename: (name: string) => void;
  onDelete: () => void;
  onDownload: () => void;
}

export function GalleryItem({ entry, onRename, onDelete, onDownload }: Props) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(entry.name);
  const input = useRef<HTMLInputElement>(null);
  const renameButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (editing) input.current?.select();
  }, [editing]);

  const finish = (save: boolean) => {
    const name = draft.trim();
    if (save && name && name !== entry.name) onRename(name);
    setEditing(false);
    requestAnimationFrame(() => renameButton.current?.focus());
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    finish(true);
  };

  return (
    <li className="gallery-item" aria-label={entry.name}>
      <img className="gallery-item__thumb checkerboard" src={entry.thumbnail} alt="" loading="lazy" />
      <div className="gallery-item__body">
        <p className="gallery-item__name" title={entry.name}>
          {entry.name}
        </p>
        {editing && (
          <form className="gallery-item__rename" onSubmit={submit}>
            <input
              ref={input}
              value={draft}
              maxLength={255}
              aria-label={`New name for ${entry.name}`}
              onChange={(e) => setDraft(e.target.value)}
              onKeyDown={(e) => e.key === 'Escape' && finish(false)}
            />
            <button type="submit" className="button button--primary">
              Save
            </button>
            <button type="button" className="button button--quiet" onClick={() => finish(false)}>
              Cancel
            </button>
          </form>
        )}
        <p className="gallery-item__meta">
          <span className={`badge badge--${entry.where}`}>{entry.where === 'device' ? 'on this device' : 'on the server'}</span>
          <span>
            Created <time dateTime={entry.createdAt}>{formatDate(entry.createdAt)}</time>
          </span>
          <span>{entry.expiresAt ? <>Expires <time dateTime={entry.expiresAt}>{formatDate(entry.expiresAt)}</time></> : entry.where === 'server' ? 'Kept until deleted' : 'Kept in this browser'}</span>
        </p>
        <div className="gallery-item__actions">
          <button type="button" className="button" onClick={onDownload}>
            Download
          </button>
          {!editing && (
            <button
              ref={renameButton}
              type="button"
              className="button"
              onClick={() => {
                setDraft(entry.name);
                setEditing(true);
              }}
            >
              Rename
            </button>
          )}
          <button type="button" className="button button--danger" onClick={onDelete}>
            Delete
          </button>
        </div>
      </div>
    </li>
  );
}
