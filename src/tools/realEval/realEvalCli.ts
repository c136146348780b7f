/**
 * npm run eval -- --real [--data DIR] [--split report|val|train] [--engine classical|model|both] [--threads N] [--write-readme] [--json FILE]
 *
 * Defaults: --data models/.cache/real (built by `npm run data:real -- --from DIR`), --split report
 * (H-DIBCO 2012 and DIBCO 2013, never trained or tuned on), --engine classical. `--split val` scores
 * the training sets' own held-out pages: the ones to tune on. See realEval.ts for what is measured.
 */
import { fileURLToPath } from 'node:url';
import { DEFAULT_REAL_DATA_DIR, type PageSplit } from '../realData/datasetIndex';
import { isEngineChoice } from '../engines';
import { runRealEval } from './realEval';
import { MissingRealDataError } from './realPages';

const SPLITS: readonly PageSplit[] = ['report', 'val', 'train'];
const isPageSplit = (value: string): value is PageSplit => (SPLITS as readonly string[]).includes(value);

function flag(argv: readonly string[], name: string, fallback: string): string {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] !== undefined ? argv[i + 1] : fallback;
}

/** Runs the real evaluation from command-line arguments; returns the process's exit code. */
export async function realEvalCli(argv: readonly string[]): Promise<number> {
  const split = flag(argv, 'split', 'report');
  const engine = flag(argv, 'engine', 'classical');
  if (!isPageSplit(split)) throw new Error('--split must be report, val or train');
  if (!isEngineChoice(engine)) throw new Error('--engine must be classical, model or both');
  const writeReadme = argv.includes('--write-readme');
  try {
    await runRealEval({
      dataDir: flag(argv, 'data', DEFAULT_REAL_DATA_DIR),
      split,
      engine,
      threads: Number(flag(argv, 'threads', '1')),
      jsonPath: flag(argv, 'json', '') || undefined,
      readmePath: writeReadme ? fileURLToPath(new URL('../../../models/README.md', import.meta.url)) : undefined,
      command: `npm run eval -- --real --engine ${engine}`,
    });
    return 0;
  } catch (error) {
    if (error instanceof MissingRealDataError) {
      console.error(`eval --real: ${error.message}`);
      return 2;
    }
    throw error;
  }
}
