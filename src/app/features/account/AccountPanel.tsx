/** The API key (kept on this device), the demo key the server offers, and the balance after each server call. */
import { useEffect, useId, useState } from 'react';
import type { Balance } from '../../api/client';

interface Props {
  apiKey: string;
  onApiKey: (key: string) => void;
  demoKey: string | null;
  balance: Balance | undefined;
}

export function AccountPanel({ apiKey, onApiKey, demoKey, balance }: Props) {
  const id = useId();
  const [shown, setShown] = useState(false);
  const [draft, setDraft] = useState(apiKey);
  useEffect(() => setDraft(apiKey), [apiKey]);
  const usingDemo = demoKey !== null && apiKey === demoKey;
  return (
    <section className="panel account" aria-labelledby="account-heading">
      <h2 id="account-heading">Account</h2>
      <div className="field">
        <label htmlFor={id}>API key</label>
        <div className="url-form__row">
          <input
            id={id}
            type="text"
            className={shown ? '' : 'masked'}
            autoComplete="off"
            spellCheck={false}
            value={draft}
            placeholder="Paste your key"
            aria-describedby={`${id}-hint`}
            onChange={(e) => setDraft(e.target.value)}
            onBlur={() => draft.trim() !== apiKey && onApiKey(draft.trim())}
            onKeyDown={(e) => e.key === 'Enter' && onApiKey(draft.trim())}
          />
          <button type="button" className="button button--quiet" aria-pressed={shown} onClick={() => setShown(!shown)}>
            {shown ? 'Hide' : 'Show'}
          </button>
        </div>
        <p id={`${id}-hint`} className="hint">
          {usingDemo ? 'Using the demo key this server offers. ' : ''}Kept only on this device; needed for the server and the gallery.
        </p>
        {demoKey !== null && !usingDemo && (
          <button type="button" className="button button--quiet" onClick={() => onApiKey(demoKey)}>
            Use the demo key
          </button>
        )}
      </div>
      <p className="balance" role="status" aria-live="polite">
        Balance:{' '}
        {balance ? (
          <strong>
            {balance.remaining} / {balance.limit} remaining
          </strong>
        ) : (
          <span className="muted">shown after the next server call</span>
        )}
      </p>
    </section>
  );
}
