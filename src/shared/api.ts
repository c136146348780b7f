/**
 * The one schema of the public API: the server validates with it, the OpenAPI document is
 * generated from it, and the web app's client is typed from it.
 */
import { z } from 'zod';

export const CleanModeSchema = z.enum(['basic', 'standard', 'advanced']).describe(
  'basic: only the paper is removed. standard (default): paper and unneeded elements such as printed text. advanced: deep cleaning; extract and aggressive apply.',
);
export const ExtractSchema = z.enum(['', 'signature', 'stamp']).describe('Keep only this element. Empty: standard background removal.');
export const OutputTypeSchema = z.enum(['json', 'webp', 'png']);

/** Booleans arrive as form strings: accept 1/0, true/false, yes/no, on/off. */
export const FlagSchema = z
  .union([z.boolean(), z.enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off', ''])])
  .transform((v) => v === true || v === '1' || v === 'true' || v === 'yes' || v === 'on');

export const NAME_MAX = 255;
/** Up to 255 characters (code points); no control characters and no bidirectional overrides, which spoof file names. */
export const NameSchema = z
  .string()
  .refine((s) => [...s].length <= NAME_MAX, `name must be at most ${NAME_MAX} characters`)
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  .refine((s) => !/[\u0000-\u001f\u007f-\u009f]/.test(s), 'name must not contain control characters')
  .refine((s) => !/[\u202a-\u202e\u2066-\u2069]/.test(s), 'name must not contain bidirectional override characters');

/** The colour the kept ink is given (src/core/compose/recolourInk.ts); the same values as src/core's InkColour. */
export type InkChoice = 'original' | 'black' | 'blue' | `#${string}`;
export const NAMED_INKS = ['original', 'black', 'blue'] as const;
/** `#rrggbb`, either case; the `#` may be left out (it starts a fragment in a URL's query string). */
export const HEX_INK = /^#?[0-9a-fA-F]{6}$/;
const INK_ERROR = 'must be original, black, blue or a colour #rrggbb';
export const InkSchema = z
  .union([z.enum(NAMED_INKS, { error: INK_ERROR }), z.string({ error: INK_ERROR }).regex(HEX_INK, INK_ERROR)], { error: INK_ERROR })
  .transform((v): InkChoice => ((NAMED_INKS as readonly string[]).includes(v) ? (v as InkChoice) : `#${v.replace('#', '').toLowerCase()}`))
  .describe(
    'Beyond the spec: recolour the kept ink, its alpha (shape, anti-aliased edges) untouched. original (default): the ink’s own colour, the output unchanged. black: #000000. blue: document blue #1f3a93, a dark ballpoint blue. Or any #rrggbb (the # may be left out). Every mode.',
  );

/** Parameters of POST /api/clean other than the file itself. */
export const CleanParamsSchema = z.object({
  url: z.string().max(2048).optional().describe('Direct http(s) link to a PNG, JPG or PDF; instead of file.'),
  type: OutputTypeSchema.default('json'),
  extract: ExtractSchema.default(''),
  aggressive: FlagSchema.default(false),
  mode: CleanModeSchema.optional(),
  name: NameSchema.optional(),
  crop: FlagSchema.default(false).describe('Beyond the spec: crop the result to the kept ink with a margin.'),
  flatten: FlagSchema.default(false).describe(
    'Beyond the spec: straighten the document sheet found in a photo to a rectangle, as document scanner apps do. Without a findable sheet (a flat scan, a tight crop) the result is not straightened and X-Inklift-Flattened says 0; not an error.',
  ),
  ink: InkSchema.default('original'),
});
export type CleanParamsInput = z.input<typeof CleanParamsSchema>;
export type CleanParams = z.output<typeof CleanParamsSchema>;

/** Beyond the spec: what the result holds of what was asked (the same figures as the X-Inklift-Found-Items and X-Inklift-Kept-Ink-Share headers). */
export const FoundSchema = z
  .object({
    items: z.number().int().describe('Groups of kept ink at least 1.5% of the page’s long side across (specks and stray glyphs are not items).'),
    kept_ink_share: z.number().describe('Kept solid ink over all solid ink of the page, 0..1, four decimals.'),
    nothing_found: z.boolean().describe('extract=signature|stamp kept no item: this result was not charged. Always false without extract.'),
  })
  .describe('Beyond the spec: what was found.');
export type Found = z.infer<typeof FoundSchema>;

export const CleanResponseSchema = z.object({
  status: z.literal('ok'),
  uuid: z.guid(),
  url: z.string(),
  remaining: z.number().int(),
  limit: z.number().int(),
  found: FoundSchema,
});
export type CleanResponse = z.infer<typeof CleanResponseSchema>;

export const FileRecordSchema = z.object({
  uuid: z.string(),
  name: z.string().nullable(),
  url: z.string(),
  created_at: z.string().describe('ISO 8601, UTC'),
  expires_at: z.string().nullable().describe('ISO 8601, UTC; null when kept forever'),
});
export type FileRecord = z.infer<typeof FileRecordSchema>;

export const FilesResponseSchema = z.object({ status: z.literal('ok'), files: z.array(FileRecordSchema) });
export type FilesResponse = z.infer<typeof FilesResponseSchema>;

/** Beyond the spec: the balance of the key's account, without spending a processing. */
export const BalanceResponseSchema = z.object({ status: z.literal('ok'), remaining: z.number().int(), limit: z.number().int() });
export type BalanceResponse = z.infer<typeof BalanceResponseSchema>;

export const UuidSchema = z.guid('uuid must be a UUID (8-4-4-4-12 hexadecimal digits)');
export const DeleteRequestSchema = z.object({ uuid: UuidSchema });
export type DeleteRequest = z.infer<typeof DeleteRequestSchema>;
export const DeleteResponseSchema = z.object({ status: z.literal('ok') });

export const RenameRequestSchema = z.object({ uuid: UuidSchema, name: NameSchema.refine((s) => s.trim().length > 0, 'name must not be empty') });
export type RenameRequest = z.infer<typeof RenameRequestSchema>;
export const RenameResponseSchema = z.object({ status: z.literal('ok'), name: z.string() });
export type RenameResponse = z.infer<typeof RenameResponseSchema>;

export const ErrorCodeSchema = z.enum([
  'invalid_parameter',
  'missing_input',
  'unauthorized',
  'insufficient_balance',
  'not_found',
  'file_too_large',
  'image_too_large',
  'unsupported_media_type',
  'invalid_image',
  'rate_limited',
  'busy',
  'url_forbidden',
  'url_fetch_failed',
  'url_timeout',
  'processing_timeout',
  'invalid_credentials',
  'forbidden',
  'internal_error',
]);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

export const ErrorResponseSchema = z.object({
  status: z.literal('error'),
  error: z.object({
    code: ErrorCodeSchema,
    message: z.string(),
    charged: z.literal(false).describe('Always false: a failed request never costs a processing.'),
  }),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

/** Response headers of a binary /api/clean result and the balance headers on every /api/clean success. */
export const CleanHeaders = {
  fileUuid: 'x-file-uuid',
  remaining: 'x-remaining',
  limit: 'x-limit',
  charged: 'x-credits-charged',
  engine: 'x-inklift-engine',
  /** Size of the decoded input, `WIDTHxHEIGHT`. */
  sourceSize: 'x-inklift-source-size',
  /** With crop=1: where the result sits in the input (in the straightened sheet when X-Inklift-Flattened is 1), `left,top,width,height`. */
  crop: 'x-inklift-crop',
  /** The document sheet found in a photo: its corners in the input, `x0,y0,x1,y1,x2,y2,x3,y3` clockwise from its top-left (may lie outside the frame), or `none` (a flat scan or a tight crop). */
  sheet: 'x-inklift-sheet',
  /** With flatten=1: `1` when the result was straightened to the sheet's rectangle, `0` when no sheet was found. */
  flattened: 'x-inklift-flattened',
  /** How many items of kept ink the result holds (an integer; 0 with extract = nothing found, not charged). */
  foundItems: 'x-inklift-found-items',
  /** Kept solid ink over all solid ink of the page, `0.0000`..`1.0000`. */
  keptInkShare: 'x-inklift-kept-ink-share',
} as const;

/** The share as the header and the JSON carry it: four decimals. */
export const roundKeptInkShare = (share: number): number => Math.round(share * 10_000) / 10_000;

/** What was found, from the `X-Inklift-Found-Items` and `X-Inklift-Kept-Ink-Share` headers, or null when absent or malformed. */
export function parseFoundHeaders(items: string | null, share: string | null): { items: number; keptInkShare: number } | null {
  if (!items || !/^\d+$/.test(items) || !share || !/^(0|1)(\.\d+)?$/.test(share)) return null;
  const keptInkShare = Number(share);
  return keptInkShare <= 1 ? { items: Number(items), keptInkShare } : null;
}

/** Where a cropped result sits in its decoded input, from the `X-Inklift-Crop` and `X-Inklift-Source-Size` headers. */
export interface CropPlacement {
  left: number;
  top: number;
  width: number;
  height: number;
  sourceWidth: number;
  sourceHeight: number;
}

/** The sheet's corners as the X-Inklift-Sheet header carries them (pixels, one decimal), or `none`. */
export function formatSheetHeader(sheet: { corners: ReadonlyArray<{ x: number; y: number }> } | null): string {
  return sheet ? sheet.corners.map((c) => `${Math.round(c.x * 10) / 10},${Math.round(c.y * 10) / 10}`).join(',') : 'none';
}

export function formatCropHeader(crop: { left: number; top: number; width: number; height: number }): string {
  return `${crop.left},${crop.top},${crop.width},${crop.height}`;
}

/** The placement when both headers are present and well formed (a box inside the source), else null. */
export function parseCropPlacement(crop: string | null, sourceSize: string | null): CropPlacement | null {
  const box = crop?.match(/^(\d+),(\d+),(\d+),(\d+)$/);
  const size = sourceSize?.match(/^(\d+)x(\d+)$/);
  if (!box || !size) return null;
  const [left, top, width, height] = box.slice(1).map(Number);
  const [sourceWidth, sourceHeight] = size.slice(1).map(Number);
  if (width === 0 || height === 0 || left + width > sourceWidth || top + height > sourceHeight) return null;
  return { left, top, width, height, sourceWidth, sourceHeight };
}
