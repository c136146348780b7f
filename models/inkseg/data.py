"""Training pairs written by models/prepare.ts, crops and augmentation."""
import glob
import os

import cv2
import numpy as np

# Loss weight per target class: the tasks are signature and stamp extraction.
CLASS_WEIGHT = np.array([0.5, 1.0, 1.0, 2.0, 2.0, 1.0], dtype=np.float32)
PAPER_WEIGHT = 0.02


class Page:
    def __init__(self, image, target, stride):
        self.image = image  # H×W×4 uint8: ink deficit R, G, B (255 - flattened), ink alpha; paper 0
        self.stride = stride  # model pixels per target cell (the model's output stride)
        self.cls = target[:, :, 0].copy()  # h×w class ids
        self.ink = target[:, :, 1].astype(np.float32) / 255.0  # share of ink pixels in the cell
        self.purity = target[:, :, 2].astype(np.float32) / 255.0
        ys, xs = np.nonzero(((self.cls == 3) | (self.cls == 4)) & (self.ink > 0))
        self.focus = np.stack([ys, xs], 1) if len(ys) else None


def load_pages(folder, limit=None):
    pages = []
    files = sorted(glob.glob(os.path.join(folder, '*.in.png')))
    if limit:
        files = files[:limit]
    for f in files:
        bgra = cv2.imread(f, cv2.IMREAD_UNCHANGED)
        rgba = bgra[:, :, [2, 1, 0, 3]]
        t = cv2.imread(f.replace('.in.png', '.target.png'), cv2.IMREAD_UNCHANGED)[:, :, ::-1]
        h, w = t.shape[:2]
        stride = rgba.shape[0] // h
        assert rgba.shape[0] == h * stride and rgba.shape[1] == w * stride, f
        pages.append(Page(np.ascontiguousarray(rgba), np.ascontiguousarray(t), stride))
    strides = {p.stride for p in pages}
    assert len(strides) <= 1, f'{folder}: pages prepared at several output strides {strides}: prepare again'

    return pages


def set_focus_weight(weight):
    """Loss weight of handwriting and stamp cells (the extraction tasks) relative to printed text."""
    CLASS_WEIGHT[3] = CLASS_WEIGHT[4] = weight


UNLABELLED = 255  # models/prepare.ts: a cell holding only ink of unknown class; the loss skips it


def cell_weights(cls, ink, purity):
    unlabelled = cls == UNLABELLED
    cls = np.where(unlabelled, 0, cls)
    w = CLASS_WEIGHT[cls] * np.clip(ink * 4.0, 0.0, 1.0) * (0.5 + 0.5 * purity)
    return np.where(unlabelled, 0.0, np.where(ink > 0, w + PAPER_WEIGHT, PAPER_WEIGHT)).astype(np.float32)


def pad_to(a, h, w, value):
    ph, pw = max(0, h - a.shape[0]), max(0, w - a.shape[1])
    if ph == 0 and pw == 0:
        return a
    pads = ((0, ph), (0, pw)) + ((0, 0),) * (a.ndim - 2)
    return np.pad(a, pads, constant_values=value)


class CropSampler:
    """Random crops (size in model pixels) with scale jitter and ink-colour augmentation."""

    def __init__(self, pages, size=256, focus_share=0.5, scale_range=(0.8, 1.25), seed=0, upside_down=0.0):
        self.pages = pages
        # The share of crops turned by 180° (a page scanned or photographed upside down is read as it
        # is: the orientation step turns only sideways pages). 0 draws nothing, so older runs repeat.
        self.upside_down = upside_down
        self.size = size
        self.focus_share = focus_share
        self.scale_range = scale_range
        self.rng = np.random.default_rng(seed)

    def sample(self):
        rng = self.rng
        page = self.pages[rng.integers(len(self.pages))]
        stride = page.stride
        scale = float(np.exp(rng.uniform(np.log(self.scale_range[0]), np.log(self.scale_range[1]))))
        cells = max(8, int(round(self.size / stride / scale)))  # crop side in cells
        h, w = page.cls.shape
        if page.focus is not None and rng.random() < self.focus_share:
            cy, cx = page.focus[rng.integers(len(page.focus))]
            y0 = int(np.clip(cy - rng.integers(cells), 0, max(0, h - cells)))
            x0 = int(np.clip(cx - rng.integers(cells), 0, max(0, w - cells)))
        else:
            y0 = int(rng.integers(max(1, h - cells + 1)))
            x0 = int(rng.integers(max(1, w - cells + 1)))
        img = page.image[y0 * stride:(y0 + cells) * stride, x0 * stride:(x0 + cells) * stride]
        cls = page.cls[y0:y0 + cells, x0:x0 + cells]
        ink = page.ink[y0:y0 + cells, x0:x0 + cells]
        pur = page.purity[y0:y0 + cells, x0:x0 + cells]
        img = pad_to(img, cells * stride, cells * stride, 0)  # padding: paper, 0 in every channel
        cls = pad_to(cls, cells, cells, 0)
        ink = pad_to(ink, cells, cells, 0)
        pur = pad_to(pur, cells, cells, 1)
        out_cells = self.size // stride
        if cells != out_cells:
            img = cv2.resize(img, (self.size, self.size), interpolation=cv2.INTER_AREA if cells > out_cells else cv2.INTER_LINEAR)
            cls = cv2.resize(cls, (out_cells, out_cells), interpolation=cv2.INTER_NEAREST)
            ink = cv2.resize(ink, (out_cells, out_cells), interpolation=cv2.INTER_LINEAR)
            pur = cv2.resize(pur, (out_cells, out_cells), interpolation=cv2.INTER_LINEAR)
        if self.upside_down > 0 and rng.random() < self.upside_down:
            # A square crop of whole cells: turned, its cells stay aligned with their targets.
            img, cls, ink, pur = (np.ascontiguousarray(a[::-1, ::-1]) for a in (img, cls, ink, pur))
        x = img.astype(np.float32) / 255.0
        x = self.augment(x)
        return x.transpose(2, 0, 1), np.where(cls == UNLABELLED, 0, cls).astype(np.int64), cell_weights(cls, ink, pur)

    def augment(self, x):
        rng = self.rng
        deficit, alpha = x[:, :, :3], x[:, :, 3:]
        if rng.random() < 0.3:  # ink of another colour
            deficit = deficit[:, :, rng.permutation(3)]
        deficit = deficit * rng.uniform(0.8, 1.15, size=3).astype(np.float32)
        if rng.random() < 0.5:  # lighter or darker ink and alpha together
            k = rng.uniform(0.75, 1.2)
            deficit = deficit * k
            alpha = alpha * k
        if rng.random() < 0.3:
            deficit = deficit + rng.normal(0, 0.02, size=deficit.shape).astype(np.float32)
        return np.clip(np.concatenate([deficit, alpha], 2), 0.0, 1.0).astype(np.float32)

    def batch(self, n):
        xs, ys, ws = zip(*(self.sample() for _ in range(n)))
        return np.stack(xs), np.stack(ys), np.stack(ws)


def full_page_input(page, multiple=32):
    """A whole page as the runtime feeds it: padded with paper to multiples of 32."""
    h, w = page.image.shape[:2]
    H, W = -(-h // multiple) * multiple, -(-w // multiple) * multiple
    x = np.zeros((H, W, 4), np.float32)
    x[:h, :w] = page.image.astype(np.float32) / 255.0
    return x.transpose(2, 0, 1)[None]
