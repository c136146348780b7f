/**
 * Things on the desk: pens, markers, a phone, coins and sticky notes, some lying on the sheet over its
 * ink. Drawn on a canvas at the photo's size: its alpha is what each object hides (the truth is 0
 * there), its colour what the photo shows; each object's silhouette, shifted and blurred, is the soft
 * shadow it casts.
 */
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { Point } from '../../core/shared/types';
import { blurField } from './blur';
import { signedArea } from '../../core/shared/polygon';
import type { Random } from '../random';

export type ClutterKind = 'pen' | 'marker' | 'phone' | 'coin' | 'sticky-note' | 'hand';
/** What lies on a desk ('hand' is not among them: a hand holds a sheet up, see placeHands). */
export const CLUTTER_KINDS: readonly ClutterKind[] = ['pen', 'marker', 'phone', 'coin', 'sticky-note'];

export interface ClutterItem {
  kind: ClutterKind;
  x: number;
  y: number;
  /** Radians. */
  angle: number;
  onSheet: boolean;
}

export interface Clutter {
  items: ClutterItem[];
  /** RGBA at the photo's size: the objects' colours, alpha = how much of what lies below each hides. */
  objects: Uint8ClampedArray;
  /** 0..1: the objects' cast shadow (strength included). */
  shadow: Float32Array;
}

/** Objects for one scene: none in two scenes of five, else one to five, a third of them on the sheet. */
export function drawClutterItems(random: Random, frame: { width: number; height: number }, sheet: readonly Point[], forced?: ClutterKind[]): ClutterItem[] {
  const count = forced ? forced.length : random.chance(0.4) ? 0 : random.int(1, 5);
  const items: ClutterItem[] = [];
  for (let k = 0; k < count; k++) {
    const kind = forced ? forced[k] : random.pick(CLUTTER_KINDS);
    const onSheet = random.chance(0.35);
    const angle = random.range(0, Math.PI * 2);
    if (onSheet) {
      const s = random.range(0.1, 0.9);
      const t = random.range(0.1, 0.9);
      const top = lerp(sheet[0], sheet[1], s);
      const bottom = lerp(sheet[3], sheet[2], s);
      const p = lerp(top, bottom, t);
      items.push({ kind, x: p.x, y: p.y, angle, onSheet });
      continue;
    }
    for (let attempt = 0; attempt < 20; attempt++) {
      const p = { x: random.range(0, frame.width), y: random.range(0, frame.height) };
      if (insideConvex(sheet, p)) continue;
      items.push({ kind, x: p.x, y: p.y, angle, onSheet });
      break;
    }
  }
  return items;
}

/**
 * Hands holding the sheet up: each grips a point of one edge (the lower and side edges as the photo
 * shows them, where people hold a sheet), thumb and fingertips over the sheet, the arm leaving outward.
 */
export function placeHands(random: Random, sheet: readonly Point[], count: number): ClutterItem[] {
  const centre = { x: sheet.reduce((s, p) => s + p.x, 0) / 4, y: sheet.reduce((s, p) => s + p.y, 0) / 4 };
  const edges = [0, 1, 2, 3].map((k) => {
    const a = sheet[k];
    const b = sheet[(k + 1) % 4];
    const mid = lerp(a, b, 0.5);
    return { a, b, outward: Math.atan2(mid.y - centre.y, mid.x - centre.x) };
  });
  // Lower edges first: the outward direction pointing down scores highest.
  const ranked = [...edges].sort((p, q) => Math.sin(q.outward) - Math.sin(p.outward));
  const hands: ClutterItem[] = [];
  for (let k = 0; k < count; k++) {
    const edge = random.chance(0.6) ? ranked[k % 2] : random.pick(ranked);
    const grip = lerp(edge.a, edge.b, random.range(0.15, 0.85));
    hands.push({ kind: 'hand', x: grip.x, y: grip.y, angle: edge.outward + random.range(-0.5, 0.5), onSheet: true });
  }
  return hands;
}

const lerp = (a: Point, b: Point, t: number): Point => ({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t });

function insideConvex(polygon: readonly Point[], p: Point): boolean {
  const sign = Math.sign(signedArea(polygon));
  for (let i = 0; i < polygon.length; i++) {
    const a = polygon[i];
    const b = polygon[(i + 1) % polygon.length];
    if (sign * ((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)) < 0) return false;
  }
  return true;
}

