import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { encodeLosslessWebp } from '../../../shared/webp/losslessWebp';
import { alphaPlanes as planes, compareDecoded as compare, lcg, rgbaWithAlpha } from '../../../shared/testing/alphaPlanes';

/** The stored WebP is read by whatever the user opens it with: a second libwebp than sharp's (Debian's, installed by .ci/run) must agree. */
describe('the lossless WebP in another decoder', () => {
  it('decodes the same in Debian’s libwebp (dwebp), not only in sharp’s', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inklift-webp-'));
    try {
      const w = 301;
      const h = 211;
      const rgba = rgbaWithAlpha(planes['noise over every value (literals only, a full alphabet)'](w, h), noisyInk());
      fs.writeFileSync(path.join(dir, 'in.webp'), encodeLosslessWebp(rgba, w, h));
      execFileSync('dwebp', [path.join(dir, 'in.webp'), '-pam', '-o', path.join(dir, 'out.pam')], { stdio: 'pipe' });
      const pam = fs.readFileSync(path.join(dir, 'out.pam'));
      const headerEnd = pam.indexOf('ENDHDR\n') + 'ENDHDR\n'.length;
      const { colour, alphaWrong } = compare(pam.subarray(headerEnd), rgba);
      expect(alphaWrong).toBe(0);
      expect(colour).toBeLessThanOrEqual(3);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

function noisyInk() {
  const next = lcg(11);
  return (): [number, number, number] => [Math.floor(next() * 256), Math.floor(next() * 256), Math.floor(next() * 256)];
}
