/**
 * A sheet photo's truth: the sheet's four corners in the photo's pixels, as the build writes them
 * (index entry `sheetCorners` and `<set>/corners.json`): [x, y] pairs, clockwise on screen (x right,
 * y down) from the sheet's top-left corner = the corner with the smallest x + y. Read from the
 * source's corner file (`{"corners": [[x, y] × 4]}`, any order around the sheet) and refused unless
 * the four make a convex, non-degenerate quadrilateral.
 */

export type CornerPoint = [number, number];
export type SheetCorners = [CornerPoint, CornerPoint, CornerPoint, CornerPoint];

/** Twice the signed area: positive when the corners run clockwise on screen (y down). */
function twiceSignedArea(corners: readonly (readonly number[])[]): number {
  let sum = 0;
  for (let i = 0; i < corners.length; i++) {
    const [ax, ay] = corners[i];
    const [bx, by] = corners[(i + 1) % corners.length];
    sum += ax * by - bx * ay;
  }
  return sum;
}

function isConvexQuad(corners: readonly (readonly number[])[]): boolean {
  let sign = 0;
  for (let i = 0; i < 4; i++) {
    const [ax, ay] = corners[i];
    const [bx, by] = corners[(i + 1) % 4];
    const [cx, cy] = corners[(i + 2) % 4];
    const turn = Math.sign((bx - ax) * (cy - by) - (by - ay) * (cx - bx));
    if (turn === 0 || (sign !== 0 && turn !== sign)) return false;
    sign = turn;
  }
  return true;
}

/**
 * The corners in the build's order: keeps the source's cycle (reversed when it runs anticlockwise on
 * screen), starting at the corner with the smallest x + y. Throws on anything but a convex quadrilateral.
 */
export function orderSheetCorners(points: readonly (readonly number[])[]): SheetCorners {
  if (points.length !== 4 || points.some((p) => p.length !== 2 || !p.every(Number.isFinite))) throw new Error('sheet corners: four [x, y] pairs of numbers expected');
  if (!isConvexQuad(points)) throw new Error(`sheet corners ${JSON.stringify(points)} do not make a convex quadrilateral in that order`);
  const clockwise = twiceSignedArea(points) > 0 ? [...points] : [...points].reverse();
  let first = 0;
  for (let i = 1; i < 4; i++) if (clockwise[i][0] + clockwise[i][1] < clockwise[first][0] + clockwise[first][1]) first = i;
  const ordered = [0, 1, 2, 3].map((k) => clockwise[(first + k) % 4]);
  return ordered.map(([x, y]) => [x, y] as CornerPoint) as SheetCorners;
}

/**
 * The corners from a source corner file's bytes (`{"image"?, "corners": [[x, y], …]}`); when the file
 * names its image, it must be `image` (the photo it is pinned with).
 */
export function parseCornerFile(bytes: Buffer, image?: string): SheetCorners {
  let parsed: unknown;
  try {
    parsed = JSON.parse(bytes.toString('utf8'));
  } catch (error) {
    throw new Error(`corner file is not JSON: ${(error as Error).message}`, { cause: error });
  }
  const { corners, image: named } = (parsed ?? {}) as { corners?: unknown; image?: unknown };
  if (image !== undefined && named !== undefined && named !== image) throw new Error(`corner file names image "${String(named)}", not ${image}`);
  if (!Array.isArray(corners)) throw new Error('corner file has no "corners" list');
  return orderSheetCorners(corners as number[][]);
}
