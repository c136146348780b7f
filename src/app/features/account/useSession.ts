/**
 * Sign-up, sign-in and sign-out. After sign-in the app makes sure this browser has its own key
 * (created once, named for the browser, its secret stored as the API key), so nobody copies a key
 * by hand. Signing out revokes that key and forgets it; a key pasted by hand is left alone.
 */
import { useEffect } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountKeys, createKey, listKeys, revokeKey, signIn, signOut, signUp, useMe } from '../../api/account';
import { ApiError } from '../../api/client';
import { useBrowserKey, useSignedInHint } from '../../store/preferences';
import { browserKeyName } from './browserName';

export interface Credentials {
  email: string;
  password: string;
  /** Create the account first (the server answers the same for a taken email; sign-in then decides). */
  signUpFirst: boolean;
}

export function useSession(apiKey: string, onApiKey: (key: string) => void) {
  const queryClient = useQueryClient();
  const [signedInAs, setSignedInAs] = useSignedInHint();
  const me = useMe(signedInAs !== null);
  // The session ended elsewhere (expired, password changed in another browser): forget the hint.
  const sessionGone = me.isSuccess && me.data === null;
  useEffect(() => {
    if (sessionGone) setSignedInAs(null);
  }, [sessionGone, setSignedInAs]);
  const [browserKey, setBrowserKey] = useBrowserKey();
  const usesBrowserKey = browserKey !== null && apiKey.startsWith(browserKey.prefix);

  async function ensureBrowserKey(csrfToken: string, email: string) {
    if (browserKey?.email === email && usesBrowserKey) {
      const keys = await listKeys();
      if (keys.some((k) => k.id === browserKey.id && k.revoked_at === null)) return;
    }
    const { key, info } = await createKey(csrfToken, browserKeyName());
    setBrowserKey({ id: info.id, prefix: info.prefix, email });
    onApiKey(key);
  }

  const enter = useMutation({
    networkMode: 'always',
    mutationFn: async ({ email, password, signUpFirst }: Credentials) => {
      const normalized = email.trim().toLowerCase();
      if (signUpFirst) await signUp(normalized, password);
      const csrfToken = await signIn(normalized, password);
      setSignedInAs(normalized);
      await ensureBrowserKey(csrfToken, normalized);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.all }),
  });

  const leave = useMutation({
    networkMode: 'always',
    mutationFn: async () => {
      const csrfToken = me.data?.csrf_token;
      if (csrfToken && browserKey && usesBrowserKey) await revokeKey(csrfToken, browserKey.id).catch(() => undefined);
      if (usesBrowserKey) onApiKey('');
      setBrowserKey(null);
      setSignedInAs(null);
      if (csrfToken) {
        await signOut(csrfToken).catch((error: unknown) => {
          if (!(error instanceof ApiError && error.status === 401)) throw error;
        });
      }
    },
    onSuccess: () => {
      queryClient.setQueryData(accountKeys.me, null);
      queryClient.removeQueries({ queryKey: accountKeys.keys });
      queryClient.removeQueries({ queryKey: accountKeys.usage });
    },
  });

  /** Called when a key is revoked from the list: if it is this browser's, forget it. */
  function keyRevoked(id: string, prefix: string) {
    if (browserKey?.id === id) setBrowserKey(null);
    if (apiKey.startsWith(prefix)) onApiKey('');
  }

  return { me, signedIn: signedInAs !== null && me.data !== null, enter, leave, usesBrowserKey, keyRevoked };
}
