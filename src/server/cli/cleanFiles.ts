/**
 * The local command line's work, file by file: the server's own adapters (decode with EXIF
 * orientation, PDF page one, the src/core pipeline with the chosen engine, PNG/WebP encoding), no
 * server and no account. One file's failure is its own outcome, never the batch's end.
 */
import { readdir, readFile, rename, stat, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { cleanImage, type CleanOptions, type Engine } from '../../core';
import { roundKeptInkShare } from '../../shared/api';
import { ApiError } from '../errors';
import { encodePng, encodeWebp } from '../imaging/encode';
import { decodeDocument, type ProcessLimits } from '../processing/processDocument';

export type OutputFormat = 'png' | 'webp';

/** What a folder given as input contributes: its documents by extension (the content decides later). */
const DOCUMENT_EXTENSIONS = new Set(['.png', '.jpg', '.jpeg', '.pdf']);

export interface CleanJob {
  input: string;
  output: string;
}

export interface CleanedFile {
  input: string;
  ok: true;
  output: string;
  kind: string;
  width: number;
  height: number;
  source: { width: number; height: number };
  found: { items: number; kept_ink_share: number; nothing_found: boolean };
  crop: { left: number; top: number; width: number; height: number } | null;
  flattened: boolean;
  engine: string;
  seconds: number;
}

export interface FailedFile {
  input: string;
  ok: false;
  error: { code: string; message: string };
  seconds: number;
}

export type FileOutcome = CleanedFile | FailedFile;

/**
 * The files to clean: each argument as given, a folder as its PNG/JPG/PDF files (sorted, not
 * recursive). A missing path stays in the list and fails as that file, so it is reported.
 */
export async function expandInputs(args: string[]): Promise<string[]> {
  const files: string[] = [];
  for (const arg of args) {
    const info = await stat(arg).catch(() => null);
    if (!info?.isDirectory()) {
      files.push(arg);
      continue;
    }
    const names = (await readdir(arg)).filter((name) => DOCUMENT_EXTENSIONS.has(path.extname(name).toLowerCase())).sort();
    for (const name of names) files.push(path.join(arg, name));
  }
  return files;
}

/**
 * Where each result goes: `<out>/<name without extension>.<format>`. Never over an input, and never
 * two results in one file (a.jpg and a.pdf, or two folders' a.jpg): a clash gets `-2`, `-3`, ….
 */
export function planOutputs(inputs: string[], outDir: string, format: OutputFormat): CleanJob[] {
  const taken = new Set(inputs.map((input) => path.resolve(input)));
  return inputs.map((input) => {
    const stem = path.basename(input, path.extname(input)) || 'document';
    let output = path.join(outDir, `${stem}.${format}`);
    for (let n = 2; taken.has(path.resolve(output)); n++) output = path.join(outDir, `${stem}-${n}.${format}`);
    taken.add(path.resolve(output));
    return { input, output };
  });
}

export interface CleanSettings {
  options: CleanOptions;
  format: OutputFormat;
  engine: Engine;
  limits: ProcessLimits;
}

/** One document: read → decode → clean → encode → write (through a temporary name, so a result is whole or absent). */
export async function cleanFile(job: CleanJob, settings: CleanSettings): Promise<FileOutcome> {
  const started = performance.now();
  const seconds = () => Math.round(performance.now() - started) / 1000;
  try {
    const bytes = await readInput(job.input);
    const { image, kind } = await decodeDocument(bytes, settings.limits);
    const result = await cleanImage(image, settings.options, settings.engine);
    const encoded = settings.format === 'png' ? await encodePng(result.image) : await encodeWebp(result.image);
    await writeResult(job.output, encoded);
    return {
      input: job.input,
      ok: true,
      output: job.output,
      kind,
      width: result.image.width,
      height: result.image.height,
      source: { width: image.width, height: image.height },
      found: { items: result.found.items, kept_ink_share: roundKeptInkShare(result.found.keptInkShare), nothing_found: result.found.nothingFound },
      crop: result.crop ?? null,
      flattened: result.flattened,
      engine: result.engine,
      seconds: seconds(),
    };
  } catch (error) {
    return { input: job.input, ok: false, error: describeFailure(error), seconds: seconds() };
  }
}

class FileError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

async function readInput(file: string): Promise<Buffer> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new FileError('not_found', 'No such file.');
    if (code === 'EISDIR') throw new FileError('not_a_file', 'This is a folder.');
    throw new FileError('unreadable', `The file could not be read (${code ?? (error as Error).message}).`);
  }
  if (bytes.length === 0) throw new ApiError(400, 'invalid_image', 'The file is empty.');
  return bytes;
}

async function writeResult(output: string, encoded: Uint8Array): Promise<void> {
  const partial = `${output}.partial-${process.pid}`;
  try {
    await mkdir(path.dirname(output), { recursive: true });
    await writeFile(partial, encoded);
    await rename(partial, output);
  } catch (error) {
    throw new FileError('write_failed', `The result could not be written to ${output} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}).`);
  }
}

/** The API's error codes for what the server would refuse the same way (invalid_image, unsupported_media_type, image_too_large); file codes for the rest. */
function describeFailure(error: unknown): { code: string; message: string } {
  if (error instanceof ApiError || error instanceof FileError) return { code: error.code, message: error.message };
  return { code: 'internal_error', message: String((error as Error)?.message ?? error) };
}
