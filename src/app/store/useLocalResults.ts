/** React access to the results kept on this device. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deleteLocalResult, listLocalResults, renameLocalResult } from './localResults';

export const localResultsKey = ['local-results'] as const;

export function useLocalResults() {
  return useQuery({ queryKey: localResultsKey, queryFn: listLocalResults, networkMode: 'always', staleTime: Infinity });
}

export function useLocalResultChange() {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: (change: { kind: 'rename'; id: string; name: string } | { kind: 'delete'; id: string }) =>
      change.kind === 'rename' ? renameLocalResult(change.id, change.name) : deleteLocalResult(change.id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: localResultsKey }),
  });
}
