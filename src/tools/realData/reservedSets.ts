/**
 * Evaluation sets reserved for independent evaluation: never pinned, built, trained, tuned or
 * chosen on, in any form. Both source repositories hold some of them beside the sets we use, so the
 * pinning script and the manifest reader both refuse any path that looks like one of them.
 */
export const RESERVED_SETS: readonly string[] = [
  'DIBCO 2014', 'H-DIBCO 2016', 'DIBCO 2017', 'H-DIBCO 2018', 'DIBCO 2019', 'MCS (2019)', 'MS-TEx / MSI 2015',
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

/** Which reserved set a repository path belongs to, or null when it is none of them. */
export function reservedReason(path: string): string | null {
  return RESERVED_PATTERNS.find(({ pattern }) => pattern.test(path))?.set ?? null;
}
