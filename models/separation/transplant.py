"""Real ink moved between real pages: the training crops' augmentation that multiplies the 55 real
pages. A donor page's ink (its truth mask, with the stroke's anti-aliased rim, the donor's own paper
level taken off) is laid over another page's crop at its own contrast, so a crop can hold two inks of
different strength (faded ink beside fresh ink is still ink), and a donor's ink mirrored and blurred
can be laid over as bleed-through (still paper). Darkness combines as light through two layers:
1 − d/255 = (1 − d₁/255)(1 − d₂/255), on the deficit and the luminance deficit alike.

Planes are float64 deficits 0..255 at full resolution; truth is 0 (paper), 128 (not scored), 255 (ink).
"""
import math

import cv2
import numpy as np


def donor_region(page, height, width, rng):
    """A region of `page` of the given pixel size (the page enlarged when it is smaller)."""
    d, l, t = page.deficit, page.luma, page.truth
    ph, pw = d.shape
    if ph < height or pw < width:
        z = max(height / ph, width / pw)
        size = (max(width, math.ceil(pw * z)), max(height, math.ceil(ph * z)))
        d = cv2.resize(d, size, interpolation=cv2.INTER_LINEAR)
        l = cv2.resize(l, size, interpolation=cv2.INTER_LINEAR)
        t = cv2.resize(t, size, interpolation=cv2.INTER_NEAREST)
        ph, pw = d.shape
    y = rng.randrange(0, ph - height + 1)
    x = rng.randrange(0, pw - width + 1)
    return d[y:y + height, x:x + width], l[y:y + height, x:x + width], t[y:y + height, x:x + width]


def ink_layer(d, l, t):
    """The donor's ink alone: deficits above its paper level inside the truth's ink grown by one pixel
    (the stroke's rim comes along, its paper does not), and the ink mask."""
    ink = t >= 192
    paper = t == 0
    near = cv2.dilate(ink.astype(np.uint8), np.ones((3, 3), np.uint8)) > 0
    d_paper = float(np.median(d[paper])) if paper.any() else 0.0
    l_paper = float(np.median(l[paper])) if paper.any() else 0.0
    layer_d = np.where(near, np.clip(d.astype(np.float64) - d_paper, 0, 255), 0.0)
    layer_l = np.where(near, np.clip(l.astype(np.float64) - l_paper, 0, 255), 0.0)
    return layer_d, layer_l, ink


def oriented(arrays, rng):
    """The same random flip / half turn of every array (a donor's writing need not read upright)."""
    k = rng.randrange(4)
    return [np.rot90(a, 2) if k == 1 else a[:, ::-1] if k == 2 else a[::-1] if k == 3 else a for a in arrays]


def over(base, layer):
    return 255.0 - (255.0 - base) * (255.0 - layer) / 255.0


def transplant_ink(d, l, t, donor, rng, gain_range=(0.35, 1.2)):
    """d, l, t with the donor's real ink laid over at a random contrast; returns them and the donor
    ink's darkest level at that contrast (the page's ink strength counts it)."""
    h, w = d.shape
    dd, dl, dt = donor_region(donor, h, w, rng)
    layer_d, layer_l, ink = ink_layer(dd, dl, dt)
    layer_d, layer_l, ink = oriented([layer_d, layer_l, ink], rng)
    gain = math.exp(rng.uniform(math.log(gain_range[0]), math.log(gain_range[1])))
    d = over(d, layer_d * gain)
    l = over(l, layer_l * gain)
    t = np.where(ink, 255, t).astype(t.dtype)
    return d, l, t, donor.darkest_level() * gain


def bleed_through(d, l, donor, rng, gain_range=(0.12, 0.45)):
    """d, l with the donor's ink mirrored (seen through the sheet), softened and faint; truth unchanged:
    it is paper where it lies on paper."""
    h, w = d.shape
    dd, dl, dt = donor_region(donor, h, w, rng)
    layer_d, layer_l, _ = ink_layer(dd, dl, dt)
    layer_d, layer_l = layer_d[:, ::-1], layer_l[:, ::-1]
    sigma = rng.uniform(0.8, 2.5)
    layer_d = cv2.GaussianBlur(layer_d, (0, 0), sigma)
    layer_l = cv2.GaussianBlur(layer_l, (0, 0), sigma)
    gain = rng.uniform(*gain_range)
    return over(d, layer_d * gain), over(l, layer_l * gain)
