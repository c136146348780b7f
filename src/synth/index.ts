export { generateDocument, type DocumentMeta, type GenerateOptions, type SynthDocument } from './generate';
export { CLASS_THRESHOLD, type GroundTruth } from './compose';
export { HANDWRITING_FONTS, PRINTED_FONTS, registerSynthFonts } from './fonts';
export { SPLIT_BASE, SPLIT_SIZE, splitOfSeed, splitSeed, isSplit, type Split } from './splits';
export { generateDeskPhoto, type DeskMeta, type DeskPhoto, type DeskPhotoOptions } from './desk/scene';
export { DESK_KINDS, type DeskKind } from './desk/desks';
