import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CleanResponseSchema, ErrorResponseSchema } from '../shared/api';
import { buildPdf, documentPhoto, fileBlob, scannedMaskPdf, scannedPdf, multipart, rotatedJpeg, sheetOnDeskPhoto, signedLetterPdf, typedPage } from './testing/fixtures';
import { startTestServer, type TestServer } from './testing/harness';
import { parseServerTiming } from './routes/serverTiming';

let server: TestServer;
let key: string;
let imageServer: http.Server;
let imageBase: string;
let photo: Buffer;

async function balanceAndFiles(k: string) {
  const files = (await (await server.request('/api/files', { key: k })).json()) as { files: { uuid: string }[] };
  return files.files.length;
}

async function expectError(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/application\/json/);
  const body = ErrorResponseSchema.parse(await response.json());
  expect(body.error.code).toBe(code);
  expect(body.error.message.length).toBeGreaterThan(5);
}

async function alphaStats(bytes: Buffer) {
  const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  let transparent = 0;
  let opaque = 0;
  for (let i = 3; i < data.length; i += 4) {
    if (data[i] === 0) transparent++;
    else if (data[i] > 200) opaque++;
  }
  return { info, transparent: transparent / (info.width * info.height), opaque };
}

beforeAll(async () => {
  server = await startTestServer();
  key = (await server.account(1000)).key;
  photo = await documentPhoto();
  imageServer = http.createServer((req, res) => {
    if (req.url === '/photo.jpg') return res.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo);
    if (req.url === '/redirect') return res.writeHead(302, { location: '/photo.jpg' }).end();
    if (req.url === '/missing') return res.writeHead(404).end('nope');
    if (req.url === '/text') return res.writeHead(200, { 'content-type': 'text/plain' }).end('hello, not an image');
    res.writeHead(500).end();
  });
  await new Promise<void>((resolve) => imageServer.listen(0, '127.0.0.1', resolve));
  imageBase = `http://127.0.0.1:${(imageServer.address() as AddressInfo).port}`;
});

afterAll(async () => {
  imageServer?.close();
  await server?.close();
});

