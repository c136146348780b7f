/** An extraction that found nothing: said in words, with the options that may find the ink, instead of an empty image shown as a success. */
import type { JobOutcome, JobSource } from '../../processing/runJob';
import type { CleanChoices } from '../../store/preferences';

const ELEMENT = { signature: 'signature', stamp: 'stamp' } as const;

interface Props {
  outcome: JobOutcome;
  source: JobSource;
  /** Runs the document again with these options changed (for it only). */
  onRetry: (source: JobSource) => void;
}

export function NothingFound({ outcome, source, onRetry }: Props) {
  const { choices } = outcome;
  if (choices.extract === '') return null;
  const element = ELEMENT[choices.extract];
  const other = choices.extract === 'signature' ? 'stamp' : 'signature';
  const retry = (change: Partial<CleanChoices>) => onRetry({ ...source, choices: { ...source.choices, ...change } });
  const charge = outcome.where === 'server' ? (outcome.charged === 0 ? ' This processing was not charged.' : '') : '';
  return (
    <div className="result__nothing">
      <p role="status">
        <strong>No {element} found</strong> — no ink the size of a {element} was kept on this page.{charge}
      </p>
      <p className="muted small">Try again with other options:</p>
      <div className="result__actions">
        <button type="button" className="button button--primary" onClick={() => retry({ extract: '', mode: 'basic' })}>
          Keep all ink instead
        </button>
        {choices.aggressive && (
          <button type="button" className="button" onClick={() => retry({ aggressive: false })}>
            Without aggressive text removal
          </button>
        )}
        <button type="button" className="button" onClick={() => retry({ extract: other })}>
          Look for a {other} instead
        </button>
      </div>
    </div>
  );
}
