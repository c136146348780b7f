/** The account's API keys: name, prefix, created, last used; Create (the secret shown once, with Copy) and Revoke (confirmed). */
import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { KeyNameSchema, type ApiKeySummary } from '../../../shared/account';
import { accountKeys, createKey, describeAccountError, revokeKey, useKeys } from '../../api/account';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { when } from './when';

interface Props {
  csrfToken: string;
  apiKey: string;
  onUseKey: (key: string) => void;
  onRevoked: (id: string, prefix: string) => void;
}

function NewKeySecret({ secret, onUse, onDone }: { secret: string; onUse: () => void; onDone: () => void }) {
  const id = useId();
  const [copied, setCopied] = useState<string | null>(null);
  const copy = () =>
    navigator.clipboard.writeText(secret).then(
      () => setCopied('Copied.'),
      () => setCopied('Copying is not allowed here: select the key and copy it.'),
    );
  return (
    <div className="new-key" role="group" aria-labelledby={`${id}-label`}>
      <label id={`${id}-label`} htmlFor={id}>
        New key (shown only now)
      </label>
      <input id={id} type="text" readOnly value={secret} spellCheck={false} onFocus={(e) => e.target.select()} />
      <div className="auth__actions">
        <button type="button" className="button button--primary" onClick={() => void copy()}>
          Copy
        </button>
        <button type="button" className="button" onClick={onUse}>
          Use in this browser
        </button>
        <button type="button" className="button button--quiet" onClick={onDone}>
          Done
        </button>
      </div>
      {copied && <p role="status" className="hint">{copied}</p>}
    </div>
  );
}

function KeyRow({ info, current, onRevoke }: { info: ApiKeySummary; current: boolean; onRevoke: () => void }) {
  return (
    <li className="key-item" aria-label={info.name ?? info.prefix}>
      <div className="key-item__name">
        {info.name ?? 'Unnamed key'} {current && <span className="badge badge--device">this browser</span>}
        {info.revoked_at && <span className="badge badge--server">revoked</span>}
      </div>
      <div className="gallery-item__meta">
        <span>
          Prefix <code>{info.prefix}…</code>
        </span>
        <span>Created {when(info.created_at)}</span>
        <span>Last used {when(info.last_used_at)}</span>
        {info.revoked_at && <span>Revoked {when(info.revoked_at)}</span>}
      </div>
      {!info.revoked_at && (
        <div>
          <button type="button" className="button button--danger" onClick={onRevoke}>
            Revoke
          </button>
        </div>
      )}
    </li>
  );
}

export function KeysSection({ csrfToken, apiKey, onUseKey, onRevoked }: Props) {
  const id = useId();
  const queryClient = useQueryClient();
  const keys = useKeys(true);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<ApiKeySummary | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: accountKeys.keys });

  const create = useMutation({
    mutationFn: (keyName: string) => createKey(csrfToken, keyName),
    onSuccess: ({ key }) => {
      setSecret(key);
      setName('');
    },
    onSettled: refresh,
  });
  const revoke = useMutation({
    mutationFn: (info: ApiKeySummary) => revokeKey(csrfToken, info.id),
    onSuccess: (_, info) => onRevoked(info.id, info.prefix),
    onSettled: refresh,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = KeyNameSchema.safeParse(name);
    setNameError(parsed.success ? null : 'Give the key a name (up to 100 characters), e.g. the program that will use it.');
    if (parsed.success) create.mutate(parsed.data);
  };

  const active = (keys.data ?? []).filter((k) => !k.revoked_at);
  const revoked = (keys.data ?? []).filter((k) => k.revoked_at);
  return (
    <div className="keys">
      <form className="url-form" onSubmit={submit} noValidate>
        <label htmlFor={id}>New key name</label>
        <div className="url-form__row">
          <input id={id} type="text" value={name} maxLength={100} placeholder="e.g. Invoice scanner" aria-invalid={nameError ? true : undefined} onChange={(e) => setName(e.target.value)} />
          <button type="submit" className="button" disabled={create.isPending}>
            Create key
          </button>
        </div>
        {nameError && <p className="field-error">{nameError}</p>}
      </form>
      {secret && <NewKeySecret secret={secret} onUse={() => onUseKey(secret)} onDone={() => setSecret(null)} />}
      {(create.error ?? revoke.error ?? keys.error) && (
        <p className="notice notice--warn" role="alert">
          {describeAccountError(create.error ?? revoke.error ?? keys.error)}
        </p>
      )}
      <ul className="keys__list" aria-label="API keys">
        {[...active, ...revoked].map((info) => (
          <KeyRow key={info.id} info={info} current={apiKey.startsWith(info.prefix) && !info.revoked_at} onRevoke={() => setConfirming(info)} />
        ))}
      </ul>
      {keys.isSuccess && active.length === 0 && <p className="muted">No active keys.</p>}
      {confirming && (
        <ConfirmDialog
          title={`Revoke “${confirming.name ?? confirming.prefix}”?`}
          confirmLabel="Revoke"
          onCancel={() => setConfirming(null)}
          onConfirm={() => {
            revoke.mutate(confirming);
            setConfirming(null);
          }}
        >
          Programs using this key stop working at once{apiKey.startsWith(confirming.prefix) ? ', including this browser' : ''}. This cannot be undone.
        </ConfirmDialog>
      )}
    </div>
  );
}