describe('POST /api/clean', () => {
  it('returns the §2.1 JSON (plus the documented found), charges one processing and stores the file', async () => {
    const response = await server.request('/api/clean', { method: 'POST', key, body: multipart({ file: fileBlob(photo), name: 'Contract' }) });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(Object.keys(body).sort()).toEqual(['found', 'limit', 'remaining', 'status', 'url', 'uuid']);
    const parsed = CleanResponseSchema.parse(body);
    expect(parsed.limit).toBe(1000);
    expect(parsed.remaining).toBe(999);
    expect(parsed.url).toBe(`${server.baseUrl}/api/file/${parsed.uuid}`);
    const stored = await fetch(parsed.url);
    expect(stored.status).toBe(200);
    expect(stored.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await stored.arrayBuffer())).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.hasAlpha).toBe(true);
    const list = (await (await server.request('/api/files', { key })).json()) as { files: { uuid: string; name: string }[] };
    expect(list.files.find((f) => f.uuid === parsed.uuid)?.name).toBe('Contract');
  });

  it('type=png returns a PNG with alpha: paper transparent, ink opaque; balance headers set', async () => {
    const response = await server.request('/api/clean', { method: 'POST', key, body: multipart({ file: fileBlob(photo), type: 'png' }) });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('x-file-uuid')).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number(response.headers.get('x-remaining'))).toBeGreaterThanOrEqual(0);
    expect(response.headers.get('x-limit')).toBe('1000');
    // Server-Timing: every step of the request with its duration, the thread's steps within process.
    const timing = parseServerTiming(response.headers.get('server-timing'));
    // The stored WebP is made after the response: only the PNG is encoded on the request's path.
    expect(Object.keys(timing)).toEqual(['upload', 'account', 'sniff', 'process', 'queue', 'decode', 'clean', 'png', 'store', 'db', 'total']);
    expect(timing.decode + timing.clean + timing.png).toBeLessThanOrEqual(timing.process + 0.2);
    expect(timing.process).toBeLessThanOrEqual(timing.total);
    const bytes = Buffer.from(await response.arrayBuffer());
    const stats = await alphaStats(bytes);
    expect(stats.info.channels).toBe(4);
    expect(stats.info.width).toBe(900);
    expect(stats.transparent).toBeGreaterThan(0.8);
    expect(stats.opaque).toBeGreaterThan(500);
  });

  it('type=webp returns the stored WebP with alpha', async () => {
    const response = await server.request('/api/clean', { method: 'POST', key, body: multipart({ file: fileBlob(photo), type: 'webp' }) });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(Object.keys(parseServerTiming(response.headers.get('server-timing')))).toContain('webp');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect((await sharp(bytes).metadata()).hasAlpha).toBe(true);
    const stored = await fetch(`${server.baseUrl}/api/file/${response.headers.get('x-file-uuid')}`);
    expect(Buffer.from(await stored.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('detects a PNG by content whatever its name, and reads PDF page one only', async () => {
    const png = await documentPhoto(500, 300, 'png');
    const asPdfName = new File([new Uint8Array(png)], 'scan.pdf', { type: 'application/pdf' });
    const pngResponse = await server.request('/api/clean', { method: 'POST', key, body: multipart({ file: asPdfName, type: 'png' }) });
    expect(pngResponse.status).toBe(200);
    expect((await sharp(Buffer.from(await pngResponse.arrayBuffer())).metadata()).width).toBe(500);

    const pdf = signedLetterPdf(3);
    const response = await server.request('/api/clean', { method: 'POST', key, body: multipart({ file: fileBlob(pdf), type: 'png' }) });
    expect(response.status).toBe(200);
    const stats = await alphaStats(Buffer.from(await response.arrayBuffer()));
    // Page one is US Letter at 200 DPI; the later pages are 200 pt squares.
    expect([stats.info.width, stats.info.height]).toEqual([1700, 2200]);
    expect(stats.opaque).toBeGreaterThan(1000);
  });

  it('renders a PDF page longer than a WebP can be (a till receipt) at the DPI that fits it', async () => {
    const receipt = buildPdf([{ widthPt: 100, heightPt: 7200, content: 'BT /F1 12 Tf 10 7100 Td (Total 12.40) Tj ET' }]);
    const response = await server.request('/api/clean', { method: 'POST', key, body: multipart({ file: fileBlob(receipt), type: 'webp' }) });
    expect(response.status).toBe(200);
    // 200 DPI would make it 20 000 pixels tall; WebP holds 16 383.
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 227, 16383]);
  });

  it('renders a scanned PDF page at its scan’s resolution (300 DPI), a coarser scan at 200 DPI', async () => {
    const fine = await server.request('/api/clean', { method: 'POST', key, body: multipart({ file: fileBlob(await scannedPdf(300)), type: 'png' }) });
    expect(fine.status).toBe(200);
    expect(fine.headers.get('x-inklift-source-size')).toBe('2550x3300');
    const coarse = await server.request('/api/clean', { method: 'POST', key, body: multipart({ file: fileBlob(await scannedPdf(150)), type: 'png' }) });
    expect(coarse.status).toBe(200);
    expect(coarse.headers.get('x-inklift-source-size')).toBe('1700x2200');
    // A bilevel scan stored as a 1-bit image mask, as fax-like PDFs are.
    const bilevel = await server.request('/api/clean', { method: 'POST', key, body: multipart({ file: fileBlob(scannedMaskPdf(300)), type: 'png' }) });
    expect(bilevel.status).toBe(200);
    expect(bilevel.headers.get('x-inklift-source-size')).toBe('2550x3300');
    expect((await alphaStats(Buffer.from(await bilevel.arrayBuffer()))).opaque).toBeGreaterThan(10_000);
  });

  it('crop=1 returns the ink with a margin and says where it sits in the input', async () => {
    const response = await server.request('/api/clean', { method: 'POST', key, body: multipart({ file: fileBlob(photo), type: 'png', crop: '1' }) });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-inklift-source-size')).toBe('900x600');
    const [left, top, width, height] = response.headers.get('x-inklift-crop')!.split(',').map(Number);
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([width, height]);
    expect(width * height).toBeLessThan(900 * 600);
    expect(left + width).toBeLessThanOrEqual(900);
    expect(top + height).toBeLessThanOrEqual(600);
  });

  it('applies EXIF orientation', async () => {
    const response = await server.request('/api/clean', { method: 'POST', key, body: multipart({ file: fileBlob(await rotatedJpeg(400, 200)), type: 'png' }) });
    expect(response.status).toBe(200);
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([200, 400]);
  });

  it('accepts every mode, extract and aggressive combination', async () => {
    const combinations: Record<string, string>[] = [{ mode: 'basic' }, { mode: 'standard' }, { mode: 'advanced', extract: 'signature', aggressive: '1' }, { extract: 'stamp' }, { aggressive: 'true' }];
    for (const fields of combinations) {
      const response = await server.request('/api/clean', { method: 'POST', key, body: multipart({ file: fileBlob(photo), ...fields }) });
      expect(response.status, JSON.stringify(fields)).toBe(200);
    }
  });

  it('fetches a url from an allowed loopback host, as form field or JSON body, following a redirect', async () => {
    const form = await server.request('/api/clean', { method: 'POST', key, body: multipart({ url: `${imageBase}/photo.jpg` }) });
    expect(form.status).toBe(200);
    const json = await server.request('/api/clean', {
      method: 'POST',
      key,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: `${imageBase}/redirect`, type: 'png' }),
    });
    expect(json.status).toBe(200);
    expect(json.headers.get('content-type')).toBe('image/png');
  });
});

