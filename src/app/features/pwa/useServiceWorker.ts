/**
 * Registers /sw.js (production builds) and reports "ready to work offline" (the first version took
 * control) and "update available" (a new version waits); applying the update reloads once.
 */
import { useCallback, useEffect, useState } from 'react';

export interface ServiceWorkerState {
  offlineReady: boolean;
  updateAvailable: boolean;
  applyUpdate: () => void;
  dismiss: () => void;
}

export function useServiceWorker(): ServiceWorkerState {
  const [offlineReady, setOfflineReady] = useState(false);
  const [waiting, setWaiting] = useState<ServiceWorker | null>(null);
  const [dismissed, setDismissed] = useState(false);

  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    let live = true;
    const container = navigator.serviceWorker;
    const hadController = Boolean(container.controller);
    const watch = (worker: ServiceWorker | null, registration: ServiceWorkerRegistration) => {
      worker?.addEventListener('statechange', () => {
        if (!live) return;
        if (worker.state === 'installed' && registration.active && hadController) setWaiting(worker);
        if (worker.state === 'activated' && !hadController) setOfflineReady(true);
      });
    };
    container
      .register('/sw.js', { scope: '/' })
      .then((registration) => {
        if (!live) return;
        if (registration.waiting && container.controller) setWaiting(registration.waiting);
        if (!hadController && registration.active && !registration.installing && !registration.waiting) setOfflineReady(true);
        watch(registration.installing, registration);
        registration.addEventListener('updatefound', () => watch(registration.installing, registration));
      })
      .catch(() => undefined);
    let reloading = false;
    const onControllerChange = () => {
      if (hadController && !reloading) {
        reloading = true;
        window.location.reload();
      }
    };
    container.addEventListener('controllerchange', onControllerChange);
    return () => {
      live = false;
      container.removeEventListener('controllerchange', onControllerChange);
    };
  }, []);

  const applyUpdate = useCallback(() => waiting?.postMessage({ type: 'skip-waiting' }), [waiting]);
  return { offlineReady: offlineReady && !dismissed, updateAvailable: waiting !== null, applyUpdate, dismiss: () => setDismissed(true) };
}
