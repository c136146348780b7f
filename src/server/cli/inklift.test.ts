/** The local command line, run for real (`node bin/inklift.js`, a child process) on documents generated into a temporary folder. */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentPhoto, signedLetterPdf } from '../testing/fixtures';
import { planOutputs } from './cleanFiles';
import { OPTIONS } from './inklift';

const LAUNCHER = fileURLToPath(new URL('../../../bin/inklift.js', import.meta.url));
let dir: string;

/** The command as a user runs it: exit code, stdout and stderr (not a terminal: no progress bar). */
function inklift(args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const options = { cwd: dir, timeout: 120_000, maxBuffer: 16 * 1024 * 1024, env: { ...process.env, ...env } };
    execFile(process.execPath, [LAUNCHER, ...args], options, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
    });
  });
}

async function pixels(file: string) {
  const { data, info } = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  let visible = 0;
  let notBlack = 0;
  for (let i = 0; i < data.length; i += 4) {
    if (data[i + 3] === 0) continue;
    visible++;
    if (data[i] !== 0 || data[i + 1] !== 0 || data[i + 2] !== 0) notBlack++;
  }
  return { info, visible, notBlack };
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inklift-cli-'));
  fs.mkdirSync(path.join(dir, 'scans'));
  fs.writeFileSync(path.join(dir, 'scans', 'contract.jpg'), await documentPhoto());
  fs.writeFileSync(path.join(dir, 'scans', 'receipt.png'), await documentPhoto(900, 600, 'png'));
  fs.writeFileSync(path.join(dir, 'scans', 'letter.pdf'), signedLetterPdf(2));
  // A JPEG's first bytes and then garbage: the kind a broken download leaves.
  fs.writeFileSync(path.join(dir, 'scans', 'broken.jpg'), Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]));
});

afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('inklift clean (the real command)', () => {
  it('cleans a batch with the model, goes on past a corrupt file, reports it and exits 1', async () => {
    const { code, stdout, stderr } = await inklift([
      'clean',
      'scans/contract.jpg',
      'scans/broken.jpg',
      'scans/receipt.png',
      'scans/letter.pdf',
      '--extract',
      'signature',
      '--crop',
      '--ink',
      'black',
      '--out',
      'out',
    ]);
    expect(code).toBe(1);
    expect(stderr).toMatch(/✗ scans\/broken\.jpg: .*corrupt.*\(invalid_image\)/);
    expect(stderr).not.toMatch(/\r|\[#/); // no progress bar into a pipe
    for (const name of ['contract', 'receipt', 'letter']) {
      expect(stdout).toContain(`✓ scans/${name}.`);
      const { info, visible, notBlack } = await pixels(path.join(dir, 'out', `${name}.png`));
      expect(info.channels).toBe(4);
      expect(visible, `${name}: kept ink`).toBeGreaterThan(100);
      expect(notBlack, `${name}: recoloured`).toBe(0);
    }
    expect(fs.existsSync(path.join(dir, 'out', 'broken.png'))).toBe(false);
    // PDF page one at 200 DPI, cropped to the signature: smaller than the 1700 × 2200 page.
    expect((await pixels(path.join(dir, 'out', 'letter.png'))).info.width).toBeLessThan(1700);
    expect(stdout).toMatch(/^4 files in \d+\.\d s: 3 written, 1 failed: scans\/broken\.jpg \(engine model:/m);
    expect(fs.readdirSync(path.join(dir, 'out')).filter((f) => f.includes('.partial'))).toEqual([]);
  });

  it('--json prints one JSON document with every file and a summary (a folder stands for its documents)', async () => {
    const { code, stdout } = await inklift(['clean', 'scans', '--json', '--engine', 'classical', '--format', 'webp', '--mode', 'basic', '-o', 'json-out']);
    expect(code).toBe(1);
    const report = JSON.parse(stdout) as {
      status: string;
      engine: string;
      options: Record<string, unknown>;
      files: Array<{ input: string; ok: boolean; output?: string; error?: { code: string; message: string }; found?: { items: number } }>;
      summary: { files: number; written: number; failed: number; seconds: number };
    };
    expect(report.status).toBe('failed');
    expect(report.engine).toBe('classical');
    expect(report.options).toMatchObject({ mode: 'basic', ink: 'original', format: 'webp' });
    expect(report.files.map((f) => f.input)).toEqual(['scans/broken.jpg', 'scans/contract.jpg', 'scans/letter.pdf', 'scans/receipt.png']);
    expect(report.files[0]).toMatchObject({ ok: false, error: { code: 'invalid_image' } });
    for (const file of report.files.slice(1)) {
      expect(file.ok).toBe(true);
      expect((await sharp(path.join(dir, file.output!)).metadata()).format).toBe('webp');
    }
    expect(report.summary).toMatchObject({ files: 4, written: 3, failed: 1 });
    expect(report.summary.seconds).toBeGreaterThan(0);
  });

  it('exits 0 when every file was written; a usage error is exit 2 (as JSON too with --json)', async () => {
    const ok = await inklift(['clean', 'scans/contract.jpg', '--engine', 'classical', '--ink', '#1F3A93', '-o', 'ok']);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/1 file in .* 1 written, no failures/);
    const badInk = await inklift(['clean', 'scans/contract.jpg', '--ink', 'red', '--json']);
    expect(badInk.code).toBe(2);
    expect(JSON.parse(badInk.stdout)).toMatchObject({ status: 'error', error: { code: 'usage' } });
    expect(badInk.stderr).toMatch(/--ink: must be original, black, blue or a colour #rrggbb/);
    expect((await inklift(['clean', 'scans/contract.jpg', '--colour', 'black'])).code).toBe(2);
    expect((await inklift(['clean'])).code).toBe(2);
    expect((await inklift(['clean', 'x.jpg', '--extract', 'face'])).code).toBe(2);
  });

  it('falls back to the classical engine, with a note, when the model cannot load', async () => {
    const { code, stdout, stderr } = await inklift(['clean', 'scans/contract.jpg', '-o', 'fallback', '--json'], { INKLIFT_MODEL_PATH: path.join(dir, 'no-such-model.onnx') });
    expect(code).toBe(0);
    expect(stderr).toMatch(/^note: ink model not used, classical engine instead: no model file at .*no-such-model\.onnx/m);
    const report = JSON.parse(stdout) as { engine: string; notes: string[]; summary: { written: number } };
    expect(report.engine).toBe('classical');
    expect(report.notes.join('\n')).toContain('no-such-model.onnx');
    expect(report.summary.written).toBe(1);
  });

  it('--help documents every option', async () => {
    const { code, stdout } = await inklift(['--help']);
    expect(code).toBe(0);
    for (const [name, option] of Object.entries(OPTIONS)) {
      expect(stdout, name).toContain(`--${name}`);
      if ('short' in option) expect(stdout).toContain(`-${option.short}, --${name}`);
    }
    expect(stdout).toContain('inklift clean scans/*.jpg --extract signature --crop --ink black --out out/');
  });
});

describe('planOutputs', () => {
  it('names a result after its input, never over an input, never two in one file', () => {
    const jobs = planOutputs(['a/scan.jpg', 'b/scan.jpg', 'a/scan.pdf', 'out/page.png', 'x/page.png'], 'out', 'png');
    expect(jobs.map((j) => j.output)).toEqual(['out/scan.png', 'out/scan-2.png', 'out/scan-3.png', 'out/page-2.png', 'out/page-3.png']);
  });
});
