/**
 * Page layouts: letters, invoices and forms, drawn in page units (the page is 1000 units wide) onto
 * the printed-text and form-line layers. Returns where signatures may go (signature lines): one,
 * or two (40%: one above the other, or the two parties side by side).
 *
 * Typography: one printed family per page (serif, sans, mono or condensed), with bold company
 * names, titles, section headings and table headers and the odd italic line. The look (bold,
 * italic, colours, logo) is drawn from its own random stream, so the page's structure comes from
 * the same draws whatever its look.
 *
 * Colour: about 30% of pages have a corporate accent colour (blue, red, green, violet, orange,
 * teal or dark), used for a logo by the company name (60% of them), the company name, the title,
 * section headings, table header text and rules. A few plain pages get a dark logo. Coloured text
 * stays on the printed layer and coloured rules on the form-line layer: the layers' canvases carry
 * each pixel's own ink colour into the composite.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { cssFont, facesFor, PRINTED_FONTS, type FontFace, type FontStyle } from './fonts';
import { ACCENT_INKS, css, DARK_INKS, jitter, type NamedInk } from './inks';
import { drawLogo, LOGO_KINDS, type LogoInfo, type LogoKind } from './logo';
import type { Random } from './random';
import { COMPANIES, dateText, FIELD_LABELS, moneyText, numberText, PERSON_NAMES, sentence, SIGN_LABELS, TABLE_HEADERS, TITLES, words, type Language } from './text';

export type DocumentKind = 'letter' | 'invoice' | 'form';

/** A place to sign: the signature line from x to x + width at y (page units). */
export interface SignatureSlot {
  x: number;
  y: number;
  width: number;
}

export interface PageLayout {
  kind: DocumentKind;
  language: Language;
  font: string;
  slots: SignatureSlot[];
  /** Bottom of the content, page units. */
  bottom: number;
  /** The page's accent colour name, if it has one. */
  accent: string | null;
  logo: LogoInfo | null;
}

interface Pen {
  printed: SKRSContext2D;
  formLine: SKRSContext2D;
  random: Random;
  /** The page's look (bold, italic, colour): its own stream. */
  look: Random;
  language: Language;
  face: FontFace;
  /** CSS colour of the page's black print, and of its accent colour (null: none). */
  ink: string;
  accent: string | null;
  pageHeight: number;
  /** Body text size, page units. */
  size: number;
  left: number;
  right: number;
  y: number;
}

/** Font style and, for coloured print, the ink (CSS colour; default the page's black). */
type TextLook = FontStyle & { ink?: string | null };

function text(pen: Pen, value: string, x: number, y: number, size: number, align: CanvasTextAlign = 'left', style: TextLook = {}): number {
  const ctx = pen.printed;
  ctx.font = cssFont(pen.face, size, style);
  ctx.textAlign = align;
  if (style.ink) ctx.fillStyle = style.ink;
  ctx.fillText(value, x, y);
  if (style.ink) ctx.fillStyle = pen.ink;
  return ctx.measureText(value).width;
}

function line(pen: Pen, x0: number, y0: number, x1: number, y1: number, width: number, ink?: string | null): void {
  const ctx = pen.formLine;
  ctx.lineWidth = width;
  if (ink) ctx.strokeStyle = ink;
  ctx.beginPath();
  ctx.moveTo(x0, y0);
  ctx.lineTo(x1, y1);
  ctx.stroke();
  if (ink) ctx.strokeStyle = pen.ink;
}

/** The accent colour with probability p (pages without an accent: never). */
const accentFor = (pen: Pen, p: number): string | null => (pen.accent && pen.look.chance(p) ? pen.accent : null);

