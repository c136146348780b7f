/** The signed-in account: who, sign out, keys, usage and password (each section folds away). */
import type { Me } from '../../../shared/account';
import { describeAccountError } from '../../api/account';
import { KeysSection } from './KeysSection';
import { PasswordSection } from './PasswordSection';
import { UsageSection } from './UsageSection';

interface Props {
  me: Me;
  apiKey: string;
  usesBrowserKey: boolean;
  onApiKey: (key: string) => void;
  onSignOut: () => void;
  signingOut: boolean;
  signOutError: unknown;
  onKeyRevoked: (id: string, prefix: string) => void;
}

export function SignedIn({ me, apiKey, usesBrowserKey, onApiKey, onSignOut, signingOut, signOutError, onKeyRevoked }: Props) {
  return (
    <div className="session">
      <div className="session__head">
        <p>
          Signed in as <strong className="session__email">{me.email}</strong>
          {usesBrowserKey && <span className="hint"> — this browser uses its own key.</span>}
        </p>
        <button type="button" className="button" disabled={signingOut} onClick={onSignOut}>
          Sign out
        </button>
      </div>
      {signOutError !== null && (
        <p className="notice notice--warn" role="alert">
          {describeAccountError(signOutError)}
        </p>
      )}
      <details className="session__section">
        <summary>API keys</summary>
        <KeysSection csrfToken={me.csrf_token} apiKey={apiKey} onUseKey={onApiKey} onRevoked={onKeyRevoked} />
      </details>
      <details className="session__section">
        <summary>Usage</summary>
        <UsageSection />
      </details>
      <details className="session__section">
        <summary>Change password</summary>
        <PasswordSection csrfToken={me.csrf_token} />
      </details>
    </div>
  );
}
