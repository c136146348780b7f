import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { CleanHeaders, formatCropHeader, formatSheetHeader, roundKeptInkShare, type CleanResponse } from '../../shared/api';
import { getAccount } from '../db/accounts';
import { chargeOneAndRecord, recordUncharged, type NewFile } from '../db/files';
import { ApiError, unsupportedMedia } from '../errors';
import { sniffDocumentKind } from '../imaging/sniff';
import { fetchDocument } from '../net/fetchDocument';
import { requireAccount } from '../plugins/auth';
import type { Services } from '../services';
import { readCleanInput } from './cleanInput';
import { ServerTiming } from './serverTiming';
import { fileUrl, publicOrigin } from './urls';

const outOfBalance = (limit: number) =>
  new ApiError(402, 'insufficient_balance', `The account has no processings left (limit ${limit}). Nothing was charged.`);

export function registerCleanRoute(app: FastifyInstance, services: Services) {
  const { config, sql, blobs, pool, keys } = services;

  app.post('/api/clean', { preHandler: requireAccount(sql, keys) }, async (request, reply) => {
    const timing = new ServerTiming();
    const input = await readCleanInput(request, config.maxUploadBytes);
    timing.lap('upload');
    // Fail fast before downloading or processing anything, on the current balance (the key cache's
    // copy may be a moment old); the charge itself re-checks atomically.
    const account = (await getAccount(sql, request.account!.id)) ?? request.account!;
    if (account.remaining <= 0) throw outOfBalance(account.limit);
    timing.lap('account');

    const bytes = input.file ?? (await fetchDocument(input.params.url!, {
      allowHosts: config.urlAllowHosts,
      timeoutMs: config.urlTimeoutMs,
      maxBytes: config.maxUploadBytes,
      maxRedirects: config.urlMaxRedirects,
    }));
    if (bytes.length === 0) throw new ApiError(400, 'invalid_image', 'The document is empty.');
    if (!sniffDocumentKind(bytes)) throw unsupportedMedia();
    timing.lap(input.file ? 'sniff' : 'download');

    const result = await pool.run({
      bytes,
      options: input.options,
      wantPng: input.params.type === 'png',
      limits: { maxPixels: config.maxPixels, pdfDpi: config.pdfDpi },
    });
    // The processing thread's own steps; the rest of the call is waiting for a thread and moving bytes to and from it.
    const { decode, clean, webp: webpMs, png: pngMs } = result.timings;
    const inThread = decode + clean + Math.max(webpMs, pngMs ?? 0);
    timing.lap('process');
    timing.add('queue', Math.max(0, timing.lastLap - inThread));
    timing.add('decode', decode);
    timing.add('clean', clean);
    timing.add('webp', webpMs);
    if (pngMs !== null) timing.add('png', pngMs);

    const uuid = crypto.randomUUID();
    const blobKey = `${uuid}.webp`;
    const webp = Buffer.from(result.webp);
    await blobs.put(blobKey, webp);
    timing.lap('store');
    const record: NewFile = {
      uuid,
      accountId: account.id,
      name: input.params.name ? input.params.name : null,
      blobKey,
      bytes: webp.length,
      width: result.width,
      height: result.height,
      etag: `"${crypto.createHash('sha256').update(webp).digest('base64url').slice(0, 27)}"`,
      retentionDays: config.retentionDays,
    };
    // An extraction that found nothing is stored like any result (the gallery stays whole) but not
    // charged, as remove.bg does not charge for an image without foreground.
    const charged = !result.found.nothingFound;
    let outcome;
    try {
      outcome = charged ? await chargeOneAndRecord(sql, record) : await recordUncharged(sql, record);
    } catch (error) {
      await blobs.delete(blobKey).catch(() => undefined);
      throw error;
    }
    if (!outcome.ok) {
      await blobs.delete(blobKey).catch(() => undefined);
      throw outOfBalance(outcome.limit);
    }
    timing.lap('db');

    const url = fileUrl(publicOrigin(request, config.publicUrl), uuid);
    const keptInkShare = roundKeptInkShare(result.found.keptInkShare);
    reply.headers({
      [CleanHeaders.fileUuid]: uuid,
      [CleanHeaders.remaining]: String(outcome.remaining),
      [CleanHeaders.limit]: String(outcome.limit),
      [CleanHeaders.charged]: charged ? '1' : '0',
      [CleanHeaders.engine]: result.engine,
      [CleanHeaders.sourceSize]: `${result.source.width}x${result.source.height}`,
      ...(result.crop ? { [CleanHeaders.crop]: formatCropHeader(result.crop) } : {}),
      [CleanHeaders.sheet]: formatSheetHeader(result.sheet),
      ...(input.params.flatten ? { [CleanHeaders.flattened]: result.flattened ? '1' : '0' } : {}),
      [CleanHeaders.foundItems]: String(result.found.items),
      [CleanHeaders.keptInkShare]: keptInkShare.toFixed(4),
      'cache-control': 'no-store',
      'server-timing': timing.header(),
    });
    if (input.params.type === 'webp') return reply.type('image/webp').send(webp);
    if (input.params.type === 'png') return reply.type('image/png').send(Buffer.from(result.png!));
    const body: CleanResponse = {
      status: 'ok',
      uuid,
      url,
      remaining: outcome.remaining,
      limit: outcome.limit,
      found: { items: result.found.items, kept_ink_share: keptInkShare, nothing_found: result.found.nothingFound },
    };
    return reply.send(body);
  });
}
