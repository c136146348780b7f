/** GET /api/app-config: the demo key the server offers, if any. */
import { useQuery } from '@tanstack/react-query';
import { fetchAppConfig } from './client';

export function useAppConfig() {
  return useQuery({ queryKey: ['app-config'], queryFn: fetchAppConfig, staleTime: Infinity, retry: 1, networkMode: 'always' });
}
