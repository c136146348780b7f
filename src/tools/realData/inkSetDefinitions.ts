/**
 * The real ink sets (the real-ink issue): which repository and commit, which paths, under which
 * licence statement. The input of pinInkSets.ts, which lists the files and adds the sets to
 * models/data/real/sources.json beside the paper sets of pinnedSetDefinitions.ts.
 */
import type { PinnedSet } from './sourcesManifest';
import { NAME_PAGE_SPLIT_RULE, STAVER_SPLIT_RULE, TOBACCO800_SPLIT_RULE, WRITER_SPLIT_RULE } from './inkSetSplits';

/** An ink set before its pages (and boxes file) are pinned. */
export interface InkSetDefinition extends Omit<PinnedSet, 'pages' | 'boxes'> {
  kind: 'inkClasses' | 'signatureBoxes' | 'inkCrops';
  /** signatureBoxes: the boxes file's path at the set's commit. */
  boxesPath?: string;
}

export const STAVER: InkSetDefinition = {
  name: 'staver',
  title: 'StaVer',
  kind: 'inkClasses',
  role: 'split',
  repository: 'aabhashbasnet/scan_detect',
  // The only commit holding the images themselves; the later ones hold Git LFS pointers.
  commit: '589f6c70ad84912fb171d79bc6ba09ae186d22de',
  licence: 'none stated (no licence file; the data is the StaVer dataset of DFKI): research use only, not redistributed',
  paths: {
    image: 'stamp-ai/scans/scans/{id}.png',
    truth: 'stamp-ai/ground-truth-pixel/ground-truth-pixel/{id}-px.png',
    labels: 'GroundTruth/300dpi/{id}/LabelAllInOne.png',
  },
  truthFormat: 'binary',
  splitRule: STAVER_SPLIT_RULE,
  labelSource: {
    repository: 'karinawie/StaVerGt',
    commit: '0e3d5498a9e3c4a7dae0ee502b874446efc311ee',
    licence: 'none stated (no licence file; README cites Dey et al., IJDAR 2016 and ICVGIP 2016): research use only, not redistributed',
  },
  notes: [
    'truth = StaVer stamp-ink map (dark ink on white) for stampDS-00001…00400 only; 00401…00427 have no stamp-ink map in the repository.',
    'labels = StaVerGt LabelAllInOne.png (0 text, 1 bold text, 2 graphics, 3 logo, 4 stamp, 5 headers, 6 headline, 7 signature, 8 noise, 255 background) for the pages StaVerGt annotated; ' +
      'they are about 1.515 times the scan in each direction (e.g. 2472 × 3489 for a 1632 × 2302 scan) and are resampled to the scan by nearest neighbour when built.',
    'Pages with neither a stamp-ink map nor a label map are not pinned (no truth).',
    'stamp-ai/info/info/*.txt is not used: its numStamps says 1 for stampDS-00158, whose scan and stamp-ink map hold no stamp.',
  ],
};

export const TOBACCO800: InkSetDefinition = {
  name: 'tobacco800',
  title: 'Tobacco800',
  kind: 'signatureBoxes',
  role: 'split',
  repository: 'Purefekt/signature-detection-and-extraction',
  commit: '2a6dbc20c0558478f4a21dc80dfcb3597ed9b947',
  licence: 'none stated (no licence file; the pages are from Tobacco800 / the IIT CDIP collection): research use only, not redistributed',
  paths: { image: 'cnn_class_label_predictor/test/{class}/{id}.tif' },
  boxesPath: 'assets/ground_truth_bbox.json',
  boxesComplete: false,
  splitRule: TOBACCO800_SPLIT_RULE,
  notes: [
    'Bilevel TIFF office letters. signature/ pages have one box each in assets/ground_truth_bbox.json ([xmin, ymin, xmax, ymax], the first zone of the original XML); other signatures on a page may be unboxed, so boxes are not complete (no leak figure).',
    'A box may also hold printed text beside the signature (a closing, the typed name): the reference ink inside it counts that too.',
  ],
};

export const CROSS_MEDIA_SIGNATURES: InkSetDefinition = {
  name: 'crossmedia',
  title: 'Cross-media Signatures (paper)',
  kind: 'inkCrops',
  role: 'split',
  repository: 'dishangti/Cross-media-Signatures',
  commit: '46ca4087849be0cd61b8667cb109bf1498939418',
  licence: 'MIT (LICENSE: "MIT License, Copyright (c) 2023 低熵体"; the data of Luo et al., Adv. Intell. Syst. 5:2300439, 2023); real people\'s names: keep internal',
  // {writer} and {n}: the volunteer's number and the crop's number; {ext}: png, or jpg for writers 51-75.
  paths: { image: 'experiment/rect/{writer}/{n}.{ext}' },
  crops: { ink: 'signature', first: 1, last: 10 },
  splitRule: WRITER_SPLIT_RULE,
  notes: [
    'experiment/rect/<writer>/<n>: 40 crops per volunteer of ten Chinese names; n 1-10 are on paper (grey pen ink with its texture, scanned or photographed), ' +
      'n 11-20 on an iPad (solid black), n 21-40 on a phone (thin, often red or orange lines, some on black): checked by eye on every writer\'s crops 1, 5, 10, 11, 12, 21 and 31. Only 1-10 are pinned.',
    'The crops\' pixel size is not physical: writers 1-48 are cut from CamScanner A4 pages (origin/1-48/paper/*.pdf, about 9 px/mm) and enlarged (writer 1: about 4.5 times), ' +
      'writers 52-75 resized to a fixed width (230-300 px), the others cut from page photos of any resolution. data:real-ink scales each name to an ink height of 8 mm (as measured on those A4 pages).',
    'Left out: control/rect (220 paper crops of 11 control volunteers, numbered 1-11 like the first experiment writers, so a writer split across both is not certain), ' +
      'origin/ page scans and photos (the same names the crops were cut from), and the square/bin/skel derivatives.',
    'Volunteers 34 and 36 wrote with the left hand.',
  ],
};

/**
 * The page scans and photos the Cross-media crops were cut from: each holds one volunteer's ten
 * pen-written Chinese names and nothing else, so all of its ink is signature (the page is its one,
 * complete box). The figure that measures a page of handwriting in another script, where the
 * Tobacco800 letters measure a signature beside print.
 */
export const CROSS_MEDIA_NAME_PAGES: InkSetDefinition = {
  name: 'crossmedianames',
  title: 'Cross-media name pages',
  kind: 'signatureBoxes',
  role: 'split',
  repository: 'dishangti/Cross-media-Signatures',
  commit: '46ca4087849be0cd61b8667cb109bf1498939418',
  licence: CROSS_MEDIA_SIGNATURES.licence,
  paths: { image: 'origin/49-100/paper/{id}.jpg' },
  pageIsBox: true,
  boxesComplete: true,
  splitRule: NAME_PAGE_SPLIT_RULE,
  notes: [
    'origin/49-100/paper/<N>.jpg: volunteer N\'s page of ten pen-written names, flatbed scans and phone photos of any size (368 × 1154 to 4624 × 3468), some sideways. ' +
      'The page number some volunteers wrote at the top is handwriting too.',
    'Pages 1-48 are PDFs (origin/1-48/paper) and are not pinned; 90 and 91 are over 4 MiB and absent from the copy this manifest was pinned from.',
  ],
};

export const INK_SET_DEFINITIONS: readonly InkSetDefinition[] = [STAVER, TOBACCO800, CROSS_MEDIA_SIGNATURES, CROSS_MEDIA_NAME_PAGES];
