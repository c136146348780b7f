import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_TYPED_TEXT, readTypedText, typedTextOf } from './typedText';

describe('typed text marked in the signature boxes', () => {
  const dir = mkdtempSync(join(tmpdir(), 'inklift-typed-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (content: unknown) => {
    const file = join(dir, `${Math.random()}.json`);
    writeFileSync(file, JSON.stringify(content));
    return file;
  };

  it('reads the rectangles per set and page; a page listed without any was looked at, an unlisted one was not', () => {
    const typed = readTypedText(write({ sets: { tobacco800: { a: [[1, 2, 30, 40]], b: [] } } }));
    expect(typedTextOf(typed, 'tobacco800', 'a')).toEqual([[1, 2, 30, 40]]);
    expect(typedTextOf(typed, 'tobacco800', 'b')).toEqual([]);
    expect(typedTextOf(typed, 'tobacco800', 'c')).toBeUndefined();
    expect(typedTextOf(typed, 'staver', 'a')).toBeUndefined();
  });

  it('refuses rectangles that are not [x0, y0, x1, y1] with x0 < x1 and y0 < y1', () => {
    expect(() => readTypedText(write({ sets: { t: { a: [[5, 2, 5, 40]] } } }))).toThrow(/t\/a/);
    expect(() => readTypedText(write({ sets: { t: { a: [[1, 2, 3]] } } }))).toThrow(/t\/a/);
    expect(() => readTypedText(write({ sets: { t: { a: [[1.5, 2, 3, 4]] } } }))).toThrow(/t\/a/);
    expect(() => readTypedText(write({ pages: {} }))).toThrow(/"sets"/);
  });

  it('no file: no annotations', () => {
    expect(readTypedText(join(dir, 'absent.json'))).toEqual({});
  });

  it('the committed file is well formed and covers every boxed Tobacco800 page of val and report (67)', () => {
    const typed = readTypedText(DEFAULT_TYPED_TEXT);
    expect(Object.keys(typed.tobacco800)).toHaveLength(67);
  });
});