describe('POST /api/clean with ink (beyond the spec)', () => {
  const clean = async (fields: Record<string, string>, k = key) =>
    server.request('/api/clean', { method: 'POST', key: k, body: multipart({ file: fileBlob(photo), type: 'png', mode: 'basic', ...fields }) });
  const pixels = async (response: Response) => {
    expect(response.status).toBe(200);
    const bytes = Buffer.from(await response.arrayBuffer());
    const { data } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    return { bytes, data, alpha: data.filter((_, i) => i % 4 === 3) };
  };

  it('recolours the kept ink with its alpha untouched; original is the default output byte for byte', async () => {
    const plain = await pixels(await clean({}));
    const original = await pixels(await clean({ ink: 'original' }));
    expect(original.bytes.equals(plain.bytes)).toBe(true);
    for (const [ink, rgb] of [['black', [0, 0, 0]], ['blue', [31, 58, 147]], ['#C81E1E', [200, 30, 30]], ['00a050', [0, 160, 80]]] as const) {
      const { data, alpha } = await pixels(await clean({ ink }));
      expect(Buffer.from(alpha).equals(Buffer.from(plain.alpha)), `${ink}: alpha`).toBe(true);
      let visible = 0;
      let other = 0;
      for (let i = 0; i < data.length; i += 4) {
        if (data[i + 3] === 0) continue;
        visible++;
        if (data[i] !== rgb[0] || data[i + 1] !== rgb[1] || data[i + 2] !== rgb[2]) other++;
      }
      expect(visible, ink).toBeGreaterThan(500);
      expect(other, `${ink}: visible pixels of another colour`).toBe(0);
    }
  });

  it('is accepted in a JSON body and the query string too', async () => {
    const json = await server.request('/api/clean', {
      method: 'POST',
      key,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: `${imageBase}/photo.jpg`, type: 'png', ink: 'black' }),
    });
    const { data } = await pixels(json);
    for (let i = 0; i < data.length; i += 4) if (data[i + 3] > 0) expect(data[i] | data[i + 1] | data[i + 2]).toBe(0);
    const query = await server.request('/api/clean?ink=%231f3a93', { method: 'POST', key, body: multipart({ file: fileBlob(photo) }) });
    expect(query.status).toBe(200);
  });

  it('refuses an invalid colour with 422 invalid_parameter, charging and storing nothing', async () => {
    const { key: k } = await server.account(5);
    for (const ink of ['red', 'BLACK', '#12345', '#1234567', 'rgb(0,0,0)', '']) {
      const response = await clean({ ink }, k);
      await expectError(response.clone(), 422, 'invalid_parameter');
      expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(/^ink: /);
    }
    expect((await (await server.request('/api/account', { key: k })).json()) as unknown).toEqual({ status: 'ok', remaining: 5, limit: 5 });
    expect(await balanceAndFiles(k)).toBe(0);
  });

  it('the OpenAPI document lists ink as beyond the spec, with its values', async () => {
    type Doc = { paths: { '/api/clean': { post: { requestBody: { content: Record<string, { schema: { properties: Record<string, { description?: string }> } }> } } } } };
    const doc = (await (await server.request('/api/openapi.json')).json()) as Doc;
    for (const content of Object.values(doc.paths['/api/clean'].post.requestBody.content)) {
      expect(content.schema.properties.ink.description).toMatch(/^Beyond the spec: .*original.*black.*blue.*#1f3a93.*#rrggbb/);
    }
  });
});

