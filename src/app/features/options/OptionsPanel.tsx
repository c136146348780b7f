/** The cleaning options of the API (mode, extract, aggressive, crop, ink colour, output type) and where to process; remembered on this device. */
import type { InkChoice } from '../../../shared/api';
import type { CleanChoices, Placement } from '../../store/preferences';

interface Props {
  choices: CleanChoices;
  onChoices: (choices: CleanChoices) => void;
  placement: Placement;
  onPlacement: (placement: Placement) => void;
  placementNote: string;
}

const MODE_HINTS: Record<CleanChoices['mode'], string> = {
  basic: 'Removes only the paper; keeps every mark.',
  standard: 'Removes the paper and unneeded elements such as printed text.',
  advanced: 'Deep cleaning for poor scans; choose an element to keep or aggressive removal.',
};

type InkPick = 'original' | 'black' | 'blue' | 'custom';
/** What "Custom" starts from: a colour none of the named ones is. */
const FIRST_CUSTOM_INK = '#7a1f2b';
const INK_HINTS: Record<InkPick, string> = {
  original: 'The ink’s own colour.',
  black: 'Every kept mark black; soft edges stay soft.',
  blue: 'Document blue (#1f3a93), a dark ballpoint blue; soft edges stay soft.',
  custom: 'Every kept mark in this colour; soft edges stay soft.',
};
const inkPick = (ink: InkChoice | undefined): InkPick => (ink === undefined ? 'original' : ink.startsWith('#') ? 'custom' : (ink as InkPick));

export function OptionsPanel({ choices, onChoices, placement, onPlacement, placementNote }: Props) {
  const set = <K extends keyof CleanChoices>(key: K, value: CleanChoices[K]) => onChoices({ ...choices, [key]: value });
  const ink = inkPick(choices.ink);
  const customInk = ink === 'custom' ? (choices.ink as string) : FIRST_CUSTOM_INK;
  return (
    <section className="panel options" aria-labelledby="options-heading">
      <h2 id="options-heading">Options</h2>
      <div className="options__grid">
        <div className="field">
          <label htmlFor="opt-mode">Mode</label>
          <select id="opt-mode" value={choices.mode} aria-describedby="opt-mode-hint" onChange={(e) => set('mode', e.target.value as CleanChoices['mode'])}>
            <option value="basic">Basic</option>
            <option value="standard">Standard</option>
            <option value="advanced">Advanced</option>
          </select>
          <p id="opt-mode-hint" className="hint">
            {MODE_HINTS[choices.mode]}
          </p>
        </div>
        <div className="field">
          <label htmlFor="opt-extract">Keep only</label>
          <select id="opt-extract" value={choices.extract} onChange={(e) => set('extract', e.target.value as CleanChoices['extract'])}>
            <option value="">Everything</option>
            <option value="signature">Signature</option>
            <option value="stamp">Stamp</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="opt-ink">Ink colour</label>
          <div className="ink-pick">
            <select
              id="opt-ink"
              value={ink}
              aria-describedby="opt-ink-hint"
              onChange={(e) => {
                const pick = e.target.value as InkPick;
                set('ink', pick === 'custom' ? (customInk as InkChoice) : pick);
              }}
            >
              <option value="original">Original</option>
              <option value="black">Black</option>
              <option value="blue">Blue</option>
              <option value="custom">Custom…</option>
            </select>
            {ink === 'custom' && (
              <input type="color" aria-label="Custom ink colour" value={customInk} onChange={(e) => set('ink', e.target.value.toLowerCase() as InkChoice)} />
            )}
          </div>
          <p id="opt-ink-hint" className="hint">
            {INK_HINTS[ink]}
          </p>
        </div>
        <div className="field">
          <label htmlFor="opt-format">Output type</label>
          <select id="opt-format" value={choices.format} onChange={(e) => set('format', e.target.value as CleanChoices['format'])}>
            <option value="png">PNG</option>
            <option value="webp">WebP</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="opt-where">Where to process</label>
          <select id="opt-where" value={placement} aria-describedby="opt-where-hint" onChange={(e) => onPlacement(e.target.value as Placement)}>
            <option value="auto">Auto</option>
            <option value="device">This device</option>
            <option value="server">Server</option>
          </select>
          <p id="opt-where-hint" className="hint">
            {placementNote}
          </p>
        </div>
        <div className="field field--checks">
          <label className="check">
            <input type="checkbox" checked={choices.aggressive} onChange={(e) => set('aggressive', e.target.checked)} />
            Aggressive text removal
          </label>
          <label className="check">
            <input type="checkbox" checked={choices.crop} onChange={(e) => set('crop', e.target.checked)} />
            Crop to the ink
          </label>
          <label className="check">
            <input type="checkbox" checked={choices.flatten === true} onChange={(e) => set('flatten', e.target.checked)} />
            Straighten page
          </label>
        </div>
      </div>
    </section>
  );
}
