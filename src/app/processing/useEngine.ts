/** Starts the worker's ink engine early (model download with progress) and reports which engine runs. */
import { useEffect, useState } from 'react';
import type { ProcessorBridge } from '../../worker/bridge';
import type { EngineSettings, EngineStatus } from '../../worker/protocol';

export interface EngineState {
  status: EngineStatus | null;
  /** Model download progress while the first download runs. */
  download: { loaded: number; total: number } | null;
  setStatus: (status: EngineStatus) => void;
}

export function engineSettingsFrom(allowFallbackGpu: boolean, disableGpu: boolean): EngineSettings {
  return { allowFallbackGpu, disableGpu };
}

export function useEngine(bridge: ProcessorBridge, settings: EngineSettings, enabled: boolean): EngineState {
  const [status, setStatus] = useState<EngineStatus | null>(null);
  const [download, setDownload] = useState<{ loaded: number; total: number } | null>(null);
  const { allowFallbackGpu, disableGpu } = settings;
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    bridge
      .prepareEngine({ allowFallbackGpu, disableGpu }, (progress) => {
        if (live && progress.stage === 'download') setDownload({ loaded: progress.loaded ?? 0, total: progress.total ?? 0 });
      })
      .then((next) => {
        if (!live) return;
        setStatus(next);
        setDownload(null);
      })
      .catch(() => live && setDownload(null));
    return () => {
      live = false;
    };
  }, [bridge, allowFallbackGpu, disableGpu, enabled]);
  return { status, download, setStatus };
}
