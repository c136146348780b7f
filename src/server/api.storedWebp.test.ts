import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FilesResponseSchema } from '../shared/api';
import { contentEtag } from './blobs/resultKeys';
import { documentPhoto, fileBlob, multipart } from './testing/fixtures';
import { startTestServer, type TestServer } from './testing/harness';

/**
 * type=json and png store the result's PNG and make the stored WebP after the response. Two real
 * servers: `server` encodes in the background as in service; `lazy` (INKLIFT_BACKGROUND_ENCODES=0)
 * never does, so its files stay recorded with their PNG — the state a download finds on an instance
 * that did not clean the file, or after a crash — until a download or a restart finishes them.
 */
let server: TestServer;
let lazy: TestServer;
let photo: Buffer;

beforeAll(async () => {
  [server, lazy] = await Promise.all([startTestServer(), startTestServer({ backgroundEncodes: 0 })]);
  photo = await documentPhoto(1600, 1200);
});
afterAll(async () => {
  await server?.close();
  await lazy?.close();
});

async function clean(on: TestServer, key: string, type: 'json' | 'png' | 'webp' = 'json', name?: string) {
  const response = await on.request('/api/clean', { method: 'POST', key, body: multipart({ file: fileBlob(photo), type, ...(name ? { name } : {}) }) });
  expect(response.status).toBe(200);
  return { uuid: response.headers.get('x-file-uuid')!, body: Buffer.from(await response.arrayBuffer()) };
}

async function record(on: TestServer, uuid: string) {
  const { rows } = await on.inklift.sql.query<{ blob_key: string; bytes: number; etag: string }>('SELECT blob_key, bytes, etag FROM files WHERE uuid = $1', [uuid]);
  return rows[0] ? { blobKey: rows[0].blob_key, bytes: Number(rows[0].bytes), etag: rows[0].etag } : null;
}

/** Every blob of the file, in the folder or the bucket. */
async function blobsOf(on: TestServer, uuid: string) {
  return (await on.inklift.blobs.listOlderThan(new Date(Date.now() + 60_000))).filter((key) => key.startsWith(uuid)).sort();
}

async function download(on: TestServer, uuid: string, headers: Record<string, string> = {}) {
  const response = await on.request(`/api/file/${uuid}`, { headers });
  return { response, body: Buffer.from(await response.arrayBuffer()) };
}

const rgba = async (bytes: Buffer) => sharp(bytes).ensureAlpha().raw().toBuffer();
const alphaOf = (pixels: Buffer) => Buffer.from(pixels.filter((_, i) => i % 4 === 3));