function paragraph(pen: Pen, lines: number, indent = true): void {
  const ctx = pen.printed;
  ctx.font = cssFont(pen.face, pen.size, { italic: pen.look.chance(0.05) });
  ctx.textAlign = 'left';
  const lead = pen.size * pen.random.range(1.25, 1.6);
  for (let i = 0; i < lines && pen.y < pen.pageHeight - 80; i++) {
    const x = pen.left + (i === 0 && indent ? pen.size * 2 : 0);
    const maxWidth = pen.right - x;
    let current = '';
    for (;;) {
      const next = current ? `${current} ${sentenceWord(pen)}` : sentenceWord(pen);
      if (ctx.measureText(next).width > maxWidth) break;
      current = next;
    }
    const last = i === lines - 1;
    ctx.fillText(last ? `${current.split(' ').slice(0, pen.random.int(2, 8)).join(' ')}.` : current, x, pen.y);
    pen.y += lead;
  }
  pen.y += lead * pen.random.range(0.3, 0.8);
}

function sentenceWord(pen: Pen): string {
  const r = pen.random.next();
  if (r < 0.05) return numberText(pen.random);
  if (r < 0.07) return dateText(pen.random, pen.language);
  return words(pen.random, pen.language, 1).toLowerCase();
}

/** Draws the company's logo at the top of the header; returns it and the company name's placement. */
function letterheadLogo(pen: Pen, company: string, nameSize: number, nameWidth: number, atRight: boolean, accent: NamedInk | null): { info: LogoInfo; nameX: number; nameBaseline: number; bottom: number } {
  const { look } = pen;
  const kind: LogoKind = look.pick(LOGO_KINDS);
  const ink = accent ?? look.pick(DARK_INKS);
  // A second colour for two-tone logos: another accent, or the page's black.
  const second = look.chance(0.3) ? (look.chance(0.5) ? css(jitter(look, look.pick(ACCENT_INKS).rgb, 8)) : pen.ink) : null;
  const size = kind === 'emblem' ? look.range(70, 130) : nameSize * look.range(1.8, 3.2);
  const top = pen.y;
  const placement = look.pick(['beside', 'beside', 'opposite', 'above'] as const);
  let cx: number;
  let nameX = atRight ? pen.right : pen.left;
  let nameBaseline = top + nameSize;
  let bottom = top + size;
  if (placement === 'beside') {
    const gap = nameSize * look.range(0.4, 1);
    cx = atRight ? pen.right - nameWidth - gap - size / 2 : pen.left + size / 2;
    if (!atRight) nameX = pen.left + size + gap;
    nameBaseline = top + size / 2 + nameSize * 0.35;
  } else if (placement === 'opposite') {
    cx = atRight ? pen.left + size / 2 : pen.right - size / 2;
  } else {
    cx = atRight ? pen.right - size / 2 : pen.left + size / 2;
    nameBaseline = top + size + nameSize * 1.1;
    bottom = nameBaseline;
  }
  const inkCss = css(jitter(look, ink.rgb, 8));
  drawLogo(pen.printed, look, { kind, cx, cy: top + size / 2, size, face: pen.face, ink: inkCss, second, company });
  pen.printed.fillStyle = pen.ink;
  return { info: { kind, colour: ink.name, box: { x: cx - size / 2, y: top, width: size, height: size } }, nameX, nameBaseline, bottom };
}