describe('POST /api/clean on a photo of a sheet on a desk', () => {
  it('says where the sheet is and keeps nothing of the desk', async () => {
    const desk = await sheetOnDeskPhoto();
    const response = await server.request('/api/clean', { method: 'POST', key, body: multipart({ file: fileBlob(desk.bytes), type: 'png', mode: 'basic' }) });
    expect(response.status).toBe(200);
    const numbers = response.headers.get('x-inklift-sheet')!.split(',').map(Number);
    expect(numbers).toHaveLength(8);
    desk.corners.forEach((c, k) => expect(Math.hypot(numbers[2 * k] - c.x, numbers[2 * k + 1] - c.y)).toBeLessThan(8));
    expect(response.headers.get('x-inklift-flattened')).toBeNull();
    const { data, info } = await sharp(Buffer.from(await response.arrayBuffer())).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([900, 600]);
    // The desk's corners of the frame are transparent.
    for (const [x, y] of [[5, 5], [890, 5], [5, 590], [890, 590]]) expect(data[(y * info.width + x) * 4 + 3]).toBe(0);
  });

  it('flatten=1 straightens the sheet to its rectangle, and crop=1 then places the ink in it', async () => {
    const desk = await sheetOnDeskPhoto();
    const response = await server.request('/api/clean', { method: 'POST', key, body: multipart({ file: fileBlob(desk.bytes), type: 'png', flatten: '1' }) });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-inklift-flattened')).toBe('1');
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect(Math.abs(meta.width! - desk.sheetWidth)).toBeLessThan(10);
    expect(Math.abs(meta.height! - desk.sheetHeight)).toBeLessThan(10);

    const cropped = await server.request('/api/clean', { method: 'POST', key, body: multipart({ file: fileBlob(desk.bytes), type: 'png', flatten: '1', crop: '1' }) });
    const [left, top, width, height] = cropped.headers.get('x-inklift-crop')!.split(',').map(Number);
    const croppedMeta = await sharp(Buffer.from(await cropped.arrayBuffer())).metadata();
    expect([croppedMeta.width, croppedMeta.height]).toEqual([width, height]);
    expect(left + width).toBeLessThanOrEqual(meta.width!);
    expect(top + height).toBeLessThanOrEqual(meta.height!);
  });

  it('flatten=1 without a findable sheet gives the unflattened result and says so', async () => {
    const response = await server.request('/api/clean', { method: 'POST', key, body: multipart({ file: fileBlob(photo), type: 'png', flatten: '1' }) });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-inklift-flattened')).toBe('0');
    expect(response.headers.get('x-inklift-sheet')).toBe('none');
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([900, 600]);
  });
});

