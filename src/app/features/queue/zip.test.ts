import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { uniqueNames, zipFiles } from './zip';

// The system Python starts in a tenth of the time a version manager's shim takes.
const PYTHON = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';

interface ReadEntry {
  name: string;
  dateTime: number[];
  utf8Flag: boolean;
  stored: boolean;
  bytes: number[];
}

/**
 * Opens the archive with Python's zipfile, a reader independent of the writer: it fails on a
 * broken central directory, and `testzip` reads every entry and checks its CRC-32.
 */
function readWithPython(zip: Uint8Array): { badEntry: string | null; entries: ReadEntry[] } {
  const script = `
import io, json, sys, zipfile
with zipfile.ZipFile(io.BytesIO(sys.stdin.buffer.read())) as z:
    bad = z.testzip()
    entries = [{"name": i.filename, "dateTime": list(i.date_time), "utf8Flag": bool(i.flag_bits & 0x800),
                "stored": i.compress_type == zipfile.ZIP_STORED, "bytes": list(z.read(i))} for i in z.infolist()]
print(json.dumps({"badEntry": bad, "entries": entries}))
`;
  return JSON.parse(execFileSync(PYTHON, ['-c', script], { input: zip }).toString());
}

async function archiveBytes(blob: Blob): Promise<Uint8Array> {
  return new Uint8Array(await blob.arrayBuffer());
}

describe('zipFiles', () => {
  it('writes an archive an independent reader opens, each entry stored with its bytes and a valid CRC-32', async () => {
    const allBytes = Uint8Array.from({ length: 256 }, (_, i) => i);
    const zip = await zipFiles([
      { name: 'page-ink.png', blob: new Blob([allBytes], { type: 'image/png' }) },
      { name: 'other-ink.webp', blob: new Blob(['hello'], { type: 'image/webp' }) },
    ]);
    expect(zip.type).toBe('application/zip');
    const { badEntry, entries } = readWithPython(await archiveBytes(zip));
    expect(badEntry).toBeNull();
    expect(entries.map((e) => e.name)).toEqual(['page-ink.png', 'other-ink.webp']);
    expect(entries.every((e) => e.stored)).toBe(true);
    expect(entries[0].bytes).toEqual([...allBytes]);
    expect(entries[1].bytes).toEqual([...new TextEncoder().encode('hello')]);
  });

  it('gives duplicate names a number so no entry overwrites another', async () => {
    const zip = await zipFiles([
      { name: 'a-ink.png', blob: new Blob(['first']) },
      { name: 'a-ink.png', blob: new Blob(['second']) },
      { name: 'a-ink.png', blob: new Blob(['third']) },
    ]);
    const { badEntry, entries } = readWithPython(await archiveBytes(zip));
    expect(badEntry).toBeNull();
    expect(entries.map((e) => [e.name, new TextDecoder().decode(Uint8Array.from(e.bytes))])).toEqual([
      ['a-ink.png', 'first'],
      ['a-ink (2).png', 'second'],
      ['a-ink (3).png', 'third'],
    ]);
  });

  it('dates every entry at the given moment in local time (DOS time keeps even seconds)', async () => {
    const lastModified = new Date(2024, 2, 5, 14, 7, 39);
    const zip = await zipFiles(
      [
        { name: 'one-ink.png', blob: new Blob(['1']) },
        { name: 'two-ink.png', blob: new Blob(['2']) },
      ],
      { lastModified },
    );
    const { entries } = readWithPython(await archiveBytes(zip));
    expect(entries.map((e) => e.dateTime)).toEqual([
      [2024, 3, 5, 14, 7, 38],
      [2024, 3, 5, 14, 7, 38],
    ]);
  });

  it('dates entries at the moment of zipping by default', async () => {
    const before = new Date();
    const { entries } = readWithPython(await archiveBytes(await zipFiles([{ name: 'now-ink.png', blob: new Blob(['x']) }])));
    const [year, month, day, hours, minutes, seconds] = entries[0].dateTime;
    const stamped = new Date(year, month - 1, day, hours, minutes, seconds).getTime();
    expect(stamped).toBeGreaterThanOrEqual(before.getTime() - 2_000);
    expect(stamped).toBeLessThanOrEqual(Date.now());
  });

  it('flags names as UTF-8 so accented file names survive', async () => {
    const { entries } = readWithPython(await archiveBytes(await zipFiles([{ name: 'Überweisung-ink.png', blob: new Blob(['x']) }])));
    expect(entries[0]).toMatchObject({ name: 'Überweisung-ink.png', utf8Flag: true });
  });

  it('streams each result instead of copying it whole into an ArrayBuffer', async () => {
    const streamedOnly = (text: string): Blob => {
      const blob = new Blob([text]);
      blob.arrayBuffer = () => Promise.reject(new Error('read whole'));
      blob.bytes = () => Promise.reject(new Error('read whole'));
      return blob;
    };
    const zip = await zipFiles([
      { name: 'a-ink.png', blob: streamedOnly('alpha') },
      { name: 'b-ink.png', blob: streamedOnly('beta') },
    ]);
    const { badEntry, entries } = readWithPython(await archiveBytes(zip));
    expect(badEntry).toBeNull();
    expect(entries.map((e) => new TextDecoder().decode(Uint8Array.from(e.bytes)))).toEqual(['alpha', 'beta']);
  });
});

describe('uniqueNames', () => {
  it('numbers repeated names before the extension', () => {
    expect(uniqueNames(['x.png', 'x.png', 'y', 'y'])).toEqual(['x.png', 'x (2).png', 'y', 'y (2)']);
  });
  it('never repeats a name that was already in the list', () => {
    expect(uniqueNames(['x (2).png', 'x.png', 'x.png', 'x.png'])).toEqual(['x (2).png', 'x.png', 'x (3).png', 'x (4).png']);
    expect(uniqueNames(['x.png', 'x.png', 'x (2).png'])).toEqual(['x.png', 'x (2).png', 'x (2) (2).png']);
  });
});
