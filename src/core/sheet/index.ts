export { findSheet } from './findSheet';
export { clearOffSheet, sheetSpans, type SheetSpans } from './sheetSpans';
export { straightenSheet } from './straighten';