function header(pen: Pen, accent: NamedInk | null): LogoInfo | null {
  const { random, language, look } = pen;
  const company = random.pick(COMPANIES[language]);
  const size = pen.size * random.range(1.2, 1.7);
  const atRight = random.chance(0.4);
  const nameLook: TextLook = { bold: look.chance(0.55), ink: accentFor(pen, 0.5) };
  let logo: LogoInfo | null = null;
  let logoBottom = 0;
  if (look.chance(accent ? 0.6 : 0.06)) {
    pen.printed.font = cssFont(pen.face, size, nameLook);
    const placed = letterheadLogo(pen, company, size, pen.printed.measureText(company).width, atRight, accent);
    logo = placed.info;
    logoBottom = placed.bottom;
    pen.y = placed.nameBaseline;
    text(pen, company, placed.nameX, pen.y, size, atRight && placed.nameX === pen.right ? 'right' : 'left', nameLook);
  } else {
    pen.y += size;
    text(pen, company, atRight ? pen.right : pen.left, pen.y, size, atRight ? 'right' : 'left', nameLook);
  }
  pen.y = Math.max(pen.y, logoBottom - pen.size * 0.5);
  pen.y += pen.size * 1.4;
  text(pen, `${words(random, language, random.int(2, 4))}, ${numberText(random)}, ${numberText(random)}`, pen.left, pen.y, pen.size * 0.8);
  pen.y += pen.size * 0.8;
  pen.y = Math.max(pen.y, logoBottom + pen.size * 0.3);
  if (random.chance(0.6)) {
    const ink = accentFor(pen, 0.45);
    line(pen, pen.left, pen.y, pen.right, pen.y, random.range(0.6, 1.8) * (ink ? look.range(1, 3) : 1), ink);
  }
  pen.y += pen.size * 2.5;
  const title = random.pick(TITLES[language]);
  text(pen, `${title}${random.chance(0.6) ? ` № ${numberText(random)}` : ''}`, (pen.left + pen.right) / 2, pen.y, pen.size * random.range(1.3, 1.9), 'center', {
    bold: look.chance(0.55),
    italic: look.chance(0.08),
    ink: accentFor(pen, 0.4),
  });
  pen.y += pen.size * 1.6;
  text(pen, dateText(random, language), pen.right, pen.y, pen.size, 'right');
  pen.y += pen.size * 2.2;
  return logo;
}

function table(pen: Pen): void {
  const { random, language } = pen;
  const cols = random.int(3, 6);
  const rows = random.int(2, 9);
  const rowHeight = pen.size * random.range(1.7, 2.3);
  const width = pen.right - pen.left;
  const weights = Array.from({ length: cols }, (_, i) => (i === 1 ? 3 : random.range(0.6, 1.3)));
  const total = weights.reduce((a, b) => a + b, 0);
  const xs = [pen.left];
  for (const w of weights) xs.push(xs[xs.length - 1] + (w / total) * width);
  const lw = random.range(0.6, 1.6);
  const top = pen.y;
  const bottom = Math.min(pen.pageHeight - 120, top + (rows + 1) * rowHeight);
  const size = pen.size * 0.9;
  const headStyle: TextLook = { bold: pen.look.chance(0.5), ink: accentFor(pen, 0.35) };
  // Whole rows only, counted once (the text and the rules must agree even when rounding says otherwise).
  const nRows = Math.floor((bottom - top) / rowHeight + 1e-6);
  for (let r = 0; r < nRows; r++) {
    const yBase = top + r * rowHeight + rowHeight * 0.68;
    for (let c = 0; c < cols; c++) {
      let value: string;
      if (r === 0) value = TABLE_HEADERS[language][c % TABLE_HEADERS[language].length];
      else if (c === 0) value = String(r);
      else if (c === 1) value = words(random, language, random.int(1, 3));
      else value = random.chance(0.5) ? moneyText(random, language) : String(random.int(1, 500));
      const maxW = xs[c + 1] - xs[c] - size * 0.6;
      const style = r === 0 ? headStyle : {};
      pen.printed.font = cssFont(pen.face, size, style);
      while (value.length > 1 && pen.printed.measureText(value).width > maxW) value = value.slice(0, -1);
      text(pen, value, c >= 2 ? xs[c + 1] - size * 0.3 : xs[c] + size * 0.3, yBase, size, c >= 2 ? 'right' : 'left', style);
    }
  }
  const tableBottom = top + nRows * rowHeight;
  for (let r = 0; r <= nRows; r++) line(pen, pen.left, top + r * rowHeight, pen.right, top + r * rowHeight, r === 0 || r === 1 ? lw * 1.3 : lw);
  if (random.chance(0.85)) for (const x of xs) line(pen, x, top, x, tableBottom, lw);
  pen.y = tableBottom + pen.size * 1.8;
  const totalLabel = language === 'ru' ? 'Итого:' : 'Total:';
  text(pen, `${totalLabel} ${moneyText(random, language)}`, pen.right, pen.y, pen.size * 1.05, 'right', { bold: pen.look.chance(0.5) });
  pen.y += pen.size * 2.2;
}

