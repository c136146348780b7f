/**
 * Print that runs up or down a page's side margin, turned by a quarter turn: the Bates numbers of legal
 * and archived letters (Tobacco800 carries one on nearly every page), form and catalogue numbers,
 * revision dates, file references. Drawn on the printed layer in page units, so its truth is printed
 * text. Without it the class model had only ever seen print lying along rows, and took such a column
 * of digits for handwriting (`extract=signature` kept it).
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { cssFont, facesFor, PRINTED_FONTS } from './fonts';
import type { Random } from './random';

const digits = (random: Random, count: number) => Array.from({ length: count }, () => random.int(0, 9)).join('');

/** One margin line's text: mostly Bates-like numbers, else form references (Latin or Cyrillic). */
function marginText(random: Random): string {
  const kind = random.next();
  if (kind < 0.45) return random.chance(0.5) ? digits(random, random.int(8, 11)) : `${random.pick(['TI', 'PM', 'RJR', 'LG', 'BW', 'ATX'])}${digits(random, random.int(6, 9))}`;
  if (kind < 0.6) return `${random.pick(['Form', 'Cat. No.', 'OMB No.', 'Ref.', 'Doc.'])} ${digits(random, random.int(3, 5))}-${digits(random, 2)}${random.chance(0.5) ? ` (Rev. ${random.int(1, 12)}/${random.int(1995, 2025)})` : ''}`;
  if (kind < 0.75) return `${random.pick(['Форма по ОКУД', 'Код формы', 'Приложение №', 'Лист', 'Инв. №'])} ${digits(random, random.int(2, 7))}`;
  if (kind < 0.9) return `${random.int(1, 28).toString().padStart(2, '0')}.${random.int(1, 12).toString().padStart(2, '0')}.${random.int(1995, 2025)} ${random.int(0, 23)}:${random.int(0, 59).toString().padStart(2, '0')}  ${random.pick(['Printed in U.S.A.', 'Page 1 of 2', 'Стр. 1 из 3', 'COPY', 'FILE'])}`;
  return `${random.pick(['C:\\DOCS\\', 'S:\\Legal\\', 'H:\\Buh\\'])}${random.pick(['contract', 'letter', 'akt', 'invoice'])}_${digits(random, 4)}.${random.pick(['doc', 'pdf', 'wpd'])}`;
}

/** One or two lines of print turned up or down the left or right margin of a page 1000 units wide. */
export function drawMarginPrint(printed: SKRSContext2D, random: Random, pageHeight: number): void {
  const lines = random.chance(0.75) ? 1 : 2;
  for (let i = 0; i < lines; i++) {
    const text = marginText(random);
    const faces = facesFor(PRINTED_FONTS, text);
    const face = faces[random.int(0, faces.length - 1)];
    const size = random.range(9, 24);
    printed.save();
    printed.font = cssFont(face, size, { bold: random.chance(0.3) });
    const width = printed.measureText(text).width;
    const left = random.chance(0.5);
    const x = left ? random.range(12, 50) : 1000 - random.range(12, 50);
    const y = random.range(0.15, 0.85) * pageHeight;
    printed.translate(x, y);
    // Read bottom to top (−90°) or top to bottom (+90°).
    printed.rotate(random.chance(0.5) ? -Math.PI / 2 : Math.PI / 2);
    printed.fillText(text, -width / 2, size / 3);
    printed.restore();
  }
}