describe('the stored WebP is made after the response for type=json and png', () => {
  it('a download right after a json clean is the WebP that type=webp stores, its alpha the PNG’s exactly', async () => {
    const { key } = await server.account();
    const { uuid } = await clean(server, key, 'json');
    expect((await record(server, uuid))?.blobKey).toBe(`${uuid}.png`);
    const { response, body } = await download(server, uuid);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('etag')).toBe(contentEtag(body));

    const direct = await clean(server, key, 'webp');
    expect(body.equals(direct.body)).toBe(true);
    const png = await clean(server, key, 'png');
    expect(alphaOf(await rgba(body)).equals(alphaOf(await rgba(png.body)))).toBe(true);
    // The type=png file's own WebP, once made, is the same image again.
    expect((await download(server, png.uuid)).body.equals(direct.body)).toBe(true);
  });

  it('the background encode swaps the WebP in: record, ETag and blobs agree, the PNG is gone', async () => {
    const { key } = await server.account();
    const { uuid } = await clean(server, key, 'png');
    await server.inklift.webpFinisher.idle();
    const stored = (await record(server, uuid))!;
    expect(stored.blobKey).toMatch(new RegExp(`^${uuid}\\.[0-9a-f]{12}\\.webp$`));
    expect(await blobsOf(server, uuid)).toEqual([stored.blobKey]);
    const { response, body } = await download(server, uuid);
    expect(response.headers.get('etag')).toBe(stored.etag);
    expect(body.length).toBe(stored.bytes);
    expect(contentEtag(body)).toBe(stored.etag);
  });

  it('a file awaiting its WebP is listed, renamed, and downloaded by concurrent GETs that agree; one WebP is kept', async () => {
    const { key } = await lazy.account();
    const { uuid } = await clean(lazy, key, 'json', 'before');
    expect((await record(lazy, uuid))?.blobKey).toBe(`${uuid}.png`);
    const list = FilesResponseSchema.parse(await (await lazy.request('/api/files', { key })).json());
    expect(list.files.map((f) => [f.uuid, f.name])).toEqual([[uuid, 'before']]);
    const renamed = await lazy.request('/api/files/rename', { method: 'POST', key, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ uuid, name: 'after' }) });
    expect(renamed.status).toBe(200);

    const downloads = await Promise.all([1, 2, 3].map(() => download(lazy, uuid)));
    for (const { response, body } of downloads) {
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/webp');
      expect(body.equals(downloads[0].body)).toBe(true);
      expect(response.headers.get('etag')).toBe(contentEtag(body));
    }
    const stored = (await record(lazy, uuid))!;
    expect(stored.blobKey).toMatch(/\.webp$/);
    expect(stored.etag).toBe(contentEtag(downloads[0].body));
    expect(await blobsOf(lazy, uuid)).toEqual([stored.blobKey]);
    expect((await download(lazy, uuid, { 'if-none-match': stored.etag })).response.status).toBe(304);
    const after = FilesResponseSchema.parse(await (await lazy.request('/api/files', { key })).json());
    expect(after.files.map((f) => [f.uuid, f.name])).toEqual([[uuid, 'after']]);
  });

  it('a file deleted while its WebP is awaited or being made stays deleted, with no blob left', async () => {
    const post = (on: TestServer, key: string, uuid: string) =>
      on.request('/api/files/delete', { method: 'POST', key, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ uuid }) });

    // Awaited: nothing is encoding it.
    const a = await lazy.account();
    const awaited = await clean(lazy, a.key);
    expect((await post(lazy, a.key, awaited.uuid)).status).toBe(200);
    expect((await download(lazy, awaited.uuid)).response.status).toBe(404);
    expect(await blobsOf(lazy, awaited.uuid)).toEqual([]);

    // Being made in the background, deleted at once.
    const b = await server.account();
    const encoding = await clean(server, b.key);
    expect((await post(server, b.key, encoding.uuid)).status).toBe(200);
    await server.inklift.webpFinisher.idle();
    expect(await record(server, encoding.uuid)).toBeNull();
    expect(await blobsOf(server, encoding.uuid)).toEqual([]);
    expect((await download(server, encoding.uuid)).response.status).toBe(404);

    // A download making the WebP races the delete.
    const c = await lazy.account();
    const raced = await clean(lazy, c.key);
    const [got, deleted] = await Promise.all([download(lazy, raced.uuid), post(lazy, c.key, raced.uuid)]);
    expect([200, 404]).toContain(got.response.status);
    expect(deleted.status).toBe(200);
    await lazy.inklift.webpFinisher.idle();
    expect(await record(lazy, raced.uuid)).toBeNull();
    expect(await blobsOf(lazy, raced.uuid)).toEqual([]);
    expect((await download(lazy, raced.uuid)).response.status).toBe(404);
  });

  it('files left awaiting their WebP by a shutdown get it after the restart, without a download', { timeout: 60_000 }, async () => {
    const { key } = await lazy.account();
    const left = [await clean(lazy, key, 'json'), await clean(lazy, key, 'png')];
    for (const { uuid } of left) expect((await record(lazy, uuid))?.blobKey).toBe(`${uuid}.png`);
    await lazy.restart({ backgroundEncodes: 1 });
    try {
      // The start schedules them (it does not wait for the encodes).
      await lazy.inklift.webpFinisher.idle();
      for (const { uuid } of left) {
        const stored = (await record(lazy, uuid))!;
        expect(stored.blobKey).toMatch(/\.webp$/);
        expect(await blobsOf(lazy, uuid)).toEqual([stored.blobKey]);
        const { response, body } = await download(lazy, uuid);
        expect(response.headers.get('content-type')).toBe('image/webp');
        expect(contentEtag(body)).toBe(stored.etag);
      }
    } finally {
      await lazy.restart({ backgroundEncodes: 0 });
    }
  });

  it('a shutdown right after a clean finishes the encode under way or leaves the file awaiting: it is served either way', async () => {
    const { key } = await server.account();
    const { uuid } = await clean(server, key, 'json');
    await server.restart();
    const { response, body } = await download(server, uuid);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(contentEtag(body)).toBe(response.headers.get('etag'));
    await server.inklift.webpFinisher.idle();
    const stored = (await record(server, uuid))!;
    expect(stored.etag).toBe(response.headers.get('etag'));
    expect(await blobsOf(server, uuid)).toEqual([stored.blobKey]);
  });
});