function fields(pen: Pen): void {
  const { random, language } = pen;
  const count = random.int(3, 9);
  const lw = random.range(0.5, 1.3);
  const labelStyle: FontStyle = { bold: pen.look.chance(0.12) };
  for (let i = 0; i < count && pen.y < pen.pageHeight - 200; i++) {
    const label = `${random.pick(FIELD_LABELS[language])}:`;
    const w = text(pen, label, pen.left, pen.y, pen.size, 'left', labelStyle);
    const x0 = pen.left + w + pen.size * 0.6;
    line(pen, x0, pen.y + pen.size * 0.25, pen.right, pen.y + pen.size * 0.25, lw);
    if (random.chance(0.6)) text(pen, random.chance(0.5) ? words(random, language, random.int(1, 4)) : numberText(random), x0 + pen.size, pen.y - pen.size * 0.1, pen.size * 0.95);
    pen.y += pen.size * random.range(2.0, 2.8);
  }
  if (random.chance(0.5)) {
    // A row of digit boxes (account numbers, codes).
    const n = random.int(8, 20);
    const box = pen.size * 1.4;
    for (let i = 0; i < n; i++) {
      const x = pen.left + i * box;
      pen.formLine.lineWidth = lw;
      pen.formLine.strokeRect(x, pen.y - box * 0.8, box, box);
      if (random.chance(0.7)) text(pen, String(random.int(0, 9)), x + box / 2, pen.y, pen.size, 'center');
    }
    pen.y += box * 1.6;
  }
  if (random.chance(0.5)) {
    // Check boxes with options.
    for (let i = 0; i < random.int(2, 4); i++) {
      const box = pen.size * 0.9;
      pen.formLine.lineWidth = lw;
      pen.formLine.strokeRect(pen.left, pen.y - box, box, box);
      text(pen, words(random, language, random.int(2, 6)), pen.left + box * 1.8, pen.y, pen.size);
      pen.y += pen.size * 1.9;
    }
  }
  pen.y += pen.size;
}

/** Two signing parties side by side: a label over each column, the line below it, the name under the line. */
function partiesBlock(pen: Pen, slots: SignatureSlot[], lw: number): void {
  const { random, language } = pen;
  const column = (pen.right - pen.left) / 2;
  const labelStyle: TextLook = { bold: pen.look.chance(0.4) };
  const yLine = pen.y + pen.size * random.range(2.6, 3.6);
  for (let i = 0; i < 2; i++) {
    const x0 = pen.left + i * column;
    text(pen, `${random.pick(SIGN_LABELS[language])}:`, x0, pen.y, pen.size, 'left', labelStyle);
    const width = column * random.range(0.55, 0.8);
    line(pen, x0, yLine, x0 + width, yLine, lw);
    if (random.chance(0.7)) text(pen, `/ ${random.pick(PERSON_NAMES[language])} /`, x0 + width / 2, yLine + pen.size * 1.2, pen.size * 0.85, 'center');
    slots.push({ x: x0, y: yLine, width });
  }
  pen.y = yLine + pen.size * random.range(4, 6);
}

