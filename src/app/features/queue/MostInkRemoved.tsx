/**
 * Standard and Advanced remove printed text and form lines (the specification's "unneeded elements").
 * On a page that is mostly print — an article, a typed form — that is most of its ink, and the
 * result looks almost empty. Said in words, with the way to keep everything one click away.
 */
import type { JobOutcome, JobSource } from '../../processing/runJob';

/** Below this share of the page's ink kept, the note is shown. */
const LITTLE_KEPT = 0.25;
const MODE_NAME = { standard: 'Standard', advanced: 'Advanced' } as const;

interface Props {
  outcome: JobOutcome;
  source: JobSource;
  onRetry: (source: JobSource) => void;
}

export function MostInkRemoved({ outcome, source, onRetry }: Props) {
  const { choices, found } = outcome;
  if (!found || choices.extract !== '' || choices.mode === 'basic' || found.keptInkShare >= LITTLE_KEPT) return null;
  const mode = MODE_NAME[choices.mode];
  const percent = Math.round(found.keptInkShare * 100);
  return (
    <div className="result__note" data-testid="most-ink-removed">
      <p role="status">
        {found.keptInkShare === 0 && found.items === 0
          ? `${mode} mode kept no ink here: it removes printed text and form lines, and keeps handwriting and stamps.`
          : `${mode} mode removed the printed text and form lines: ${percent < 1 ? 'under 1' : percent} % of the page’s ink is kept.`}
      </p>
      <div className="result__actions">
        <button type="button" className="button" onClick={() => onRetry({ ...source, choices: { ...source.choices, mode: 'basic' } })}>
          Keep all ink (Basic)
        </button>
      </div>
    </div>
  );
}
