/**
 * Drawing helpers shared by stamps and printed logos: text set along a circle or an ellipse
 * (upright to the curve), stars and polygons. All in the caller's current transform, centred on
 * the origin.
 */
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';

/** Text around a whole circle of `radius` (baselines on the circle, letters outward), starting at the top. */
export function ringText(ctx: SKRSContext2D, textValue: string, radius: number): void {
  const chars = [...textValue];
  const step = (Math.PI * 2) / chars.length;
  ctx.textAlign = 'center';
  for (let i = 0; i < chars.length; i++) {
    ctx.save();
    ctx.rotate(i * step);
    ctx.fillText(chars[i], 0, -radius);
    ctx.restore();
  }
}

/**
 * Text along an arc of a circle from angle `from` to `to` (radians, 0 = top, clockwise), letters
 * spaced by their own widths and centred on the arc (`from` < `to`); `inside` turns the letters to read along the
 * bottom of the circle (baseline outside, as on the lower half of a seal or emblem).
 */
export function arcText(ctx: SKRSContext2D, textValue: string, radius: number, from: number, to: number, inside = false): void {
  const chars = [...textValue];
  const widths = chars.map((c) => ctx.measureText(c).width);
  const total = widths.reduce((a, b) => a + b, 0);
  const span = to - from;
  // Spread over the arc, but never wider than about half a letter apart (a short text stays centred).
  const spacing = Math.min((0.5 * total) / chars.length, Math.max(0, (Math.abs(span) * radius - total) / Math.max(1, chars.length - 1)));
  const used = total + spacing * (chars.length - 1);
  let along = (Math.abs(span) * radius - used) / 2;
  const direction = Math.sign(span) || 1;
  ctx.textAlign = 'center';
  for (let i = 0; i < chars.length; i++) {
    const angle = from + (direction * (along + widths[i] / 2)) / radius;
    ctx.save();
    ctx.rotate(angle);
    if (inside) {
      ctx.translate(0, -radius);
      ctx.rotate(Math.PI);
      ctx.fillText(chars[i], 0, 0);
    } else ctx.fillText(chars[i], 0, -radius);
    ctx.restore();
    along += widths[i] + spacing;
  }
}

/** Text all around an ellipse (semi-axes a, b), letters upright to the curve and spread evenly by arc length. */
export function ellipseText(ctx: SKRSContext2D, textValue: string, a: number, b: number): void {
  const chars = [...textValue];
  const samples = 360;
  const cumulative = new Float64Array(samples + 1);
  const point = (t: number) => ({ x: a * Math.sin(t), y: -b * Math.cos(t) });
  for (let i = 1; i <= samples; i++) {
    const p = point(((i - 1) / samples) * Math.PI * 2);
    const q = point((i / samples) * Math.PI * 2);
    cumulative[i] = cumulative[i - 1] + Math.hypot(q.x - p.x, q.y - p.y);
  }
  const perimeter = cumulative[samples];
  ctx.textAlign = 'center';
  let k = 0;
  for (let i = 0; i < chars.length; i++) {
    const target = (i / chars.length) * perimeter;
    while (k < samples && cumulative[k + 1] < target) k++;
    const t = (k / samples) * Math.PI * 2;
    const p = point(t);
    // Outward normal of the ellipse at t: (sin t / a, −cos t / b) scaled; letters' up = the normal.
    const angle = Math.atan2(b * Math.sin(t), a * Math.cos(t));
    ctx.save();
    ctx.translate(p.x, p.y);
    ctx.rotate(angle);
    ctx.fillText(chars[i], 0, 0);
    ctx.restore();
  }
}

/** A filled star of `points` spikes and outer radius r. */
export function star(ctx: SKRSContext2D, r: number, points: number, innerRatio = 0.45): void {
  ctx.beginPath();
  for (let i = 0; i < points * 2; i++) {
    const a = (i / (points * 2)) * Math.PI * 2 - Math.PI / 2;
    const rr = i % 2 === 0 ? r : r * innerRatio;
    if (i === 0) ctx.moveTo(Math.cos(a) * rr, Math.sin(a) * rr);
    else ctx.lineTo(Math.cos(a) * rr, Math.sin(a) * rr);
  }
  ctx.closePath();
  ctx.fill();
}

/** A regular polygon path (not filled or stroked) of `sides` and circumradius r, a vertex at the top. */
export function polygonPath(ctx: SKRSContext2D, r: number, sides: number): void {
  ctx.beginPath();
  for (let i = 0; i < sides; i++) {
    const a = (i / sides) * Math.PI * 2 - Math.PI / 2;
    if (i === 0) ctx.moveTo(Math.cos(a) * r, Math.sin(a) * r);
    else ctx.lineTo(Math.cos(a) * r, Math.sin(a) * r);
  }
  ctx.closePath();
}

/**
 * Draws ink with holes cut out of it (white letters on a filled disc or bar) onto `layer`, centred
 * on the layer's current origin within ±extent units. `draw` gets two contexts in the same
 * coordinates: what it draws on `ink` is inked, what it draws on `holes` is cut from that ink.
 * The two are drawn offscreen at the layer's pixel scale and combined per pixel
 * (alpha·(1 − hole)), because @napi-rs/canvas clips destination-out text wrongly. The result is
 * placed with the layer's transform, so the truth (the layer's coverage) has the holes as well.
 */
export function drawWithHoles(layer: SKRSContext2D, extent: number, draw: (ink: SKRSContext2D, holes: SKRSContext2D) => void): void {
  const m = layer.getTransform();
  const scale = Math.max(0.05, Math.hypot(m.a, m.b));
  const n = Math.ceil(2 * extent * scale) + 4;
  const setup = (c: SKRSContext2D) => {
    c.translate(n / 2, n / 2);
    c.scale(scale, scale);
    c.fillStyle = c.strokeStyle = layer.fillStyle;
    c.font = layer.font;
    return c;
  };
  const inkCanvas = createCanvas(n, n);
  const holeCanvas = createCanvas(n, n);
  const ink = setup(inkCanvas.getContext('2d'));
  const holes = setup(holeCanvas.getContext('2d'));
  holes.fillStyle = holes.strokeStyle = '#000';
  draw(ink, holes);
  // Pixel access in device pixels (this canvas implementation applies the transform to putImageData).
  ink.resetTransform();
  holes.resetTransform();
  const image = ink.getImageData(0, 0, n, n);
  const cut = holes.getImageData(0, 0, n, n).data;
  for (let i = 3; i < image.data.length; i += 4) if (cut[i] > 0) image.data[i] = Math.round((image.data[i] * (255 - cut[i])) / 255);
  ink.putImageData(image, 0, 0);
  layer.save();
  layer.imageSmoothingEnabled = true;
  layer.imageSmoothingQuality = 'high';
  layer.drawImage(inkCanvas, -n / 2 / scale, -n / 2 / scale, n / scale, n / scale);
  layer.restore();
}
