/** Change the password (the current one is asked again); other sessions are signed out by the server. */
import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ChangePasswordSchema } from '../../../shared/account';
import { changePassword, describeAccountError } from '../../api/account';

export function PasswordSection({ csrfToken }: { csrfToken: string }) {
  const id = useId();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: () => changePassword(csrfToken, current, next),
    onSuccess: () => {
      setCurrent('');
      setNext('');
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ChangePasswordSchema.safeParse({ current, next });
    setProblem(parsed.success ? null : current ? 'The new password needs at least 10 characters.' : 'Enter your current password.');
    if (parsed.success) change.mutate();
  };
  return (
    <form className="auth" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={`${id}-current`}>Current password</label>
        <input id={`${id}-current`} type="password" autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-next`}>New password</label>
        <input id={`${id}-next`} type="password" autoComplete="new-password" value={next} aria-describedby={`${id}-hint`} onChange={(e) => setNext(e.target.value)} />
        <p id={`${id}-hint`} className="hint">
          At least 10 characters. Your other signed-in browsers are signed out.
        </p>
      </div>
      {problem && <p className="field-error">{problem}</p>}
      {change.error && (
        <p className="notice notice--warn" role="alert">
          {describeAccountError(change.error)}
        </p>
      )}
      {change.isSuccess && <p role="status" className="notice">Password changed.</p>}
      <div>
        <button type="submit" className="button" disabled={change.isPending}>
          Change password
        </button>
      </div>
    </form>
  );
}
