/**
 * What the three `npm run eval -- --real` tasks (paper removal, ink, sheet) share: their options, the
 * engines they can run, and where they write besides the console — each page's figures as JSON, and
 * their tables in a marked section of the model card (report split only).
 */
import { writeFileSync } from 'node:fs';
import type { DatasetIndex, PageSplit } from '../realData/datasetIndex';
import { loadEngines, type EngineChoice, type EngineSlot } from '../engines';
import { writeMarkedSection } from '../markdownTable';

export interface RealEvalRunOptions {
  dataDir: string;
  split: PageSplit;
  engine: EngineChoice;
  threads: number;
  /** Writes each page's figures there. */
  jsonPath?: string;
  /** Writes the table(s) into this file's marked section for the task (report split only). */
  readmePath?: string;
  /** The command line quoted above the table in the readme. */
  command?: string;
  log?: (line: string) => void;
}

export type UsableEngine = EngineSlot & { engine: NonNullable<EngineSlot['engine']> };

/** Refuses to write the model card from any split but the report split. */
export function checkReadmeSplit(options: RealEvalRunOptions): void {
  if (options.readmePath && options.split !== 'report') throw new Error('eval --real: --write-readme reports the report split only');
}

/** The chosen engines that load, and a line for each that does not; throws when none loads. */
export async function loadUsableEngines(options: RealEvalRunOptions, log: (line: string) => void): Promise<{ usable: UsableEngine[]; unavailable: string[] }> {
  const slots = await loadEngines(options.engine, options.threads);
  const usable = slots.filter((s): s is UsableEngine => s.engine !== null);
  const unavailable = slots.filter((s) => !s.engine).map((s) => `${s.label} engine unavailable (${s.reason})`);
  for (const line of unavailable) log(`eval --real: ${line}`);
  if (usable.length === 0) throw new Error('eval --real: no engine to evaluate');
  return { usable, unavailable };
}

export interface EvalOutput {
  /** The figures written to the JSON file after split, dataDir and builtAt. */
  figures: Record<string, unknown>;
  /** What one JSON entry is ("page", "photo"). */
  unit: string;
  /** The model card's marked section and the command quoted there when none was given. */
  section: string;
  defaultCommand: string;
  /** The markdown written into the section (after the command and date), and what it is called in the log. */
  body: string;
  what: string;
}

export function writeEvalOutputs(options: RealEvalRunOptions, index: DatasetIndex, output: EvalOutput, log: (line: string) => void): void {
  if (options.jsonPath) {
    writeFileSync(options.jsonPath, `${JSON.stringify({ split: options.split, dataDir: options.dataDir, builtAt: index.builtAt, ...output.figures }, null, 2)}\n`);
    log(`eval --real: per-${output.unit} figures written to ${options.jsonPath}`);
  }
  if (options.readmePath) {
    const date = new Date().toISOString().slice(0, 10);
    writeMarkedSection(options.readmePath, output.section, `\`${options.command ?? output.defaultCommand}\` (${date}):\n\n${output.body}`);
    log(`eval --real: ${output.what} written to ${options.readmePath}`);
  }
}
