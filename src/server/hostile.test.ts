import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorResponseSchema, FilesResponseSchema } from '../shared/api';
import { buildPdf, documentPhoto, fileBlob, multipart } from './testing/fixtures';
import { startTestServer, type TestServer } from './testing/harness';
import { hostileFiles } from './testing/hostileCorpus';

let server: TestServer;
let victim: { key: string; id: string };

async function assertNothingChargedOrStored() {
  const list = FilesResponseSchema.parse(await (await server.request('/api/files', { key: victim.key })).json());
  expect(list.files).toEqual([]);
  const { rows } = await server.inklift.sql.query<{ remaining: number }>('SELECT remaining FROM accounts WHERE id = $1', [victim.id]);
  expect(Number(rows[0].remaining)).toBe(50);
  // The warm-up's files get their WebP swapped in in the background: compare blobs and records once that is done,
  // not halfway through a swap (the new WebP written, the record still on the PNG).
  await server.inklift.webpFinisher.idle();
  const { rows: stored } = await server.inklift.sql.query<{ blob_key: string }>('SELECT blob_key FROM files');
  const blobs = await server.inklift.blobs.listOlderThan(new Date(Date.now() + 60_000));
  expect(blobs.sort()).toEqual(stored.map((r) => r.blob_key).sort());
}

beforeAll(async () => {
  server = await startTestServer({ processingTimeoutMs: 20_000 });
  victim = await server.account(50);
});
afterAll(async () => server?.close());

