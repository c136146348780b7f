/** Every way in: drag-and-drop anywhere, the file picker, paste, and a link. */
import { useState, type FormEvent } from 'react';
import { ACCEPT, skippedMessage, splitAccepted } from './acceptedFiles';
import { usePageDrop } from './usePageDrop';

export interface DocumentSource {
  name: string;
  file?: File;
  url?: string;
}

export function InputPanel({ onDocuments }: { onDocuments: (sources: DocumentSource[]) => void }) {
  const [message, setMessage] = useState<string | null>(null);
  const [url, setUrl] = useState('');

  const takeFiles = (files: Iterable<File>) => {
    const { accepted, rejected } = splitAccepted(files);
    setMessage(skippedMessage(rejected));
    if (accepted.length) onDocuments(accepted.map((file) => ({ name: file.name || `pasted-${Date.now()}.png`, file })));
  };
  const dragging = usePageDrop(takeFiles);

  const submitUrl = (event: FormEvent) => {
    event.preventDefault();
    let parsed: URL;
    try {
      parsed = new URL(url.trim());
    } catch {
      setMessage('Enter a full link, starting with https://');
      return;
    }
    if (!/^https?:$/.test(parsed.protocol)) {
      setMessage('Only http and https links can be processed.');
      return;
    }
    const name = decodeURIComponent(parsed.pathname.split('/').filter(Boolean).pop() ?? '') || parsed.hostname;
    onDocuments([{ name, url: parsed.href }]);
    setUrl('');
    setMessage(null);
  };

  return (
    <section className="panel input" aria-labelledby="input-heading">
      <h2 id="input-heading">Add documents</h2>
      <div className={`dropzone ${dragging ? 'dropzone--active' : ''}`}>
        <p className="dropzone__lead">Drop photos, scans or PDFs anywhere on the page, or paste an image.</p>
        <input id="file-input" className="visually-hidden" type="file" multiple accept={ACCEPT} aria-label="Choose files" onChange={(e) => {
          if (e.target.files) takeFiles(e.target.files);
          e.target.value = '';
        }} />
        <label htmlFor="file-input" className="button button--primary">
          Choose files
        </label>
        <p className="muted small">PNG, JPG or PDF (page one).</p>
      </div>
      <form className="url-form" onSubmit={submitUrl}>
        <label htmlFor="url-input">Link to a document</label>
        <div className="url-form__row">
          <input id="url-input" type="url" inputMode="url" placeholder="https://example.com/scan.jpg" value={url} onChange={(e) => setUrl(e.target.value)} />
          <button type="submit" className="button" disabled={!url.trim()}>
            Add link
          </button>
        </div>
      </form>
      {message && (
        <p className="notice notice--warn" role="alert">
          {message}
        </p>
      )}
      {dragging && (
        <div className="drop-overlay" aria-hidden="true">
          <p>Drop to lift the ink</p>
        </div>
      )}
    </section>
  );
}
