/**
 * npm run eval -- --real [--task paper|stamp|signature|all|sheet] [--data DIR] [--split report|val|train] [--engine classical|model|both] [--threads N] [--write-readme] [--json FILE]
 *
 * --task paper (the default) is the paper-removal table on the paper sets (realEval.ts); stamp and
 * signature score extract=stamp / extract=signature on the ink sets (realInkReport.ts); all runs the
 * three. With --json and --task all, the ink figures go to FILE with ".ink" before its extension.
 * --task sheet scores the sheet found in real phone photos against their true corners (sheet IoU, ink
 * kept outside the true sheet: realSheetEval.ts); it is not part of `all`.
 *
 * Defaults: --data models/.cache/real (built by `npm run data:real -- --from DIR`), --split report
 * (H-DIBCO 2012 and DIBCO 2013, never trained or tuned on), --engine classical. `--split val` scores
 * the training sets' own held-out pages: the ones to tune on. See realEval.ts for what is measured.
 */
import { fileURLToPath } from 'node:url';
import { DEFAULT_REAL_DATA_DIR, type PageSplit } from '../realData/datasetIndex';
import { isEngineChoice } from '../engines';
import { runRealEval } from './realEval';
import { runRealInkEval } from './realInkReport';
import { runRealSheetEval } from './realSheetEval';
import type { InkTask } from './realInkEval';

const TASKS = ['paper', 'stamp', 'signature', 'all', 'sheet'] as const;
type TaskChoice = (typeof TASKS)[number];
const isTask = (value: string): value is TaskChoice => (TASKS as readonly string[]).includes(value);
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
  const task = flag(argv, 'task', 'paper');
  if (!isTask(task)) throw new Error('--task must be paper, stamp, signature, all or sheet');
  const writeReadme = argv.includes('--write-readme');
  const common = {
    dataDir: flag(argv, 'data', DEFAULT_REAL_DATA_DIR),
    split,
    engine,
    threads: Number(flag(argv, 'threads', '1')),
    readmePath: writeReadme ? fileURLToPath(new URL('../../../models/README.md', import.meta.url)) : undefined,
  };
  const jsonPath = flag(argv, 'json', '') || undefined;
  try {
    if (task === 'paper' || task === 'all') {
      await runRealEval({ ...common, jsonPath, command: `npm run eval -- --real --engine ${engine}` });
    }
    if (task === 'sheet') {
      await runRealSheetEval({ ...common, jsonPath, command: `npm run eval -- --real --task sheet --engine ${engine}` });
    }
    if (task === 'stamp' || task === 'signature' || task === 'all') {
      const tasks: InkTask[] = task === 'all' ? ['stamp', 'signature'] : [task];
      const inkJson = jsonPath && task === 'all' ? jsonPath.replace(/(\.[^./]+)?$/, '.ink$1') : jsonPath;
      await runRealInkEval({ ...common, tasks, jsonPath: inkJson, command: `npm run eval -- --real --task ${task} --engine ${engine}` });
    }
    return 0;
  } catch (error) {
    if (error instanceof MissingRealDataError) {
      console.error(`eval --real: ${error.message}`);
      return 2;
    }
    throw error;
  }
}
