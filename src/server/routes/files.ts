import type { FastifyInstance } from 'fastify';
import {
  DeleteRequestSchema,
  RenameRequestSchema,
  UuidSchema,
  type BalanceResponse,
  type FileRecord,
  type FilesResponse,
  type RenameResponse,
} from '../../shared/api';
import { isAwaitingWebp } from '../blobs/resultKeys';
import { getAccount } from '../db/accounts';
import { deleteFile, findFile, listFiles, renameFile, type ListedFile } from '../db/files';
import { notFound } from '../errors';
import { requireAccount } from '../plugins/auth';
import type { S3BlobStore } from '../blobs/s3Store';
import type { Services } from '../services';
import { parseBody } from './parseBody';
import { fileUrl, publicOrigin } from './urls';

const toRecord = (file: ListedFile, origin: string): FileRecord => ({
  uuid: file.uuid,
  name: file.name,
  url: fileUrl(origin, file.uuid),
  created_at: file.createdAt.toISOString(),
  expires_at: file.expiresAt ? file.expiresAt.toISOString() : null,
});

export function registerFileRoutes(app: FastifyInstance, { config, sql, blobs, keys, webpFinisher }: Services) {
  const auth = requireAccount(sql, keys);
  const presign =
    config.s3Presign && 'presignedUrl' in blobs
      ? (key: string) => (blobs as S3BlobStore).presignedUrl(key, 3600)
      : null;

  // The uuid is an unguessable capability (122 random bits): like a share link, it needs no key.
  app.get<{ Params: { uuid: string } }>('/api/file/:uuid', async (request, reply) => {
    const uuid = request.params.uuid.replace(/\.webp$/i, '');
    if (!UuidSchema.safeParse(uuid).success) throw notFound();
    let file = await findFile(sql, uuid);
    // Always the WebP, with its own ETag: a file still recorded with its PNG gets its WebP first.
    if (file && isAwaitingWebp(file)) file = await webpFinisher.finish(file);
    if (!file) throw notFound();
    reply.headers({
      etag: file.etag,
      'cache-control': 'private, max-age=31536000, immutable',
      'content-disposition': `inline; filename="${file.uuid}.webp"`,
    });
    if (request.headers['if-none-match'] === file.etag) return reply.code(304).send();
    if (presign) return reply.redirect(await presign(file.blobKey), 302);
    const bytes = await blobs.get(file.blobKey);
    if (!bytes) throw notFound();
    return reply.type('image/webp').send(bytes);
  });

  app.get('/api/files', { preHandler: auth }, async (request) => {
    const origin = publicOrigin(request, config.publicUrl);
    const files = await listFiles(sql, request.account!.id);
    const body: FilesResponse = { status: 'ok', files: files.map((f) => toRecord(f, origin)) };
    return body;
  });

  app.get('/api/account', { preHandler: auth }, async (request, reply) => {
    const account = (await getAccount(sql, request.account!.id)) ?? request.account!;
    reply.header('cache-control', 'no-store');
    const body: BalanceResponse = { status: 'ok', remaining: account.remaining, limit: account.limit };
    return body;
  });

  app.post('/api/files/delete', { preHandler: auth }, async (request) => {
    const { uuid } = parseBody(DeleteRequestSchema, request.body);
    const file = await deleteFile(sql, request.account!.id, uuid);
    if (!file) throw notFound();
    // The record is gone first: a crash here leaves only an orphan blob, which the sweep removes.
    await blobs.delete(file.blobKey).catch((error) => request.log.warn({ err: error }, 'blob delete failed; left to the sweep'));
    return { status: 'ok' as const };
  });

  app.post('/api/files/rename', { preHandler: auth }, async (request) => {
    const { uuid, name } = parseBody(RenameRequestSchema, request.body);
    const file = await renameFile(sql, request.account!.id, uuid, name);
    if (!file) throw notFound();
    const body: RenameResponse = { status: 'ok', name: file.name ?? name };
    return body;
  });
}
