export { findSheet } from './findSheet';
export { findSheetWithModel, SHEET_MODEL_NAME } from './sheetModel';
export { clearOffSheet, sheetSpans, type SheetSpans } from './sheetSpans';
export { straightenSheet } from './straighten';
export { clearCovered } from './cover';
export { clearDeskAtSheetEdge } from './sheetEdge';
export { clearDeskAtFrameEdge } from './frameEdge';
