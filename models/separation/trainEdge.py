"""Trains the edge step (src/core/paper/inkSeparation/edgeStep.ts) on the pairs models/separation/prepareEdge.ts
wrote with the product's own code, and exports it as models/inkedge.onnx.

A perceptron (EDGE_INPUTS → hidden → hidden → 1, ReLU) says ink or paper for each pixel the step reads
on the TRAIN pages (real and generated; every page weighs the same, a real page --real-weight times
more); the truth's "no say" pixels (128, the generated truth's soft border) are left out. Nothing is
chosen on the validation pages: the last epoch is written. Printed: the validation pages' FM (real,
generated) with the decision alone and with the step, as the pipeline composes them.

  /usr/bin/python3 -W ignore models/separation/trainEdge.py --prep PREP --pairs PAIRS --out models/inkedge.onnx
"""
import argparse
import json
import os
import sys

import cv2
import numpy as np
import torch
import torch.nn as nn

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from train import f_measure  # noqa: E402


def read_pairs(folder, name):
    raw = open(os.path.join(folder, f'{name}.edge.bin'), 'rb').read()
    count, width = np.frombuffer(raw[:8], np.int32)
    pixels = np.frombuffer(raw[8:8 + 4 * count], np.int32)
    inputs = np.frombuffer(raw[8 + 4 * count:], np.float32).reshape(count, width)
    return pixels, inputs


def network(inputs, hidden):
    return nn.Sequential(nn.Linear(inputs, hidden), nn.ReLU(), nn.Linear(hidden, hidden), nn.ReLU(), nn.Linear(hidden, 1))


class Mean(nn.Module):
    """The networks of several seeds, their logits averaged (one run spans about 0.1 FM of the val pages from seed to seed)."""

    def __init__(self, nets):
        super().__init__()
        self.nets = nn.ModuleList(nets)

    def forward(self, x):
        return sum(n(x) for n in self.nets) / len(self.nets)


def train(x, y, w, hidden, epochs, seed):
    torch.manual_seed(seed)
    net = network(x.shape[1], hidden)
    opt = torch.optim.Adam(net.parameters(), 3e-3)
    for epoch in range(epochs):
        order = torch.randperm(len(y))
        total = 0.0
        for i in range(0, len(y), 4096):
            b = order[i:i + 4096]
            loss = (nn.functional.binary_cross_entropy_with_logits(net(x[b])[:, 0], y[b], reduction='none') * w[b]).sum() / w[b].sum()
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += float(loss) * len(b)
        print(f'seed {seed}, epoch {epoch + 1}: loss {total / len(y):.4f}', flush=True)
    return net


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--prep', required=True, help='the pages of models/separation/prepare.ts (their truth)')
    ap.add_argument('--pairs', required=True, help='the pairs of models/separation/prepareEdge.ts')
    ap.add_argument('--out', default='models/inkedge.onnx')
    ap.add_argument('--hidden', type=int, default=32)
    ap.add_argument('--epochs', type=int, default=6)
    ap.add_argument('--real-weight', type=float, default=3.0)
    ap.add_argument('--seeds', type=lambda v: [int(k) for k in v.split(',')], default=[1], help='comma-separated: one network per seed, their logits averaged')
    ap.add_argument('--threads', type=int, default=2)
    a = ap.parse_args()
    torch.set_num_threads(a.threads)
    torch.use_deterministic_algorithms(True, warn_only=True)
    pages = json.load(open(os.path.join(a.pairs, 'edge-pages.json')))
    xs, ys, ws, val = [], [], [], []
    for p in pages:
        pixels, inputs = read_pairs(a.pairs, p['name'])
        truth = cv2.imread(os.path.join(a.prep, f"{p['name']}.truth.png"), cv2.IMREAD_GRAYSCALE).reshape(-1)
        if p['split'] == 'val':
            val.append((p, pixels, inputs, truth))
            continue
        t = truth[pixels]
        keep = t != 128
        xs.append(inputs[keep])
        ys.append((t[keep] >= 192).astype(np.float32))
        ws.append(np.full(keep.sum(), (a.real_weight if p['source'] == 'real' else 1.0) / max(1, keep.sum()), np.float32))
    x, y, w = (torch.from_numpy(np.concatenate(v)) for v in (xs, ys, ws))
    print(f'trainEdge: {len(y)} train pixels of {len(xs)} pages, {x.shape[1]} inputs, {len(val)} val pages', flush=True)
    net = Mean([train(x, y, w, a.hidden, a.epochs, seed) for seed in a.seeds])
    net.eval()
    scores = {}
    with torch.no_grad():
        for p, pixels, inputs, truth in val:
            base = cv2.imread(os.path.join(a.pairs, f"{p['name']}.base.png"), cv2.IMREAD_GRAYSCALE).reshape(-1) >= 128
            stepped = base.copy()
            if len(pixels):
                stepped[pixels] = net(torch.from_numpy(inputs.copy()))[:, 0].numpy() > 0
            t, valid = truth >= 192, truth != 128
            scores.setdefault(p['source'], []).append((p['name'], f_measure(base, t, valid), f_measure(stepped, t, valid)))
    for source, rows in scores.items():
        print(f'{source} val ({len(rows)}): FM decision alone {np.mean([r[1] for r in rows]):.2f}, with the edge step {np.mean([r[2] for r in rows]):.2f}')
        print('   ' + ' '.join(f'{r[0]}:{r[2] - r[1]:+.2f}' for r in rows))
    torch.onnx.export(net, torch.zeros(4, x.shape[1]), a.out, input_names=['inputs'], output_names=['logits'],
                      dynamic_axes={'inputs': {0: 'pixels'}, 'logits': {0: 'pixels'}}, opset_version=17)
    print(f'trainEdge: wrote {a.out} ({os.path.getsize(a.out)} bytes)')


if __name__ == '__main__':
    main()
