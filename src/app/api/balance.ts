/**
 * The account balance of the API key: fetched with GET /api/account as soon as a key is set (it
 * costs nothing), and updated from X-Remaining/X-Limit after each server processing.
 */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { ApiError, fetchBalance, type Balance } from './client';
import { accountKeys } from './account';

const balanceKey = (apiKey: string) => ['balance', apiKey] as const;

export function recordBalance(queryClient: QueryClient, apiKey: string, balance: Balance | null) {
  if (balance) queryClient.setQueryData(balanceKey(apiKey), balance);
  // A charge adds a usage line and changes the signed-in account's balance.
  void queryClient.invalidateQueries({ queryKey: accountKeys.all });
}

export interface BalanceState {
  balance: Balance | undefined;
  /** Why there is no balance (e.g. the key is not accepted), when the server said so. */
  problem: string | null;
}

export function useBalance(apiKey: string): BalanceState {
  const query = useQuery<Balance>({
    queryKey: balanceKey(apiKey),
    queryFn: ({ signal }) => fetchBalance(apiKey, signal),
    enabled: apiKey !== '',
    staleTime: 30_000,
    networkMode: 'always',
    retry: (count, error) => !(error instanceof ApiError) && count < 1,
  });
  const error = query.error;
  const problem = error instanceof ApiError && error.status === 401 ? 'this key is not accepted by the server' : null;
  return { balance: apiKey ? query.data : undefined, problem };
}
