/**
 * StaVerGt's ink labels as the class model's InkClass ids, so a real page with a label map is a
 * training page like a generated one: text, bold text, headers, headlines and logos are printed ink
 * (the generator prints logos as printed ink too), graphics (table rules, boxes) are form lines,
 * stamps stamps, signatures handwriting, noise noise, background paper.
 */
import { InkClass, type InkClassId } from '../../core/shared/types';

const STAVERGT_TO_INK_CLASS: Readonly<Record<number, InkClassId>> = {
  0: InkClass.printed, // text
  1: InkClass.printed, // bold text
  2: InkClass.formLine, // graphics
  3: InkClass.printed, // logo
  4: InkClass.stamp,
  5: InkClass.printed, // headers
  6: InkClass.printed, // headline
  7: InkClass.handwriting, // signature
  8: InkClass.noise,
  255: InkClass.paper, // background
};

/** Per pixel: the InkClass of a StaVerGt label; a value the labels do not define is paper. */
export function labelsToClasses(labels: Uint8Array): Uint8Array {
  const lookup = new Uint8Array(256).fill(InkClass.paper);
  for (const [label, inkClass] of Object.entries(STAVERGT_TO_INK_CLASS)) lookup[Number(label)] = inkClass;
  const classes = new Uint8Array(labels.length);
  for (let p = 0; p < labels.length; p++) classes[p] = lookup[labels[p]];
  return classes;
}