describe('POST /api/clean says what was found; an extraction that found nothing is not charged', () => {
  const clean = (k: string, file: Buffer, fields: Record<string, string>) => server.request('/api/clean', { method: 'POST', key: k, body: multipart({ file: fileBlob(file), ...fields }) });
  const balance = async (k: string) => (await (await server.request('/api/account', { key: k })).json()) as { remaining: number; limit: number };
  const usageLines = async (id: string) =>
    Number((await server.inklift.sql.query<{ n: string }>('SELECT COUNT(*) AS n FROM usage WHERE account_id = $1', [id])).rows[0].n);

  it('a typed page without a signature, extract=signature: 200 and stored, 0 items, not charged, the balance the same everywhere', async () => {
    const { key: k, id } = await server.account(5);
    const typed = await typedPage();
    const json = await clean(k, typed, { extract: 'signature', name: 'Delivery note' });
    expect(json.status).toBe(200);
    expect(json.headers.get('x-inklift-found-items')).toBe('0');
    expect(json.headers.get('x-inklift-kept-ink-share')).toMatch(/^0\.0\d{3}$/);
    expect(json.headers.get('x-credits-charged')).toBe('0');
    expect(json.headers.get('x-remaining')).toBe('5');
    const body = CleanResponseSchema.parse(await json.json());
    expect(body).toMatchObject({ remaining: 5, limit: 5, found: { items: 0, nothing_found: true } });
    expect(body.found.kept_ink_share).toBe(Number(json.headers.get('x-inklift-kept-ink-share')));
    // Stored and listed as usual, downloadable.
    const listed = (await (await server.request('/api/files', { key: k })).json()) as { files: { uuid: string; name: string }[] };
    expect(listed.files.map((f) => [f.uuid, f.name])).toEqual([[body.uuid, 'Delivery note']]);
    expect((await fetch(body.url)).status).toBe(200);

    const png = await clean(k, typed, { extract: 'stamp', aggressive: '1', type: 'png' });
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect([png.headers.get('x-inklift-found-items'), png.headers.get('x-credits-charged'), png.headers.get('x-remaining')]).toEqual(['0', '0', '5']);
    const stats = await alphaStats(Buffer.from(await png.arrayBuffer()));
    expect(stats.opaque).toBeLessThan(50);

    expect(await balance(k)).toEqual({ status: 'ok', remaining: 5, limit: 5 });
    expect(await balanceAndFiles(k)).toBe(2);
    expect(await usageLines(id)).toBe(0);
  });

  it('a page with a signature, extract=signature: items ≥ 1 and charged; the whole page (no extract) is charged even when typed', async () => {
    const { key: k, id } = await server.account(5);
    const signed = await clean(k, photo, { extract: 'signature', type: 'png' });
    expect(signed.status).toBe(200);
    expect(Number(signed.headers.get('x-inklift-found-items'))).toBeGreaterThanOrEqual(1);
    const share = Number(signed.headers.get('x-inklift-kept-ink-share'));
    expect(share).toBeGreaterThan(0.005);
    expect(share).toBeLessThan(0.5);
    expect(signed.headers.get('x-credits-charged')).toBe('1');
    expect(signed.headers.get('x-remaining')).toBe('4');

    const whole = await clean(k, await typedPage(), {});
    const body = CleanResponseSchema.parse(await whole.json());
    expect(whole.headers.get('x-credits-charged')).toBe('1');
    expect(body).toMatchObject({ remaining: 3, found: { nothing_found: false } });
    expect(body.found.items).toBe(Number(whole.headers.get('x-inklift-found-items')));
    expect(await balance(k)).toEqual({ status: 'ok', remaining: 3, limit: 5 });
    expect(await usageLines(id)).toBe(2);
  });

  it('the OpenAPI document and the reference page document both headers and the non-charge', async () => {
    type Doc = { paths: { '/api/clean': { post: { summary: string; responses: { '200': { headers: Record<string, unknown> } } } } } };
    const doc = (await (await server.request('/api/openapi.json')).json()) as Doc;
    const post = doc.paths['/api/clean'].post;
    expect(Object.keys(post.responses['200'].headers)).toEqual(expect.arrayContaining(['X-Inklift-Found-Items', 'X-Inklift-Kept-Ink-Share', 'X-Credits-Charged']));
    expect(post.summary).toMatch(/none when extract=signature\|stamp finds nothing/);
    const page = await (await server.request('/api/docs')).text();
    expect(page).toContain('X-Inklift-Found-Items');
    expect(page).toContain('X-Inklift-Kept-Ink-Share');
  });
});

