import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { CleanHeaders, formatCropHeader, formatSheetHeader, roundKeptInkShare, type CleanResponse } from '../../shared/api';
import { awaitingWebpKey, contentEtag, webpKey } from '../blobs/resultKeys';
import { getAccount } from '../db/accounts';
import { chargeOneAndRecord, recordUncharged, type NewFile } from '../db/files';
import { ApiError, unsupportedMedia } from '../errors';
import { sniffDocumentKind } from '../imaging/sniff';
import { unsupportedFormatMessage } from '../../shared/otherFormats';
import { fetchDocument } from '../net/fetchDocument';
import { requireAccount } from '../plugins/auth';
import type { Services } from '../services';
import { readCleanInput } from './cleanInput';
import { ServerTiming } from './serverTiming';
import { fileUrl, publicOrigin } from './urls';

const outOfBalance = (limit: number) =>
  new ApiError(402, 'insufficient_balance', `The account has no processings left (limit ${limit}). Nothing was charged.`);

export function registerCleanRoute(app: FastifyInstance, services: Services) {
  const { config, sql, blobs, pool, keys, webpFinisher } = services;

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
    if (!sniffDocumentKind(bytes)) throw unsupportedMedia(unsupportedFormatMessage(bytes));
    timing.lap(input.file ? 'sniff' : 'download');

    // type=webp answers with the stored WebP itself. For json and png the thread makes only a PNG
    // (tens of ms, against about a second for the WebP at 12 MP): it is stored and recorded, and the
    // WebP is made from it after the response (processing/webpFinisher.ts).
    const result = await pool.run({
      bytes,
      options: input.options,
      encodeAs: input.params.type === 'webp' ? 'webp' : 'png',
      limits: { maxPixels: config.maxPixels, pdfDpi: config.pdfDpi },
    });
    // The processing thread's own steps; the rest of the call is waiting for a thread and moving bytes to and from it.
    const { decode, clean, encode } = result.timings;
    timing.lap('process');
    timing.add('queue', Math.max(0, timing.lastLap - (decode + clean + encode)));
    timing.add('decode', decode);
    timing.add('clean', clean);
    timing.add(result.format, encode);

    const uuid = crypto.randomUUID();
    const blobKey = result.format === 'webp' ? webpKey(uuid) : awaitingWebpKey(uuid);
    const encoded = Buffer.from(result.encoded);
    await blobs.put(blobKey, encoded);
    timing.lap('store');
    const record: NewFile = {
      uuid,
      accountId: account.id,
      name: input.params.name ? input.params.name : null,
      blobKey,
      bytes: encoded.length,
      width: result.width,
      height: result.height,
      etag: contentEtag(encoded),
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
    if (result.format === 'png') webpFinisher.schedule(outcome.file, encoded);

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
    if (input.params.type === 'webp') return reply.type('image/webp').send(encoded);
    if (input.params.type === 'png') return reply.type('image/png').send(encoded);
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