function signatureBlock(pen: Pen, slots: SignatureSlot[]): void {
  const { random, language } = pen;
  const count = random.chance(0.4) ? 2 : 1;
  const lw = random.range(0.5, 1.4);
  pen.y += pen.size * random.range(3, 6);
  if (count === 2 && random.chance(0.4) && pen.y < pen.pageHeight - 120) {
    partiesBlock(pen, slots, lw);
    return;
  }
  for (let i = 0; i < count && pen.y < pen.pageHeight - 60; i++) {
    const left = pen.left + random.range(0, 0.3) * (pen.right - pen.left);
    const w = text(pen, random.pick(SIGN_LABELS[language]), left, pen.y, pen.size, 'left', { bold: pen.look.chance(0.15) });
    const x0 = left + w + pen.size * random.range(0.8, 3);
    const width = Math.min(random.range(160, 300), pen.right - x0 - 200);
    if (width < 80) continue;
    const yLine = pen.y + pen.size * 0.2;
    if (random.chance(0.25)) {
      pen.printed.font = cssFont(pen.face, pen.size);
      const underscores = '_'.repeat(Math.max(5, Math.round(width / Math.max(1, pen.printed.measureText('_').width))));
      text(pen, underscores, x0, pen.y + pen.size * 0.15, pen.size);
    } else {
      line(pen, x0, yLine, x0 + width, yLine, lw);
    }
    if (random.chance(0.6)) text(pen, `/ ${random.pick(PERSON_NAMES[language])} /`, x0 + width + pen.size * 0.8, pen.y, pen.size);
    if (random.chance(0.4)) text(pen, language === 'ru' ? '(подпись)' : '(signature)', x0 + width / 2, yLine + pen.size * 0.9, pen.size * 0.65, 'center', { italic: pen.look.chance(0.4) });
    slots.push({ x: x0, y: yLine, width });
    pen.y += pen.size * random.range(4, 7);
  }
}

/** Letters: a numbered section heading (bold) before a paragraph. */
function heading(pen: Pen, index: number, style: TextLook): void {
  pen.y += pen.size * 0.4;
  text(pen, `${index}. ${words(pen.look, pen.language, pen.look.int(1, 4))}`, pen.left, pen.y, pen.size * pen.look.range(1.05, 1.3), 'left', style);
  pen.y += pen.size * 1.7;
}

export function drawPage(printed: SKRSContext2D, formLine: SKRSContext2D, random: Random, look: Random, pageHeight: number, ink: string): PageLayout {
  const language: Language = random.chance(0.5) ? 'ru' : 'en';
  const kind = random.pick<DocumentKind>(['letter', 'invoice', 'form']);
  const face = random.pick(facesFor(PRINTED_FONTS, language === 'ru' ? 'я' : 'a'));
  const margin = random.range(60, 110);
  const accent = look.chance(0.3) ? look.pick(ACCENT_INKS) : null;
  const pen: Pen = { printed, formLine, random, look, language, ink, accent: accent && css(jitter(look, accent.rgb, 8)), face, pageHeight, size: random.range(13, 20), left: margin, right: 1000 - margin * random.range(0.6, 1), y: random.range(50, 100) };
  const slots: SignatureSlot[] = [];
  const logo = header(pen, accent);
  if (kind === 'letter') {
    const headings: TextLook | null = look.chance(0.3) ? { bold: look.chance(0.85), ink: accentFor(pen, 0.4) } : null;
    for (let i = random.int(2, 6), n = 1; i > 0 && pen.y < pageHeight * 0.7; i--, n++) {
      if (headings) heading(pen, n, headings);
      paragraph(pen, random.int(2, 7));
    }
  } else if (kind === 'invoice') {
    paragraph(pen, random.int(1, 3), false);
    table(pen);
    if (random.chance(0.6)) text(pen, sentence(random, language), pen.left, pen.y, pen.size * 0.9);
    pen.y += pen.size * 1.5;
  } else {
    fields(pen);
    if (random.chance(0.5)) paragraph(pen, random.int(1, 4));
  }
  signatureBlock(pen, slots);
  if (pen.y < pageHeight - 150 && random.chance(0.6)) paragraph(pen, random.int(1, 3));
  if (random.chance(0.5)) {
    const y = pageHeight - random.range(30, 60);
    const ink = accentFor(pen, 0.4);
    text(pen, `${words(random, language, random.int(3, 8))} · ${numberText(random)}`, pen.left, y, pen.size * 0.7, 'left', { italic: look.chance(0.35), ink: look.chance(0.5) ? ink : null });
    if (ink) line(pen, pen.left, y - pen.size * 1.1, pen.right, y - pen.size * 1.1, look.range(0.8, 3), ink);
  }
  return { kind, language, font: face.pkg, slots, bottom: pen.y, accent: accent?.name ?? null, logo };
}
