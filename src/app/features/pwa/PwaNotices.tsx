/** "Ready to work offline" / "Update available", and files shared to the app. */
import { useEffect } from 'react';
import { takeSharedFiles } from './sharedFiles';
import { useServiceWorker } from './useServiceWorker';

export function PwaNotices({ onSharedFiles }: { onSharedFiles: (files: File[]) => void }) {
  const sw = useServiceWorker();
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    if (!params.has('shared')) return;
    void takeSharedFiles().then((files) => {
      if (files.length) onSharedFiles(files);
      params.delete('shared');
      const query = params.toString();
      history.replaceState(null, '', `${window.location.pathname}${query ? `?${query}` : ''}`);
    });
  }, [onSharedFiles]);

  if (!sw.updateAvailable && !sw.offlineReady) return null;
  return (
    <div className="toast" role="status">
      {sw.updateAvailable ? (
        <>
          <span>Update available.</span>
          <button type="button" className="button button--primary" onClick={sw.applyUpdate}>
            Reload to update
          </button>
        </>
      ) : (
        <>
          <span>Ready to work offline.</span>
          <button type="button" className="button button--quiet" onClick={sw.dismiss}>
            Dismiss
          </button>
        </>
      )}
    </div>
  );
}
