"""How much a learned step at the strokes' edges could add to the shipped ink/paper decision on flat
pages: a measure to decide whether such a step is worth building, not part of the product.

The shipped decision (models/inksep.onnx: its two networks rebuilt in PyTorch and averaged, as
average.py combines them) is run on the prepared pages of `npm run train:separation`; a pixel is ink
as src/core/paper/inkSeparation/separatedAlpha.ts makes it (decided ink, its deficit at least 37.5 % of its
stroke's core, the darkest within 3 px). Then every pixel within --radius px of the decision's line
(its window holding decided ink and paper) with some deficit is decided again by a small perceptron,
trained on those pixels of the TRAIN pages (real and generated; each page weighs the same, real pages
--real-weight times more) from: the deficits of its (2·win+1)² window over its stroke's core, its
luminance deficit over the core, the core / 255, the core over the darkest decided ink within 24 px,
and the decision's own value (clipped to ±8, over 4); with --gate G only the pixels whose decision
value lies within ±G are read (the uncertain ones: a tenth of them at ±2). Printed: the share of a
train page's pixels read, and the FM of the validation pages (real, generated) before and after, and
per page.

  /usr/bin/python3 -W ignore models/separation/edgeCeiling.py --prep models/.cache/separation-prep-…
"""
import argparse
import os
import sys
import time

import cv2
import numpy as np
import onnx
import torch
from onnx import helper

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
sys.path.insert(0, HERE)
from data import load_pages, taps  # noqa: E402
from train import decision_logits, f_measure, slice_coefficients  # noqa: E402  (before fromOnnx, which puts models/ first on the path)
from trainEdge import train as train_edge  # noqa: E402  (the shipped step's training loop)
from fromOnnx import inksep_from_onnx  # noqa: E402

RIM_SHARE = 0.375  # separatedAlpha.ts: OPAQUE_SHARE / 2
CORE_WINDOW = 7  # separatedAlpha.ts: CORE_RADIUS 3


def split_networks(path, folder):
    """The averaged file's networks (average.py prefixes them run0/, run1/, …) as files of one network each."""
    m = onnx.load(path)
    g = m.graph
    files = []
    k = 0
    while any(n.output[0].startswith(f'run{k}/') for n in g.node):
        prefix = f'run{k}/'
        strip = lambda s: s[len(prefix):] if s.startswith(prefix) else s  # noqa: E731
        nodes = [helper.make_node(n.op_type, [strip(i) for i in n.input], [strip(o) for o in n.output], name=strip(n.name),
                                  **{a.name: helper.get_attribute_value(a) for a in n.attribute})
                 for n in g.node if all(o.startswith(prefix) for o in n.output)]
        inits = []
        for t in g.initializer:
            if t.name.startswith(prefix):
                copy = onnx.TensorProto()
                copy.CopyFrom(t)
                copy.name = strip(t.name)
                inits.append(copy)
        out = helper.make_tensor_value_info('coefficients', onnx.TensorProto.FLOAT, None)
        file = os.path.join(folder, f'inksep-run{k}.onnx')
        onnx.save(helper.make_model(helper.make_graph(nodes, f'run{k}', list(g.input), [out], inits), opset_imports=m.opset_import), file)
        files.append(file)
        k += 1
    return files or [path]


def decision_values(pages, model_path, folder):
    """The shipped decision's value per pixel of every page (cached as float16)."""
    nets = [inksep_from_onnx(f) for f in split_networks(model_path, folder)]
    values = {}
    for p in pages:
        file = os.path.join(folder, f'{p.name}.z.npy')
        if not os.path.exists(file):
            with torch.no_grad():
                coeff = sum(n(torch.from_numpy(p.full_input())[None])[0] for n in nets) / len(nets)
                c = slice_coefficients(coeff, taps(p.width, p.answers_wide), taps(p.height, p.answers_high))
                z = decision_logits(c, torch.from_numpy(p.deficit.astype(np.float32) / 255),
                                    torch.from_numpy(p.luma.astype(np.float32) / 255), p.strength())
            np.save(file, z.numpy().astype(np.float16))
        values[p.name] = file
    return values


