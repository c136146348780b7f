/**
 * The fonts the generator draws with, registered once from the installed @fontsource packages
 * (woff2, one file per subset and style; each subset gets its own family alias and the CSS font
 * list names both, so Cyrillic glyphs come from the Cyrillic file). Printed faces also register
 * their bold (700) and italic files where the package ships them, under the same alias, so a
 * `bold`/`italic` canvas font picks the real face rather than a synthesised one.
 *
 * HANDWRITING: only these handwriting families may ever be used for synthetic signatures. Other
 * handwriting fonts are reserved for independent evaluation — do not add any (a test enforces it).
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { GlobalFonts } from '@napi-rs/canvas';

export interface FontFace {
  /** The @fontsource package name (without scope). */
  pkg: string;
  /** Whether the package ships a Cyrillic subset. */
  cyrillic: boolean;
  /** Whether the package ships the bold (700) files. */
  bold?: boolean;
  /** Whether the package ships the italic files (400, and 700 where bold). */
  italic?: boolean;
}

/** Printed families: serif, sans, mono and condensed, each with its bold and (mostly) italic styles. */
export const PRINTED_FONTS: readonly FontFace[] = [
  { pkg: 'roboto', cyrillic: true, bold: true, italic: true },
  { pkg: 'pt-serif', cyrillic: true, bold: true, italic: true },
  { pkg: 'pt-sans', cyrillic: true, bold: true, italic: true },
  { pkg: 'noto-serif', cyrillic: true, bold: true, italic: true },
  { pkg: 'roboto-mono', cyrillic: true, bold: true, italic: true },
  { pkg: 'open-sans', cyrillic: true, bold: true, italic: true },
  { pkg: 'roboto-condensed', cyrillic: true, bold: true, italic: true },
  // Metric twins of the office classics (Times New Roman, Arial, Courier New).
  { pkg: 'tinos', cyrillic: true, bold: true, italic: true },
  { pkg: 'arimo', cyrillic: true, bold: true, italic: true },
  { pkg: 'cousine', cyrillic: true, bold: true, italic: true },
  { pkg: 'ibm-plex-serif', cyrillic: true, bold: true, italic: true },
  { pkg: 'pt-sans-narrow', cyrillic: true, bold: true },
  { pkg: 'fira-sans-condensed', cyrillic: true, bold: true, italic: true },
];

export const HANDWRITING_FONTS: readonly FontFace[] = [
  { pkg: 'caveat', cyrillic: true },
  { pkg: 'dancing-script', cyrillic: false },
  { pkg: 'great-vibes', cyrillic: true },
  { pkg: 'alex-brush', cyrillic: false },
  { pkg: 'allura', cyrillic: false },
  { pkg: 'sacramento', cyrillic: false },
  { pkg: 'satisfy', cyrillic: false },
  { pkg: 'yellowtail', cyrillic: false },
  { pkg: 'kaushan-script', cyrillic: false },
  { pkg: 'parisienne', cyrillic: false },
  { pkg: 'pinyon-script', cyrillic: false },
  { pkg: 'bad-script', cyrillic: true },
  { pkg: 'indie-flower', cyrillic: false },
  { pkg: 'reenie-beanie', cyrillic: false },
  { pkg: 'shadows-into-light', cyrillic: false },
  { pkg: 'rock-salt', cyrillic: false },
  { pkg: 'vibur', cyrillic: false },
  { pkg: 'caveat-brush', cyrillic: false },
];

const alias = (pkg: string, subset: 'latin' | 'cyrillic') => `synth-${pkg}${subset === 'cyrillic' ? '-cyr' : ''}`;
let registered = false;

function fontsourceDir(pkg: string): string {
  const require = createRequire(import.meta.url);
  return path.dirname(require.resolve(`@fontsource/${pkg}/package.json`));
}

/** Registers every generator font with @napi-rs/canvas (idempotent). Throws when a font file is missing. */
export function registerSynthFonts(): void {
  if (registered) return;
  for (const face of [...PRINTED_FONTS, ...HANDWRITING_FONTS]) {
    const dir = path.join(fontsourceDir(face.pkg), 'files');
    const styles = ['400-normal'];
    if (face.bold) styles.push('700-normal');
    if (face.italic) styles.push(...(face.bold ? ['400-italic', '700-italic'] : ['400-italic']));
    for (const subset of face.cyrillic ? (['latin', 'cyrillic'] as const) : (['latin'] as const)) {
      for (const style of styles) {
        const file = path.join(dir, `${face.pkg}-${subset}-${style}.woff2`);
        if (!existsSync(file)) throw new Error(`synth font missing: ${file}`);
        GlobalFonts.registerFromPath(file, alias(face.pkg, subset));
      }
    }
  }
  registered = true;
}

/** Bold and/or italic; a style the face does not ship is left out (never synthesised). */
export interface FontStyle {
  bold?: boolean;
  italic?: boolean;
}

/** A canvas `font` value: style, size in px and the face's Latin then Cyrillic alias. */
export function cssFont(face: FontFace, sizePx: number, style: FontStyle = {}): string {
  const families = face.cyrillic ? `"${alias(face.pkg, 'latin')}", "${alias(face.pkg, 'cyrillic')}"` : `"${alias(face.pkg, 'latin')}"`;
  const italic = style.italic && face.italic ? 'italic ' : '';
  const bold = style.bold && face.bold ? 'bold ' : '';
  return `${italic}${bold}${sizePx.toFixed(1)}px ${families}`;
}

export const hasCyrillic = (text: string): boolean => /[\u0400-\u04ff]/.test(text);

/** Faces able to draw the text (Cyrillic text only with faces that have the Cyrillic subset). */
export function facesFor(faces: readonly FontFace[], text: string): readonly FontFace[] {
  return hasCyrillic(text) ? faces.filter((f) => f.cyrillic) : faces;
}