describe('POST /api/clean failures charge nothing and store nothing', () => {
  it.each([
    ['no key', {}, undefined, 401, 'unauthorized'],
    ['bad key', {}, 'ik_not-a-real-key', 401, 'unauthorized'],
  ])('%s → 401', async (_label, _fields, badKey, status, code) => {
    const response = await server.request('/api/clean', { method: 'POST', key: badKey, body: multipart({ file: fileBlob(photo) }) });
    await expectError(response, status, code);
  });

  it('refuses bad input with coded errors and leaves balance and files untouched', async () => {
    const { key: k } = await server.account(10);
    const text = fileBlob(Buffer.from('just some text, not an image'));
    const cases: [Record<string, string | Blob>, number, string][] = [
      [{}, 400, 'missing_input'],
      [{ file: text }, 415, 'unsupported_media_type'],
      [{ file: fileBlob(Buffer.alloc(0)) }, 400, 'invalid_image'],
      [{ file: fileBlob(photo.subarray(0, 400)) }, 400, 'invalid_image'],
      [{ file: fileBlob(photo), type: 'gif' }, 422, 'invalid_parameter'],
      [{ file: fileBlob(photo), extract: 'face' }, 422, 'invalid_parameter'],
      [{ file: fileBlob(photo), mode: 'turbo' }, 422, 'invalid_parameter'],
      [{ file: fileBlob(photo), aggressive: 'maybe' }, 422, 'invalid_parameter'],
      [{ file: fileBlob(photo), name: 'x'.repeat(256) }, 422, 'invalid_parameter'],
      [{ file: fileBlob(photo), url: `${imageBase}/photo.jpg` }, 422, 'invalid_parameter'],
      [{ url: 'ftp://example.com/a.png' }, 422, 'invalid_parameter'],
      [{ url: 'http://10.0.0.1/a.png' }, 400, 'url_forbidden'],
      [{ url: 'http://169.254.169.254/latest/meta-data' }, 400, 'url_forbidden'],
      [{ url: 'http://[::1]/a.png' }, 400, 'url_forbidden'],
      [{ url: `http://localhost:${new URL(imageBase).port}/photo.jpg` }, 400, 'url_forbidden'],
      [{ url: `${imageBase}/missing` }, 502, 'url_fetch_failed'],
      [{ url: `${imageBase}/text` }, 415, 'unsupported_media_type'],
    ];
    for (const [fields, status, code] of cases) {
      const response = await server.request('/api/clean', { method: 'POST', key: k, body: multipart(fields) });
      await expectError(response, status, code);
    }
    const ok = (await (await server.request('/api/clean', { method: 'POST', key: k, body: multipart({ file: fileBlob(photo) }) })).json()) as { remaining: number };
    expect(ok.remaining).toBe(9);
    expect(await balanceAndFiles(k)).toBe(1);
  });

  it('names the format of an image it does not read, and says what to do, charging nothing', async () => {
    const { key: k } = await server.account(5);
    const tiff = await sharp(photo).tiff().toBuffer();
    const webp = await sharp(photo).webp().toBuffer();
    // The first box of an iPhone photo: size, 'ftyp', major brand 'heic' (no encoder for HEVC here).
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1'), Buffer.alloc(64)]);
    for (const [bytes, named] of [[tiff, /a TIFF image/], [webp, /a WebP image/], [heic, /a HEIC photo.*JPEG/]] as const) {
      const response = await server.request('/api/clean', { method: 'POST', key: k, body: multipart({ file: fileBlob(bytes) }) });
      expect(response.status).toBe(415);
      const body = ErrorResponseSchema.parse(await response.json());
      expect([body.error.code, body.error.charged]).toEqual(['unsupported_media_type', false]);
      expect(body.error.message).toMatch(named);
      expect(body.error.message).toMatch(/not a PNG, JPG or PDF/);
    }
    const ok = (await (await server.request('/api/clean', { method: 'POST', key: k, body: multipart({ file: fileBlob(photo) }) })).json()) as { remaining: number };
    expect(ok.remaining).toBe(4);
    expect(await balanceAndFiles(k)).toBe(1);
  });

  it('answers 402 when the balance is exhausted', async () => {
    const { key: k } = await server.account(1);
    expect((await server.request('/api/clean', { method: 'POST', key: k, body: multipart({ file: fileBlob(photo) }) })).status).toBe(200);
    await expectError(await server.request('/api/clean', { method: 'POST', key: k, body: multipart({ file: fileBlob(photo) }) }), 402, 'insufficient_balance');
    expect(await balanceAndFiles(k)).toBe(1);
  });

  it('lets exactly K of N racing requests through a balance of K', async () => {
    const K = 3;
    const N = 8;
    const { key: k } = await server.account(K);
    const small = await documentPhoto(300, 200);
    const responses = await Promise.all(
      Array.from({ length: N }, () => server.request('/api/clean', { method: 'POST', key: k, body: multipart({ file: fileBlob(small) }) })),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(K);
    expect(statuses.filter((s) => s === 402)).toHaveLength(N - K);
    const bodies = (await Promise.all(responses.map((r) => r.json()))) as { remaining?: number }[];
    expect(Math.min(...bodies.filter((b) => b.remaining !== undefined).map((b) => b.remaining!))).toBe(0);
    expect(await balanceAndFiles(k)).toBe(K);
  });
});

describe('limits', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ maxUploadBytes: 200_000, maxPixels: 400_000, rateLimitPerMinute: 8, processingWorkers: 1 });
  });
  afterAll(async () => limited?.close());

  it('refuses too many bytes and too many pixels with 413, and rate-limits per key with 429', async () => {
    const { key: k } = await limited.account(10);
    const big = await sharp({ create: { width: 1500, height: 1500, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } }).png().toBuffer();
    await expectError(await limited.request('/api/clean', { method: 'POST', key: k, body: multipart({ file: fileBlob(big) }) }), 413, 'file_too_large');
    const wide = await sharp({ create: { width: 1000, height: 1000, channels: 3, background: '#ffffff' } }).png().toBuffer();
    await expectError(await limited.request('/api/clean', { method: 'POST', key: k, body: multipart({ file: fileBlob(wide) }) }), 413, 'image_too_large');
    // Few pixels, but longer than a WebP (the stored format) can be: refused before any work.
    const strip = await sharp({ create: { width: 16384, height: 8, channels: 3, background: '#ffffff' } }).png().toBuffer();
    await expectError(await limited.request('/api/clean', { method: 'POST', key: k, body: multipart({ file: fileBlob(strip), type: 'png' }) }), 413, 'image_too_large');
    let limitedResponse: Response | null = null;
    for (let i = 0; i < 12 && !limitedResponse; i++) {
      const response = await limited.request('/api/files', { key: k });
      if (response.status === 429) limitedResponse = response;
    }
    expect(limitedResponse).not.toBeNull();
    expect(limitedResponse!.headers.get('retry-after')).toMatch(/^\d+$/);
    await expectError(limitedResponse!, 429, 'rate_limited');
    const files = (await (await limited.request('/api/files', { key: (await limited.account(1)).key })).json()) as { files: unknown[] };
    expect(files.files).toEqual([]);
  });
});
