/**
 * `inklift`: the cleaning pipeline on this computer, no server and no account (`npx inklift`,
 * `npm run cli -- …`). The same decode, models and encoders as the server; results are files.
 */
import os from 'node:os';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { classicalEngine, type Engine } from '../../core';
import { CleanParamsSchema } from '../../shared/api';
import { loadConfig } from '../config';
import { loadModelEngine } from '../model/ortNodeEngine';
import { cleanOptionsFrom } from '../routes/cleanInput';
import { cleanFile, expandInputs, planOutputs, type FileOutcome } from './cleanFiles';
import { progressBar } from './progressBar';

export const HELP = `inklift clean <files or folders…> [options]

Turns photos, scans and PDFs (page one) into transparent ink, on this computer: the same pipeline
and models as the Inklift server, no server, no account. A folder stands for its PNG/JPG/PDF files.

Options:
  -o, --out DIR        Folder for the results (default: the current folder; created if missing).
                       A result is named after its input: scan.jpg → scan.png. An input is never
                       overwritten and two results never share a name (then scan-2.png, …);
                       an earlier run's result is replaced.
      --format FORMAT  png (default) or webp.
      --mode MODE      basic (only the paper removed), standard (default; also printed text and
                       other unneeded elements) or advanced.
      --extract WHAT   signature or stamp: keep only that element (selects advanced).
      --aggressive     Aggressive text removal (selects advanced).
      --crop           Crop each result to the kept ink plus a margin.
      --flatten        Straighten the sheet of a photo to its rectangle, as scanner apps do
                       (a flat scan or a tight crop is left as it is).
      --ink COLOUR     original (default: the ink's own colour), black, blue (document blue
                       #1f3a93) or #rrggbb: the kept ink recoloured, its soft edges kept.
      --engine ENGINE  model (default: the committed ink model through onnxruntime-node; if it
                       cannot load, the classical analysis runs instead and a note says why)
                       or classical.
      --json           Print one JSON document on stdout (every file's outcome and a summary)
                       instead of lines; errors still go to stderr too.
  -h, --help           Show this help.

A batch shows a progress bar on stderr when that is a terminal, one line per file, and a summary
(files, seconds, failures). A file that fails is reported and the others go on; the exit code is 0
when every file was written, 1 when any failed, 2 for a usage error.
Environment: INKLIFT_MODEL_PATH (the model file), INKLIFT_PDF_DPI (200), INKLIFT_MAX_MEGAPIXELS (50).

Example:
  inklift clean scans/*.jpg --extract signature --crop --ink black --out out/
`;

export const OPTIONS = {
  out: { type: 'string', short: 'o' },
  format: { type: 'string' },
  mode: { type: 'string' },
  extract: { type: 'string' },
  aggressive: { type: 'boolean' },
  crop: { type: 'boolean' },
  flatten: { type: 'boolean' },
  ink: { type: 'string' },
  engine: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies ParseArgsConfig['options'];

class UsageError extends Error {}

interface Output {
  out(text: string): void;
  err(text: string): void;
}

const processOutput: Output = {
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
};

/** Runs the command line; returns the exit code. */
export async function main(argv: string[], io: Output = processOutput): Promise<number> {
  const wantsJson = argv.includes('--json');
  try {
    return await run(argv, io);
  } catch (error) {
    if (!(error instanceof UsageError) && (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS') !== true) throw error;
    const message = (error as Error).message;
    io.err(`inklift: ${message}\nRun "inklift --help" for the options.`);
    if (wantsJson) io.out(JSON.stringify({ status: 'error', error: { code: 'usage', message } }));
    return 2;
  }
}

async function run(argv: string[], io: Output): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  if (values.help) {
    io.out(HELP);
    return 0;
  }
  const [command, ...paths] = positionals;
  if (command !== 'clean') throw new UsageError(command ? `unknown command "${command}" (the command is "clean")` : 'no command: inklift clean <files…> [options]');
  if (paths.length === 0) throw new UsageError('no files given: inklift clean <files or folders…>');

  const format = values.format ?? 'png';
  if (format !== 'png' && format !== 'webp') throw new UsageError(`--format must be png or webp, not "${format}"`);
  const engineChoice = values.engine ?? 'model';
  if (engineChoice !== 'model' && engineChoice !== 'classical') throw new UsageError(`--engine must be model or classical, not "${engineChoice}"`);
  // The API's own validation, so the command line accepts exactly what /api/clean accepts.
  const parsed = CleanParamsSchema.safeParse({
    mode: values.mode,
    extract: values.extract,
    aggressive: values.aggressive ?? false,
    crop: values.crop ?? false,
    flatten: values.flatten ?? false,
    ink: values.ink,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new UsageError(`--${issue.path.join('.')}: ${issue.message}`);
  }
  const options = cleanOptionsFrom(parsed.data);

  const inputs = await expandInputs(paths);
  if (inputs.length === 0) throw new UsageError(`no PNG, JPG or PDF files in ${paths.join(', ')}`);
  const jobs = planOutputs(inputs, values.out ?? '.', format);

  const started = performance.now();
  const config = loadConfig();
  const notes: string[] = [];
  const engine: Engine =
    engineChoice === 'classical'
      ? classicalEngine
      : (await loadModelEngine({ modelPath: config.modelPath ?? undefined, threads: os.availableParallelism(), log: (m) => notes.push(m) })).engine;
  for (const note of notes) io.err(`note: ${note.replace(/^inklift: /, '')}`);

  const bar = progressBar(jobs.length);
  const outcomes: FileOutcome[] = [];
  for (const job of jobs) {
    bar.update(outcomes.length, job.input);
    const outcome = await cleanFile(job, { options, format, engine, limits: { maxPixels: config.maxPixels, pdfDpi: config.pdfDpi } });
    outcomes.push(outcome);
    bar.above(() => {
      if (!outcome.ok) io.err(`✗ ${outcome.input}: ${outcome.error.message} (${outcome.error.code})`);
      else if (!values.json) io.out(`✓ ${outcome.input} → ${outcome.output}  ${describeCleaned(outcome, options.extract)}`);
    });
  }
  bar.update(outcomes.length, '');
  bar.end();

  const seconds = Math.round((performance.now() - started) / 100) / 10;
  const failed = outcomes.filter((o) => !o.ok).length;
  const summary = { files: outcomes.length, written: outcomes.length - failed, failed, seconds };
  if (values.json) {
    io.out(
      JSON.stringify(
        {
          status: failed === 0 ? 'ok' : 'failed',
          engine: engine.name,
          notes,
          options: { ...options, format },
          files: outcomes,
          summary,
        },
        null,
        2,
      ),
    );
  } else {
    const failures = failed === 0 ? 'no failures' : `${failed} failed: ${outcomes.filter((o) => !o.ok).map((o) => o.input).join(', ')}`;
    io.out(`${summary.files} file${summary.files === 1 ? '' : 's'} in ${seconds.toFixed(1)} s: ${summary.written} written, ${failures} (engine ${engine.name})`);
  }
  return failed === 0 ? 0 : 1;
}

function describeCleaned(outcome: Extract<FileOutcome, { ok: true }>, extract: string): string {
  const parts = [`${outcome.width}×${outcome.height}`, `${outcome.seconds.toFixed(1)} s`];
  if (outcome.found.nothing_found) parts.push(`no ${extract} found (the result is empty)`);
  else parts.push(`${outcome.found.items} item${outcome.found.items === 1 ? '' : 's'}`);
  return parts.join(', ');
}