def edge_pixels(p, z, radius, win, gate):
    """The shipped ink, and the pixels near the decision's line (and with a decision's value within ±gate) with their inputs."""
    d = p.deficit
    core = cv2.dilate(d, np.ones((CORE_WINDOW, CORE_WINDOW), np.uint8)).astype(np.float32)
    decided = (z > 0).astype(np.uint8)
    ink = (decided > 0) & (d.astype(np.float32) >= RIM_SHARE * core)
    k = np.ones((2 * radius + 1, 2 * radius + 1), np.uint8)
    near = (cv2.dilate(decided, k) > 0) & (cv2.erode(decided, k) == 0) & (d > 0) & (np.abs(z) < gate)
    near[:win], near[-win:], near[:, :win], near[:, -win:] = False, False, False, False
    ys, xs = np.nonzero(near)
    region = cv2.dilate(np.where(decided > 0, d, 0).astype(np.uint8), np.ones((48, 48), np.uint8)).astype(np.float32)
    c = core[ys, xs]
    df = d.astype(np.float32)
    window = np.stack([df[ys + dy, xs + dx] for dy in range(-win, win + 1) for dx in range(-win, win + 1)], 1) / c[:, None]
    extra = np.stack([p.luma[ys, xs].astype(np.float32) / c, c / 255, np.minimum(1, c / np.maximum(1, region[ys, xs])),
                      np.clip(z[ys, xs], -8, 8) / 4], 1)
    return ink, (ys, xs), np.concatenate([window, extra], 1).astype(np.float32)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--prep', required=True, help='a prepared folder of npm run train:separation')
    ap.add_argument('--model', default='models/inksep.onnx')
    ap.add_argument('--cache', default='models/.cache/edge-ceiling')
    ap.add_argument('--radius', type=int, default=2)
    ap.add_argument('--win', type=int, default=2)
    ap.add_argument('--hidden', type=int, default=16)
    ap.add_argument('--epochs', type=int, default=4)
    ap.add_argument('--real-weight', type=float, default=3.0)
    ap.add_argument('--sample', type=float, default=0.25, help='share of each train page\'s edge pixels trained on')
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--gate', type=float, default=float('inf'), help='only pixels whose decision value lies within ±this')
    a = ap.parse_args()
    torch.set_num_threads(2)
    torch.manual_seed(a.seed)
    rng = np.random.default_rng(a.seed)
    os.makedirs(a.cache, exist_ok=True)
    pages = load_pages(a.prep)
    values = decision_values(pages, a.model, a.cache)
    started = time.time()
    xs, ys, ws, val, shares = [], [], [], [], []
    for p in pages:
        ink, where, x = edge_pixels(p, np.load(values[p.name]).astype(np.float32), a.radius, a.win, a.gate)
        if p.split == 'val':
            val.append((p, ink, where, x))
            continue
        shares.append(len(where[0]) / p.truth.size)
        t = p.truth[where]
        keep = (t != 128) & (rng.random(len(t)) < a.sample)
        xs.append(x[keep])
        ys.append((t[keep] >= 192).astype(np.float32))
        ws.append(np.full(keep.sum(), (a.real_weight if p.source == 'real' else 1.0) / max(1, keep.sum()), np.float32))
    x, y, w = (torch.from_numpy(np.concatenate(v)) for v in (xs, ys, ws))
    print(f'edgeCeiling: {len(y)} train pixels, {x.shape[1]} inputs; pixels read: median {100 * np.median(shares):.1f} % of a train page '
          f'({time.time() - started:.0f} s)', flush=True)
    net = train_edge(x, y, w, a.hidden, a.epochs, a.seed)
    scores = {}
    with torch.no_grad():
        for p, ink, (yy, xx), xv in val:
            truth, valid = p.truth >= 192, p.truth != 128
            edged = ink.copy()
            edged[yy, xx] = net(torch.from_numpy(xv))[:, 0].numpy() > 0
            scores.setdefault(p.source, []).append((p.name, f_measure(ink, truth, valid), f_measure(edged, truth, valid)))
    for source, rows in scores.items():
        print(f'{source} val ({len(rows)}): FM shipped {np.mean([r[1] for r in rows]):.2f}, with the edge step {np.mean([r[2] for r in rows]):.2f}')
        print('   ' + ' '.join(f'{r[0]}:{r[2] - r[1]:+.2f}' for r in rows))


if __name__ == '__main__':
    main()