/** `sheetSide` (pixels) sizes the objects: a pen about two thirds of the sheet's short side. */
export function renderClutter(items: readonly ClutterItem[], frame: { width: number; height: number }, sheetSide: number, random: Random): Clutter {
  const { width, height } = frame;
  const objects = createCanvas(width, height);
  const silhouettes = createCanvas(width, height);
  const ctx = objects.getContext('2d');
  const shadowCtx = silhouettes.getContext('2d');
  const light = random.range(0, Math.PI * 2);
  const lift = sheetSide * random.range(0.006, 0.02);
  shadowCtx.translate(Math.cos(light) * lift, Math.sin(light) * lift);
  for (const item of items) {
    const look = lookOf(item.kind, random);
    for (const [target, silhouette] of [[ctx, false], [shadowCtx, true]] as const) {
      target.save();
      target.translate(item.x, item.y);
      target.rotate(item.angle);
      drawObject(target, item.kind, sheetSide, look, silhouette);
      target.restore();
    }
  }
  const rgba = ctx.getImageData(0, 0, width, height).data;
  const silhouette = shadowCtx.getImageData(0, 0, width, height).data;
  objects.width = silhouettes.width = 1;
  const field = new Float32Array(width * height);
  for (let i = 0; i < field.length; i++) field[i] = silhouette[i * 4 + 3] / 255;
  const depth = random.range(0.25, 0.5);
  const shadow = items.length ? blurField(field, width, height, Math.max(1.5, lift * 1.2)) : field;
  for (let i = 0; i < shadow.length; i++) shadow[i] *= depth;
  return { items: [...items], objects: new Uint8ClampedArray(rgba), shadow };
}

interface Look {
  body: string;
  accent: string;
  /** A coin's radius as a share of the sheet's short side. */
  radius?: number;
  /** A hand's size against the sheet; its sleeve colour is `accent` ('' for a bare arm). */
  handScale?: number;
}

function lookOf(kind: ClutterKind, random: Random): Look {
  switch (kind) {
    case 'pen':
      return { body: random.pick(['#1d3fa8', '#151515', '#c22020', '#e8e8e8', '#9aa0a8', '#2a7a3a']), accent: random.pick(['#202020', '#c0c4c8', '#1d3fa8']) };
    case 'marker':
      return { body: random.pick(['#f0f0f0', '#202020', '#ffd21a']), accent: random.pick(['#1a4fd0', '#d01a1a', '#1a9a3a', '#101010', '#f2e400']) };
    case 'phone':
      return { body: random.pick(['#121212', '#d9d9de', '#2b3140']), accent: random.pick(['#05070a', '#2c4a7a', '#3a3a48']) };
    case 'coin':
      return random.chance(0.5) ? { body: '#c9a24a', accent: '#8a6a22', radius: random.range(0.04, 0.065) } : { body: '#c4c6ca', accent: '#7d8084', radius: random.range(0.04, 0.065) };
    case 'sticky-note':
      return { body: random.pick(['#fbe96a', '#f7a8c8', '#a8e6a0', '#9fd3f5', '#ffb36b']), accent: '#000000' };
    case 'hand': {
      const skin = random.pick<[number, number, number]>([[236, 188, 160], [224, 172, 140], [198, 140, 105], [160, 105, 72], [112, 72, 48], [245, 205, 185]]);
      const k = random.range(0.85, 1.1);
      const sleeve = random.pick(['#1c1c22', '#3a4a6a', '#e8e8ea', '#7a2a2a', '#5a5a58', '#2f5a3a', '#c8b89a']);
      return { body: `rgb(${skin.map((v) => Math.round(Math.min(255, v * k))).join(',')})`, accent: random.chance(0.6) ? sleeve : '', handScale: random.range(0.9, 1.25) };
    }
  }
}

