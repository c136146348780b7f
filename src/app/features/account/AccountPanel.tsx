/**
 * Account: sign up / sign in (the browser then gets its own key), the signed-in account's keys,
 * usage and password; the manual API key field (kept on this device; the server's demo key is
 * filled in automatically) and the key's balance, shown as soon as a key is set.
 */
import { useEffect, useId, useState } from 'react';
import type { BalanceState } from '../../api/balance';
import { describeAccountError } from '../../api/account';
import { AuthForm } from './AuthForm';
import { SignedIn } from './SignedIn';
import { useSession } from './useSession';

interface Props {
  apiKey: string;
  onApiKey: (key: string) => void;
  demoKey: string | null;
  balance: BalanceState;
}

function ApiKeyField({ apiKey, onApiKey, demoKey }: Omit<Props, 'balance'>) {
  const id = useId();
  const [shown, setShown] = useState(false);
  const [draft, setDraft] = useState(apiKey);
  useEffect(() => setDraft(apiKey), [apiKey]);
  const usingDemo = demoKey !== null && apiKey === demoKey;
  return (
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
  );
}

function BalanceLine({ apiKey, balance: { balance, problem } }: Pick<Props, 'apiKey' | 'balance'>) {
  let content;
  if (balance) {
    content = (
      <strong>
        {balance.remaining} / {balance.limit} remaining
      </strong>
    );
  } else if (!apiKey) content = <span className="muted">no API key set</span>;
  else content = <span className="muted">{problem ?? 'checking…'}</span>;
  return (
    <p className="balance" role="status" aria-live="polite">
      Balance: {content}
    </p>
  );
}

export function AccountPanel({ apiKey, onApiKey, demoKey, balance }: Props) {
  const session = useSession(apiKey, onApiKey);
  const me = session.me.data;
  return (
    <section className="panel account" aria-labelledby="account-heading">
      <h2 id="account-heading">Account</h2>
      <BalanceLine apiKey={apiKey} balance={balance} />
      {me ? (
        <SignedIn
          me={me}
          apiKey={apiKey}
          usesBrowserKey={session.usesBrowserKey}
          onApiKey={onApiKey}
          onSignOut={() => session.leave.mutate()}
          signingOut={session.leave.isPending}
          signOutError={session.leave.error}
          onKeyRevoked={session.keyRevoked}
        />
      ) : session.signedIn && session.me.isError ? (
        <p className="notice notice--warn">The account service could not be reached: {describeAccountError(session.me.error)}</p>
      ) : (
        !session.signedIn && <AuthForm onSubmit={(credentials) => session.enter.mutate(credentials)} pending={session.enter.isPending} error={session.enter.error} />
      )}
      <ApiKeyField apiKey={apiKey} onApiKey={onApiKey} demoKey={demoKey} />
    </section>
  );
}
