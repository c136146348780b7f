/** One document of the batch: progress while it runs, then where it was processed, the comparison and its actions. */
import { useEffect, useState } from 'react';
import type { JobSource } from '../../processing/runJob';
import { CompareView } from './CompareView';
import { convertImage, copyImage, resultFileName, saveBlob } from './imageFiles';
import { MostInkRemoved } from './MostInkRemoved';
import { NothingFound } from './NothingFound';
import type { Job } from './useQueue';

function useElapsed(job: Job): number | null {
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    if (job.status !== 'running') return;
    const timer = setInterval(() => setNow(performance.now()), 250);
    return () => clearInterval(timer);
  }, [job.status]);
  if (job.startedAt === undefined) return null;
  return (job.finishedAt ?? now) - job.startedAt;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

interface Props {
  job: Job;
  onCancel: (id: string) => void;
  /** Runs a document again (with the options its source carries). */
  onRetry: (source: JobSource) => void;
}

export function ResultItem({ job, onCancel, onRetry }: Props) {
  const elapsed = useElapsed(job);
  const [notice, setNotice] = useState<string | null>(null);
  const [showEmpty, setShowEmpty] = useState(false);
  const { outcome } = job;
  const name = job.source.name;
  const otherFormat = outcome?.format === 'png' ? 'webp' : 'png';
  // An extraction that kept nothing is said in words; its (empty) image only on request.
  const nothingFound = outcome?.found?.nothingFound === true;

  const act = async (what: () => Promise<void>, done?: string) => {
    try {
      await what();
      if (done) setNotice(done);
    } catch (error) {
      setNotice((error as Error).message);
    }
  };

  const resultView = outcome && job.resultUrl && (
    <>
      {/* A straightened sheet no longer lines up with the photo: shown without the before/after slider. */}
      <CompareView name={name} before={outcome.cropUnknown || outcome.straightened === true ? null : (job.previewUrl ?? job.originalUrl)} after={job.resultUrl} crop={outcome.crop} />
      {outcome.straightened === false && (
        <p className="muted" role="status" data-testid="not-straightened">
          No sheet edge found in this image, so it was not straightened: the result is as photographed.
        </p>
      )}
      <div className="result__actions">
        <button type="button" className="button button--primary" onClick={() => saveBlob(outcome.blob, resultFileName(name, outcome.format))}>
          Download
        </button>
        <button
          type="button"
          className="button"
          onClick={() => act(async () => saveBlob(await convertImage(outcome.blob, otherFormat), resultFileName(name, otherFormat)))}
        >
          Save as {otherFormat === "webp" ? "WebP" : "PNG"}
        </button>
        <button type="button" className="button" onClick={() => act(() => copyImage(outcome.blob), 'Copied to the clipboard.')}>
          Copy
        </button>
        {notice && (
          <span className="muted" role="status">
            {notice}
          </span>
        )}
      </div>
    </>
  );

  return (
    <li className={`result result--${job.status}`} aria-label={name}>
      <div className="result__head">
        <span className="result__name" title={name}>
          {name}
        </span>
        <span className="result__status">
          {job.status === 'done' ? (nothingFound ? 'Nothing found' : 'Done') : job.stage}
          {elapsed !== null && ` · ${seconds(elapsed)}`}
        </span>
      </div>
      {(job.status === 'running' || job.status === 'queued') && (
        <div className="result__progress">
          <progress max={1} value={job.status === 'running' ? job.fraction : undefined} aria-label={`Progress of ${name}`} />
          <button type="button" className="button button--quiet" onClick={() => onCancel(job.id)}>
            Cancel
          </button>
        </div>
      )}
      {job.status === 'failed' && (
        <p className="result__error" role="alert">
          {job.error}
        </p>
      )}
      {outcome && job.resultUrl && (
        <>
          <p className="result__where">
            Processed <strong>{outcome.where === 'device' ? 'on this device' : 'on the server'}</strong>
            {elapsed !== null && ` in ${seconds(elapsed)}`} — {outcome.reason}.{' '}
            <span className="muted">Engine: {outcome.engine}</span>
          </p>
          {nothingFound ? (
            <>
              <NothingFound outcome={outcome} source={job.source} onRetry={onRetry} />
              {/* Rendered only when open: a closed details still lays out what it holds. */}
              <details className="result__empty" onToggle={(e) => setShowEmpty(e.currentTarget.open)}>
                <summary>Show the empty result</summary>
                {showEmpty && resultView}
              </details>
            </>
          ) : (
            <>
              <MostInkRemoved outcome={outcome} source={job.source} onRetry={onRetry} />
              {resultView}
            </>
          )}
        </>
      )}
    </li>
  );
}
