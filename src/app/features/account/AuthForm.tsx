/** Sign in, or create an account: labelled fields, checked with the server's own schemas before sending, and the server's answer in words. */
import { useId, useState, type FormEvent } from 'react';
import { CredentialsSchema, SignInSchema } from '../../../shared/account';
import { describeAccountError } from '../../api/account';
import { ApiError } from '../../api/client';
import type { Credentials } from './useSession';

interface Props {
  onSubmit: (credentials: Credentials) => void;
  pending: boolean;
  error: unknown;
}

type FieldErrors = Partial<Record<'email' | 'password', string>>;

function fieldErrors(signUp: boolean, email: string, password: string): FieldErrors {
  const parsed = (signUp ? CredentialsSchema : SignInSchema).safeParse({ email, password });
  if (parsed.success) return {};
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'email' || field === 'password') && !errors[field]) {
      errors[field] = field === 'password' && !signUp ? 'Enter your password.' : issue.message.replace(/^./, (c) => c.toUpperCase()) + '.';
    }
  }
  return errors;
}

function serverMessage(error: unknown, signUp: boolean): string {
  if (signUp && error instanceof ApiError && error.code === 'invalid_credentials') {
    return 'This email address already has an account with another password: sign in with it instead.';
  }
  return describeAccountError(error);
}

export function AuthForm({ onSubmit, pending, error }: Props) {
  const id = useId();
  const [signUp, setSignUp] = useState(false);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = fieldErrors(signUp, email, password);
    setErrors(found);
    setSubmitted(true);
    if (Object.keys(found).length === 0) onSubmit({ email, password, signUpFirst: signUp });
  };
  const title = signUp ? 'Create an account' : 'Sign in';

  return (
    <form className="auth" aria-labelledby={`${id}-title`} noValidate onSubmit={submit}>
      <h3 id={`${id}-title`}>{title}</h3>
      <p className="hint">
        {signUp
          ? 'New accounts start with free processings on the server. This browser gets its own API key automatically.'
          : 'Signed in, this browser gets its own API key automatically; your files and balance follow you.'}
      </p>
      <div className="field">
        <label htmlFor={`${id}-email`}>Email</label>
        <input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          value={email}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? `${id}-email-error` : undefined}
          onChange={(e) => setEmail(e.target.value)}
        />
        {errors.email && (
          <p id={`${id}-email-error`} className="field-error">
            {errors.email}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor={`${id}-password`}>Password</label>
        <input
          id={`${id}-password`}
          type="password"
          autoComplete={signUp ? 'new-password' : 'current-password'}
          value={password}
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={`${id}-password-hint${errors.password ? ` ${id}-password-error` : ''}`}
          onChange={(e) => setPassword(e.target.value)}
        />
        <p id={`${id}-password-hint`} className="hint">
          {signUp ? 'At least 10 characters.' : ' '}
        </p>
        {errors.password && (
          <p id={`${id}-password-error`} className="field-error">
            {errors.password}
          </p>
        )}
      </div>
      {submitted && error !== null && !pending && (
        <p className="notice notice--warn" role="alert">
          {serverMessage(error, signUp)}
        </p>
      )}
      <div className="auth__actions">
        <button type="submit" className="button button--primary" disabled={pending}>
          {pending ? (signUp ? 'Creating…' : 'Signing in…') : title}
        </button>
        <button
          type="button"
          className="button button--quiet"
          onClick={() => {
            setSignUp(!signUp);
            setErrors({});
            setSubmitted(false);
          }}
        >
          {signUp ? 'I have an account' : 'New here? Create an account'}
        </button>
      </div>
    </form>
  );
}
