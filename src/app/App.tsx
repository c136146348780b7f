/** Composes the features; they share nothing but what is passed here (and the app-level api/store/processing modules). */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { ProcessorBridge } from '../worker/bridge';
import { useAppConfig } from './api/appConfig';
import { useBalance } from './api/balance';
import { AccountPanel } from './features/account/AccountPanel';
import { InputPanel, type DocumentSource } from './features/drop/InputPanel';
import { Gallery } from './features/gallery/Gallery';
import { OptionsPanel } from './features/options/OptionsPanel';
import { PwaNotices } from './features/pwa/PwaNotices';
import { ResultsPanel } from './features/queue/ResultsPanel';
import { useQueue } from './features/queue/useQueue';
import { deviceFacts, weakness } from './processing/placement';
import { testSwitch } from './processing/testSwitches';
import { engineSettingsFrom, useEngine } from './processing/useEngine';
import { exposeDiagnostics } from './processing/diagnostics';
import type { JobSource } from './processing/runJob';
import { useApiKey, useCleanChoices, usePlacement } from './store/preferences';
import { useOnline } from './platform/useOnline';

function usePlacementNote(placement: string, apiKey: string): string {
  const [weak, setWeak] = useState<string | null>(null);
  useEffect(() => {
    void deviceFacts().then((facts) => setWeak(weakness(facts)));
  }, []);
  if (placement === 'device') return 'Processed in this browser; nothing is uploaded.';
  if (placement === 'server') return 'Uploaded to the server; uses one processing of the balance.';
  if (!apiKey) return 'Auto: this device (no API key for the server).';
  return weak ? `Auto: the server (${weak}).` : 'Auto: this device when it is capable, else the server.';
}

export function App() {
  const [bridge] = useState(() => new ProcessorBridge());
  const [choices, setChoices] = useCleanChoices();
  const [placement, setPlacement] = usePlacement();
  const [apiKey, setApiKey] = useApiKey();
  const online = useOnline();
  const config = useAppConfig();
  const demoKey = config.data?.demoKey ?? null;
  const balance = useBalance(apiKey);
  const engineSettings = useMemo(() => engineSettingsFrom(testSwitch('allowFallbackGpu'), testSwitch('disableGpu')), []);
  const engine = useEngine(bridge, engineSettings, placement !== 'server');
  const queue = useQueue({ bridge, choices, placement, apiKey, engineSettings, engineStatus: engine.status, onEngineStatus: engine.setStatus });
  const placementNote = usePlacementNote(placement, apiKey);

  // The server's demo key is offered automatically while no key is set.
  useEffect(() => {
    if (demoKey && !apiKey) setApiKey(demoKey);
  }, [demoKey, apiKey, setApiKey]);
  useEffect(() => exposeDiagnostics(bridge, engineSettings), [bridge, engineSettings]);

  const { add: addJobs } = queue;
  const addDocuments = useCallback((sources: DocumentSource[]) => addJobs(sources), [addJobs]);
  const addFiles = useCallback((files: File[]) => addJobs(files.map((file) => ({ name: file.name, file }))), [addJobs]);
  const retryDocument = useCallback((source: JobSource) => addJobs([source]), [addJobs]);

  return (
    <div className="app">
      <header className="app__header">
        <div className="brand">
          <img src="/icon.svg" alt="" width={32} height={32} />
          <div>
            <h1>Inklift</h1>
            <p className="muted small">Transparent ink from paper: whole page, signature or stamp.</p>
          </div>
        </div>
        <p className={`connection ${online ? '' : 'connection--offline'}`} role="status">
          {online ? 'Online' : 'Offline — processing on this device'}
        </p>
      </header>
      <PwaNotices onSharedFiles={addFiles} />
      <main className="app__main">
        <div className="app__column">
          <InputPanel onDocuments={addDocuments} />
          <OptionsPanel choices={choices} onChoices={setChoices} placement={placement} onPlacement={setPlacement} placementNote={placementNote} />
          <AccountPanel apiKey={apiKey} onApiKey={setApiKey} demoKey={demoKey} balance={balance} />
        </div>
        <div className="app__column app__column--wide">
          <ResultsPanel jobs={queue.jobs} engine={engine} onCancel={queue.cancel} onClear={queue.clear} onRetry={retryDocument} />
          <Gallery apiKey={apiKey} />
        </div>
      </main>
    </div>
  );
}
