/** Whether the server is reachable, as React state (see connectivity.ts). */
import { useSyncExternalStore } from 'react';
import { isOnline, subscribeConnectivity } from './connectivity';

export function useOnline(): boolean {
  return useSyncExternalStore(subscribeConnectivity, isOnline);
}