function drawObject(ctx: SKRSContext2D, kind: ClutterKind, side: number, look: Look, silhouette: boolean): void {
  const paint = (style: string) => (silhouette ? '#000000' : style);
  switch (kind) {
    case 'pen': {
      const length = side * 0.66;
      const w = side * 0.04;
      ctx.fillStyle = paint(look.body);
      ctx.beginPath();
      ctx.roundRect(-length / 2, -w / 2, length * 0.82, w, w / 2);
      ctx.fill();
      ctx.fillStyle = paint('#b8bcc2');
      ctx.beginPath();
      ctx.moveTo(length * 0.32, -w / 2);
      ctx.lineTo(length / 2, 0);
      ctx.lineTo(length * 0.32, w / 2);
      ctx.closePath();
      ctx.fill();
      ctx.fillStyle = paint(look.accent);
      ctx.fillRect(-length / 2 + length * 0.05, -w * 0.75, length * 0.3, w * 0.3);
      if (!silhouette) highlight(ctx, -length / 2, length * 0.82, w);
      return;
    }
    case 'marker': {
      const length = side * 0.6;
      const w = side * 0.075;
      ctx.fillStyle = paint(look.body);
      ctx.beginPath();
      ctx.roundRect(-length / 2, -w / 2, length * 0.7, w, w * 0.2);
      ctx.fill();
      ctx.fillStyle = paint(look.accent);
      ctx.beginPath();
      ctx.roundRect(length * 0.2, -w * 0.55, length * 0.3, w * 1.1, w * 0.35);
      ctx.fill();
      if (!silhouette) highlight(ctx, -length / 2, length, w);
      return;
    }
    case 'phone': {
      const w = side * 0.34;
      const h = side * 0.71;
      ctx.fillStyle = paint(look.body);
      ctx.beginPath();
      ctx.roundRect(-w / 2, -h / 2, w, h, w * 0.14);
      ctx.fill();
      ctx.fillStyle = paint(look.accent);
      ctx.beginPath();
      ctx.roundRect(-w / 2 + w * 0.05, -h / 2 + w * 0.05, w * 0.9, h - w * 0.1, w * 0.1);
      ctx.fill();
      ctx.fillStyle = paint('#000000');
      ctx.beginPath();
      ctx.arc(0, -h / 2 + w * 0.12, w * 0.035, 0, Math.PI * 2);
      ctx.fill();
      return;
    }
    case 'coin': {
      const r = side * (look.radius ?? 0.05);
      ctx.fillStyle = paint(look.body);
      ctx.beginPath();
      ctx.arc(0, 0, r, 0, Math.PI * 2);
      ctx.fill();
      ctx.strokeStyle = paint(look.accent);
      ctx.lineWidth = r * 0.08;
      ctx.beginPath();
      ctx.arc(0, 0, r * 0.85, 0, Math.PI * 2);
      ctx.stroke();
      return;
    }
    case 'sticky-note': {
      const s = side * 0.36;
      ctx.fillStyle = paint(look.body);
      ctx.fillRect(-s / 2, -s / 2, s, s);
      if (!silhouette) {
        const shade = ctx.createLinearGradient(0, -s / 2, 0, s / 2);
        shade.addColorStop(0, 'rgba(0,0,0,0.08)');
        shade.addColorStop(0.2, 'rgba(0,0,0,0)');
        shade.addColorStop(1, 'rgba(255,255,255,0.06)');
        ctx.fillStyle = shade;
        ctx.fillRect(-s / 2, -s / 2, s, s);
      }
      return;
    }
    case 'hand':
      drawHand(ctx, side * (look.handScale ?? 1), look, paint);
      return;
  }
}

/**
 * A hand gripping the sheet's edge at the origin, the arm leaving along +x: palm and fingers straddle
 * the edge, the thumb lies on the sheet (−x), a sleeve (when the look has one) covers the forearm.
 */
function drawHand(ctx: SKRSContext2D, side: number, look: Look, paint: (style: string) => string): void {
  const palm = side * 0.11;
  ctx.fillStyle = paint(look.body);
  ctx.beginPath();
  ctx.roundRect(palm * 0.4, -palm * 0.9, side * 3, palm * 1.8, palm * 0.8);
  ctx.fill();
  ctx.beginPath();
  ctx.ellipse(palm * 0.5, 0, palm * 1.3, palm * 1.1, 0, 0, Math.PI * 2);
  ctx.fill();
  // Thumb over the sheet; fingertips peeking round the edge beside it.
  ctx.beginPath();
  ctx.roundRect(-palm * 1.6, -palm * 0.95, palm * 2, palm * 0.55, palm * 0.27);
  ctx.fill();
  for (let f = 0; f < 3; f++) {
    ctx.beginPath();
    ctx.roundRect(-palm * 0.9, -palm * 0.2 + f * palm * 0.42, palm * 1.3, palm * 0.38, palm * 0.19);
    ctx.fill();
  }
  if (look.accent) {
    ctx.fillStyle = paint(look.accent);
    ctx.beginPath();
    ctx.roundRect(palm * 3.2, -palm * 1.15, side * 3, palm * 2.3, palm * 0.5);
    ctx.fill();
  }
}

/** A lighter line along a round body, so it reads as a cylinder. */
function highlight(ctx: SKRSContext2D, x: number, length: number, w: number): void {
  ctx.fillStyle = 'rgba(255,255,255,0.35)';
  ctx.fillRect(x + w * 0.4, -w * 0.3, length - w * 0.8, w * 0.15);
}
