/** The account balance as last reported by the server (JSON remaining/limit or X-Remaining/X-Limit). */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { Balance } from './client';

const balanceKey = (apiKey: string) => ['balance', apiKey] as const;

export function recordBalance(queryClient: QueryClient, apiKey: string, balance: Balance | null) {
  if (balance) queryClient.setQueryData(balanceKey(apiKey), balance);
}

export function useBalance(apiKey: string): Balance | undefined {
  return useQuery<Balance | null>({ queryKey: balanceKey(apiKey), queryFn: () => null, enabled: false, staleTime: Infinity }).data ?? undefined;
}
