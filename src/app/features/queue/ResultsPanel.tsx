/** The batch: every document with its progress and result, saving all as one ZIP, clearing finished ones. */
import { useState } from 'react';
import type { JobSource } from '../../processing/runJob';
import type { EngineState } from '../../processing/useEngine';
import { resultFileName, saveBlob } from './imageFiles';
import { ResultItem } from './ResultItem';
import type { Job } from './useQueue';
import { zipFiles } from './zip';

interface Props {
  jobs: Job[];
  engine: EngineState;
  onCancel: (id: string) => void;
  onClear: () => void;
  /** Queues a document again (a retry with other options after nothing was found). */
  onRetry: (source: JobSource) => void;
}

function EngineNote({ engine }: { engine: EngineState }) {
  if (engine.download) {
    const { loaded, total } = engine.download;
    return (
      <p className="engine-note" role="status">
        Downloading the ink model… {total ? `${Math.round((loaded / total) * 100)}%` : `${(loaded / 1e6).toFixed(1)} MB`}
        <progress max={total || undefined} value={total ? loaded : undefined} aria-label="Model download" />
      </p>
    );
  }
  if (!engine.status) return null;
  return (
    <p className={`engine-note ${engine.status.kind === 'classical' ? 'engine-note--warn' : ''}`} role="status">
      {engine.status.note}
    </p>
  );
}

export function ResultsPanel({ jobs, engine, onCancel, onClear, onRetry }: Props) {
  const [zipping, setZipping] = useState(false);
  const finished = jobs.filter((job) => job.status === 'done' && job.outcome);
  const saveZip = async () => {
    setZipping(true);
    try {
      const entries = finished.map((job) => ({ name: resultFileName(job.source.name, job.outcome!.format), blob: job.outcome!.blob }));
      saveBlob(await zipFiles(entries), `inklift-${new Date().toISOString().slice(0, 10)}.zip`);
    } finally {
      setZipping(false);
    }
  };
  return (
    <section className="panel results" aria-labelledby="results-heading">
      <div className="panel__head">
        <h2 id="results-heading">Results</h2>
        <div className="panel__tools">
          <button type="button" className="button" disabled={finished.length === 0 || zipping} onClick={saveZip}>
            Save all as ZIP
          </button>
          <button type="button" className="button button--quiet" disabled={jobs.every((j) => j.status === 'running' || j.status === 'queued')} onClick={onClear}>
            Clear finished
          </button>
        </div>
      </div>
      <EngineNote engine={engine} />
      {jobs.length === 0 && <p className="muted empty">Drop documents anywhere on the page, choose files, paste an image or give a link.</p>}
      <ul className="results__list" aria-label="Results">
        {jobs.map((job) => (
          <ResultItem key={job.id} job={job} onCancel={onCancel} onRetry={onRetry} />
        ))}
      </ul>
    </section>
  );
}
