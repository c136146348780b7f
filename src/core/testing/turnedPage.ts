/**
 * Test pages turned by an angle: where a pixel lies along and across a page's rows when the page is
 * turned by `degrees` (clockwise on the image, y down) about its centre, and a page of type drawn so.
 * Only for tests (the tilt of a sheet, the skew of rows of type, the training pairs read straight).
 */

/** Pixel (x, y)'s centre in the turned page's own axes: along its rows and across them, from the frame's centre. */
export function pageCoordinates(x: number, y: number, width: number, height: number, degrees: number): { along: number; across: number } {
  const a = (degrees * Math.PI) / 180;
  const [dx, dy] = [x + 0.5 - width / 2, y + 0.5 - height / 2];
  return { along: dx * Math.cos(a) + dy * Math.sin(a), across: -dx * Math.sin(a) + dy * Math.cos(a) };
}

/** One byte per pixel, 255 where `inside(along, across)` holds for the page turned by `degrees`. */
export function turnedPlane(width: number, height: number, degrees: number, inside: (along: number, across: number) => boolean): Uint8Array {
  const plane = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const { along, across } = pageCoordinates(x, y, width, height, degrees);
      if (inside(along, across)) plane[y * width + x] = 255;
    }
  }
  return plane;
}

/** Whether a point of the page (its own axes) is type: `lines` rows of words 6 px tall, 14 px apart, ragged line ends, from 200 px above the centre. */
export function isType(along: number, across: number, lines = 24): boolean {
  const line = Math.floor((across + 200) / 14);
  if (line < 0 || line >= lines || (across + 200) % 14 >= 6) return false;
  const lineEnd = 120 - ((line * 37) % 60);
  if (along < -140 || along > lineEnd) return false;
  // Words 20–40 px long with 8 px between them, offset per line.
  return (along + 140 + line * 11) % 36 < 28;
}

/** A page of type as an ink alpha, turned by `degrees`; `sideways`: its rows run down the page. */
export function typedPage(width: number, height: number, degrees: number, { lines = 24, sideways = false } = {}): Uint8Array {
  return turnedPlane(width, height, degrees, (along, across) => (sideways ? isType(across, -along, lines) : isType(along, across, lines)));
}
