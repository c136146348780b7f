"""Training pages of the ink-separation model: full-resolution deficits and truth (models/separation/
prepare.ts), the model's low-resolution input and the bilinear taps, mirroring
src/core/paper/inkSeparation/{geometry,features,inkDecision}.ts exactly."""
import json
import os
import cv2
import numpy as np

LONG_SIDE = 1024
OUTPUT_STRIDE = 2
MULTIPLE = 32
STRENGTH_SHARE = 0.005
FAINTEST_STRENGTH = 64


def cells_for(width, height, long_side=LONG_SIDE):
    scale = long_side / max(width, height)
    s = OUTPUT_STRIDE
    return max(s, round_half_up(width * scale / s) * s), max(s, round_half_up(height * scale / s) * s)


def round_half_up(v):
    # Math.round in JavaScript: halves go up.
    return int(np.floor(v + 0.5))


def source_spans(size, cells):
    """[start, end) source pixels per cell (src/core/classes/model/geometry.ts sourceSpans)."""
    t = np.arange(cells)
    start = np.minimum(size - 1, (t * size) // cells)
    end = np.maximum(start + 1, np.minimum(size, ((t + 1) * size) // cells))
    return start.astype(np.int64), end.astype(np.int64)


def taps(size, cells):
    """Bilinear taps between cell centres (src/core/shared/cellInterpolation.ts interpolationTaps), float32 like the TS code."""
    scale = np.float64(cells) / size
    g = np.clip((np.arange(size) + 0.5) * scale - 0.5, 0, cells - 1)
    lo = np.floor(g).astype(np.int64)
    hi = np.minimum(cells - 1, lo + 1)
    return lo, hi, (g - lo).astype(np.float32)


def cell_input(deficit, luma, xs, ys):
    """The model input of a page region (uint8 full-res planes; spans relative to the region): 4×cells."""
    d = deficit.astype(np.float64)
    l = luma.astype(np.float64)
    (x0, x1), (y0, y1) = xs, ys
    reducing_x = np.all(x1 - x0 >= 1) and np.all(x1[:-1] == x0[1:])
    reducing_y = np.all(y1 - y0 >= 1) and np.all(y1[:-1] == y0[1:])
    if not (reducing_x and reducing_y):
        # Enlarging (a page smaller than the model's scale): each cell is one pixel.
        sub = lambda a: a[y0][:, x0]
        area = np.ones((len(y0), len(x0)))
        return np.stack([sub(d) / 255, sub(l) / 255, sub(d) / 255, sub(d) / 255]).astype(np.float32)
    sum_d = np.add.reduceat(np.add.reduceat(d, y0, axis=0), x0, axis=1)
    sum_l = np.add.reduceat(np.add.reduceat(l, y0, axis=0), x0, axis=1)
    max_d = np.maximum.reduceat(np.maximum.reduceat(deficit, y0, axis=0), x0, axis=1)
    min_d = np.minimum.reduceat(np.minimum.reduceat(deficit, y0, axis=0), x0, axis=1)
    area = np.outer(y1 - y0, x1 - x0) * 255.0
    return np.stack([sum_d / area, sum_l / area, max_d / 255.0, min_d / 255.0]).astype(np.float32)


class Page:
    def __init__(self, folder, meta, planes=None):
        self.name = meta['name']
        self.source = meta['source']
        self.set = meta['set']
        self.split = meta['split']
        self.meta = meta
        if planes is None:
            read = lambda kind: cv2.imread(os.path.join(folder, f"{self.name}.{kind}.png"), cv2.IMREAD_GRAYSCALE)
            planes = read('deficit'), read('luma'), read('truth')
        self.deficit, self.luma, self.truth = planes
        self.height, self.width = self.deficit.shape
        self.cells_wide, self.cells_high = cells_for(self.width, self.height)
        self.xs = source_spans(self.width, self.cells_wide)
        self.ys = source_spans(self.height, self.cells_high)
        self.answers_wide = self.cells_wide // OUTPUT_STRIDE
        self.answers_high = self.cells_high // OUTPUT_STRIDE
        self._darkest = None
        self._folder = folder

    def inks(self):
        """Generated pages: (stamp, signature, all) coverage planes from `<name>.inks.png`, else None."""
        file = os.path.join(self._folder, f"{self.name}.inks.png") if self._folder else None
        if not file or not os.path.exists(file):
            return None
        rgb = cv2.imread(file, cv2.IMREAD_COLOR)[:, :, ::-1]
        return rgb[:, :, 0], rgb[:, :, 1], rgb[:, :, 2]

    def darkest_level(self):
        """The darkest deficit of the page's darkest STRENGTH_SHARE of cells (features.ts pageInkStrength, before its floor)."""
        if self._darkest is None:
            x0, x1 = self.xs
            y0, y1 = self.ys
            if np.all(x1[:-1] == x0[1:]) and np.all(y1[:-1] == y0[1:]):
                max_d = np.maximum.reduceat(np.maximum.reduceat(self.deficit, y0, axis=0), x0, axis=1)
            else:
                max_d = self.deficit[y0][:, x0]
            values = np.sort(max_d.ravel())[::-1]
            self._darkest = int(values[int(np.floor(values.size * STRENGTH_SHARE))])
        return self._darkest

    def resized(self, width, height):
        """The same page at another pixel size (truth by nearest pixel, so it stays 0/128/255)."""
        area = cv2.INTER_AREA if width < self.width else cv2.INTER_LINEAR
        planes = (cv2.resize(self.deficit, (width, height), interpolation=area), cv2.resize(self.luma, (width, height), interpolation=area),
                  cv2.resize(self.truth, (width, height), interpolation=cv2.INTER_NEAREST))
        return Page(None, self.meta, planes)

    def strength(self, gain=1.0):
        return max(FAINTEST_STRENGTH, self.darkest_level() * gain) / 255.0

    def full_input(self):
        """The whole page's model input, padded to multiples of 32, divided by the page's ink strength (features.ts separationInput)."""
        x = cell_input(self.deficit, self.luma, self.xs, self.ys) / np.float32(self.strength())
        ih = -(-self.cells_high // MULTIPLE) * MULTIPLE
        iw = -(-self.cells_wide // MULTIPLE) * MULTIPLE
        out = np.zeros((4, ih, iw), np.float32)
        out[:, :self.cells_high, :self.cells_wide] = x
        return out


def load_pages(folder):
    metas = json.load(open(os.path.join(folder, 'pages.json')))
    pages = []
    for m in metas:
        if not os.path.exists(os.path.join(folder, f"{m['name']}.truth.png")):
            continue
        pages.append(Page(folder, m))
    return pages