describe('hostile files', () => {
  it('each gets a coded 4xx, costs nothing, stores nothing; the server stays up and its memory stays bounded', async () => {
    const corpus = await hostileFiles();
    // Warm up every decoder in every processing thread, so the memory comparison measures the corpus, not start-up.
    const warm = await server.account(10);
    const warmInputs = [await documentPhoto(300, 200), await documentPhoto(300, 200, 'png'), buildPdf([{ widthPt: 200, heightPt: 200, content: '0 0 0 RG 10 10 m 190 190 l S' }])];
    const warmed = await Promise.all([...warmInputs, ...warmInputs].map((bytes) => server.request('/api/clean', { method: 'POST', key: warm.key, body: multipart({ file: fileBlob(bytes) }) })));
    expect(warmed.map((r) => r.status)).toEqual(warmed.map(() => 200));
    const rssBefore = process.memoryUsage().rss;
    for (const item of corpus) {
      const started = Date.now();
      const form = multipart({ file: new File([new Uint8Array(item.bytes)], item.filename) });
      const response = await server.request('/api/clean', { method: 'POST', key: victim.key, body: form });
      const body = await response.json();
      expect(item.expect, `${item.label}: ${response.status} ${JSON.stringify(body)}`).toContain(response.status);
      expect(ErrorResponseSchema.safeParse(body).success, item.label).toBe(true);
      expect(Date.now() - started, item.label).toBeLessThan(20_000);
    }
    await assertNothingChargedOrStored();
    const health = await server.request('/api/health');
    expect(health.status).toBe(200);
    const rssAfter = process.memoryUsage().rss;
    expect((rssAfter - rssBefore) / 1048576).toBeLessThan(300);
  });

  it('wrong and missing parameters of every kind get 400/422 with a code and cost nothing', async () => {
    const photo = fileBlob(await documentPhoto(200, 150));
    const forms: Record<string, string | Blob>[] = [
      { file: photo, type: 'JSON' },
      { file: photo, type: '' },
      { file: photo, type: 'jpg' },
      { file: photo, extract: 'SIGNATURE' },
      { file: photo, extract: 'logo' },
      { file: photo, mode: '' },
      { file: photo, mode: 'expert' },
      { file: photo, aggressive: '2' },
      { file: photo, crop: 'sometimes' },
      { file: photo, name: 'a\u0007b' },
      { file: photo, name: 'evil\u202Egnp.exe' },
      { file: photo, name: 'x'.repeat(256) },
      { url: '' },
      { url: 'not a url' },
      { url: 'file:///etc/passwd' },
      { url: 'javascript:alert(1)' },
      { url: 'http://user:pass@127.0.0.1/a.png' },
      { url: `http://127.0.0.1/${'a'.repeat(3000)}` },
    ];
    for (const fields of forms) {
      const response = await server.request('/api/clean', { method: 'POST', key: victim.key, body: multipart(fields) });
      expect([400, 422], JSON.stringify(fields).slice(0, 80)).toContain(response.status);
      expect(ErrorResponseSchema.safeParse(await response.json()).success).toBe(true);
    }
    const jsonBodies = ['[]', '"x"', '{"url": 42}', '{"url": ["http://a/b.png"]}', '{"type": {"$ne": 1}, "url": "http://127.0.0.1/x.png"}', '{', ''];
    for (const body of jsonBodies) {
      const response = await server.request('/api/clean', { method: 'POST', key: victim.key, headers: { 'content-type': 'application/json' }, body });
      expect([400, 422], body).toContain(response.status);
      expect(ErrorResponseSchema.safeParse(await response.json()).success).toBe(true);
    }
    const wrongType = await server.request('/api/clean', { method: 'POST', key: victim.key, headers: { 'content-type': 'text/plain' }, body: 'hello' });
    expect([400, 415]).toContain(wrongType.status);
    expect(ErrorResponseSchema.safeParse(await wrongType.json()).success).toBe(true);
    await assertNothingChargedOrStored();
  });

  it('reads only page one of a PDF with hundreds of pages, quickly', async () => {
    const { key } = await server.account(1);
    const pages = [{ widthPt: 400, heightPt: 300, content: '0 0 0.6 RG 5 w 20 20 m 380 280 l S' }, ...Array.from({ length: 600 }, (_, i) => ({ widthPt: 1000, heightPt: 1000, content: `BT /F1 40 Tf 100 500 Td (page ${i + 2}) Tj ET` }))];
    const started = Date.now();
    const response = await server.request('/api/clean', { method: 'POST', key, body: multipart({ file: fileBlob(buildPdf(pages)), type: 'png' }) });
    expect(response.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(10_000);
    const png = Buffer.from(await response.arrayBuffer());
    expect(png.readUInt32BE(16)).toBe(Math.floor((400 * 200) / 72));
  });
});

describe('names and uuids', () => {
  it('accepts 255 characters and right-to-left marks, refuses 0 and 256 characters and control characters', async () => {
    const { key } = await server.account(2);
    const created = await server.request('/api/clean', { method: 'POST', key, body: multipart({ file: fileBlob(await documentPhoto(200, 150)), name: 'שלום\u200F' }) });
    expect(created.status).toBe(200);
    const { uuid } = (await created.json()) as { uuid: string };
    const rename = (name: string) =>
      server.request('/api/files/rename', { method: 'POST', key, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ uuid, name }) });
    expect((await rename('ß'.repeat(255))).status).toBe(200);
    expect((await rename('😀'.repeat(255))).status).toBe(200);
    for (const bad of ['', 'x'.repeat(256), 'tab\there', 'nl\nhere', 'del\u007f', 'rlo\u202Etxt.exe']) {
      const response = await rename(bad);
      expect(response.status, JSON.stringify(bad)).toBe(422);
    }
    const list = FilesResponseSchema.parse(await (await server.request('/api/files', { key })).json());
    expect(list.files[0].name).toBe('😀'.repeat(255));
    for (const uuid of ['', 'x', '../../etc/passwd', '00000000-0000-0000-0000-00000000000g', `${crypto.randomUUID()}x`]) {
      const response = await server.request('/api/files/delete', { method: 'POST', key, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ uuid }) });
      expect(response.status, uuid).toBe(422);
      expect((await server.request(`/api/file/${encodeURIComponent(uuid)}`)).status).not.toBe(200);
    }
  });
});
