/**
 * Share of visible pixels (alpha > 0) up to which a result's WebP is lossless (losslessWebp.ts), in
 * the server's stored file and in the app's download alike. Ink on removed paper is sparse: the real
 * results measured were 0.6–5 % visible (a dense handwritten page in basic mode 17.5 %), and there the
 * lossless coder is two to four times faster than libwebp's lossy colour at about the same size. Kept
 * pictures (a photo printed on the page, a whole page kept) are another matter: a 12-MP photo's
 * content as ink, at 10 % of the frame, is 0.38 MB lossless against 0.08 MB lossy, at 100 % 3.7 MB
 * in 1.1 s against 0.8 MB in 0.6 s. Above the share, lossy colour bounds both.
 */
export const LOSSLESS_MAX_VISIBLE_SHARE = 0.1;

/** Whether a result (RGBA bytes) is sparse enough for the lossless WebP. */
export function suitsLosslessWebp(rgba: ArrayLike<number>): boolean {
  const count = rgba.length >> 2;
  if (count === 0) return true;
  let visible = 0;
  for (let i = 3; i < rgba.length; i += 4) if (rgba[i] !== 0) visible++;
  return visible <= LOSSLESS_MAX_VISIBLE_SHARE * count;
}
