/**
 * Evaluation sets reserved for independent evaluation: never pinned, built, trained, tuned or
 * chosen on, in any form. The source repositories hold some of them beside the sets we use, so the
 * pinning script, the manifest reader and the builder all refuse any path that looks like one of them.
 */
export const RESERVED_SETS: readonly string[] = [
  'DIBCO 2014', 'H-DIBCO 2016', 'DIBCO 2017', 'H-DIBCO 2018', 'DIBCO 2019', 'MCS (2019)', 'MS-TEx / MSI 2015',
  'StaVer pages stampDS-00360…00399 and stampDS-00420…00427 (scans, masks and StaVerGt label maps)',
  `Tobacco800 documents ${'wry97e00 xjx9aa00 wtm90c00 xrm23c00 yhk94f00 yhw13f00 wrv35d00 xpg81c00 zkd43f00 xyb11c00'.split(' ').join(', ')} (every page)`,
];

/** StaVer page numbers reserved by the real-ink issue (inclusive ranges). */
export const RESERVED_STAVER_PAGES: readonly (readonly [number, number])[] = [
  [360, 399],
  [420, 427],
];

/** Tobacco800 documents reserved by the real-ink issue: any page whose file name holds one of these ids. */
export const RESERVED_TOBACCO800_DOCUMENTS: readonly string[] = [
  'wry97e00', 'xjx9aa00', 'wtm90c00', 'xrm23c00', 'yhk94f00', 'yhw13f00', 'wrv35d00', 'xpg81c00', 'zkd43f00', 'xyb11c00',
];

const RESERVED_PATTERNS: readonly { set: string; pattern: RegExp }[] = [
  // datasets/DIBCO/2014/…, DIBCO_data/2016/…, TRAIN_DIBCO2017_…, HDIBCO2018…, a file named 2019-….
  { set: 'DIBCO 2014–2019', pattern: /DIBCO[^/]*\/(?:2014|2016|2017|2018|2019)(?:\/|$)/i },
  { set: 'DIBCO 2014–2019', pattern: /DIBCO[_ -]?(?:2014|2016|2017|2018|2019)/i },
  { set: 'DIBCO 2014–2019', pattern: /(?:^|\/)(?:2014|2016|2017|2018|2019)[-_]/ },
  // DIBCO 2019 as SauvolaNet stores it: TRAIN_1D19_source.bmp.
  { set: 'DIBCO 2019', pattern: /(?:^|\/|_)\d+D19[_.]/i },
  { set: 'MCS', pattern: /MCS/i },
  { set: 'MS-TEx / MSI 2015', pattern: /MSI|MS-?TEx/i },
];

/**
 * The StaVer page number a path names (stampDS-00360.png, stampDS-00360-px.png,
 * GroundTruth/300dpi/stampDS-00360/LabelAllInOne.png, stampds_360 …), or null when it names none.
 */
export function staverPageNumber(path: string): number | null {
  const match = /stamp[\s_-]*ds[\s_-]*0*(\d{1,6})(?!\d)/i.exec(path);
  return match ? Number(match[1]) : null;
}

function reservedStaverPage(path: string): boolean {
  const page = staverPageNumber(path);
  return page !== null && RESERVED_STAVER_PAGES.some(([first, last]) => page >= first && page <= last);
}

/** Tobacco800 document ids are 8 characters; compare without case, separators or a file extension in the way. */
function reservedTobaccoDocument(path: string): boolean {
  const name = path.toLowerCase();
  return RESERVED_TOBACCO800_DOCUMENTS.some((document) => name.includes(document));
}

/** Which reserved set a repository path belongs to, or null when it is none of them. */
export function reservedReason(path: string): string | null {
  if (reservedStaverPage(path)) return 'StaVer reserved pages (stampDS-00360…00399, 00420…00427)';
  if (reservedTobaccoDocument(path)) return 'Tobacco800 reserved documents';
  return RESERVED_PATTERNS.find(({ pattern }) => pattern.test(path))?.set ?? null;
}
