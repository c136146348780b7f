/**
 * Before/after on a checkerboard: a slider reveals the original over the transparent result; zoom
 * levels (Fit shows the whole page, a tall one too). A cropped result sits at its place in the original's frame, so both stay aligned.
 */
import { useId, useState, type CSSProperties } from 'react';
import type { CropPlacement } from '../../../shared/api';

const ZOOMS = [
  { value: 'fit', label: 'Fit' },
  { value: '1', label: '100%' },
  { value: '2', label: '200%' },
  { value: '4', label: '400%' },
] as const;

const percent = (part: number, whole: number) => `${(part / whole) * 100}%`;

export function CompareView({ name, before, after, crop = null }: { name: string; before: string | null; after: string; crop?: CropPlacement | null }) {
  const [split, setSplit] = useState(50);
  const [zoom, setZoom] = useState<(typeof ZOOMS)[number]['value']>('fit');
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const id = useId();
  const scale = zoom === 'fit' ? null : Number(zoom);
  // With a crop and an original to compare, the stage is the original's frame.
  const framed = crop !== null && before !== null;
  const frame = framed ? { width: crop.sourceWidth, height: crop.sourceHeight } : size;
  // Fit shows the whole page: as wide as the card, or as wide as the viewport's height allows for a tall page.
  const style = {
    ...(scale && frame ? { width: frame.width * scale, height: frame.height * scale } : {}),
    ...(!scale && frame ? { '--aspect': frame.width / frame.height } : {}),
    ...(framed ? { aspectRatio: `${crop.sourceWidth} / ${crop.sourceHeight}` } : {}),
  } as CSSProperties;
  const afterStyle: CSSProperties | undefined = framed
    ? { position: 'absolute', left: percent(crop.left, crop.sourceWidth), top: percent(crop.top, crop.sourceHeight), width: percent(crop.width, crop.sourceWidth), height: percent(crop.height, crop.sourceHeight) }
    : undefined;
  return (
    <figure className="compare">
      <div className="compare__viewport" tabIndex={0} aria-label={`Result preview of ${name}, scrollable when zoomed`}>
        <div className={`compare__stage checkerboard ${scale ? '' : 'compare__stage--fit'}`} style={style}>
          <img
            className="compare__after"
            src={after}
            style={afterStyle}
            alt={`Transparent ink of ${name}`}
            onLoad={(e) => setSize({ width: e.currentTarget.naturalWidth, height: e.currentTarget.naturalHeight })}
          />
          {before && (
            <img className="compare__before" src={before} alt="" aria-hidden="true" style={{ clipPath: `inset(0 ${100 - split}% 0 0)` }} />
          )}
        </div>
      </div>
      <figcaption className="compare__controls">
        {before && (
          <label className="compare__slider">
            <span>Before / after</span>
            <input type="range" min={0} max={100} value={split} onChange={(e) => setSplit(Number(e.target.value))} aria-label={`Before and after divider for ${name}`} />
          </label>
        )}
        <label htmlFor={id} className="visually-hidden">
          Zoom
        </label>
        <select id={id} value={zoom} onChange={(e) => setZoom(e.target.value as typeof zoom)}>
          {ZOOMS.map((z) => (
            <option key={z.value} value={z.value}>
              {z.label}
            </option>
          ))}
        </select>
        {size && (
          <span className="muted">
            {size.width}×{size.height}
          </span>
        )}
      </figcaption>
    </figure>
  );
}
