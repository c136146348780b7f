"""Trains the stray-ink step's network (src/core/paper/inkSeparation/strayInk.ts) on the pairs of prepareStray.ts.

A piece of decided ink is stray when under STRAY_TRUE_SHARE of its pixels (where the truth has a say)
are true ink. Each piece weighs its pixels where the truth has a say, each page the same in all (a real
page REAL_WEIGHT times a generated one), so the loss follows what a piece does to the page's F-measure.
Inputs are standardised on the train pieces and the standardisation folded into the first layer, so
the TypeScript reads the raw inputs. Nothing is chosen on the val pages: they are scored, with the
F-measure the step gives each page (exact: a cleared piece takes its half-covered pixels away).
Writes src/core/paper/inkSeparation/strayNet.ts.
"""
import argparse
import json
import os
import sys

import numpy as np
import torch
import torch.nn as nn

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from trainEdge import network  # noqa: E402  (the same perceptron: inputs → hidden → hidden → 1, ReLU)

STRAY_TRUE_SHARE = 0.2
COUNTS = 6


def read_page(folder, name):
    raw = open(os.path.join(folder, f'{name}.stray.bin'), 'rb').read()
    pieces, inputs, true_ink, right, wrong = np.frombuffer(raw[:20], np.int32)
    rows = np.frombuffer(raw[20:], np.float32).reshape(pieces, inputs + COUNTS)
    return rows[:, :inputs], rows[:, inputs:], (int(true_ink), int(right), int(wrong))


def train(x, y, w, hidden, epochs, seed):
    torch.manual_seed(seed)
    net = network(x.shape[1], hidden)
    opt = torch.optim.Adam(net.parameters(), 3e-3)
    w = w / w.mean()
    for epoch in range(epochs):
        order = torch.randperm(len(y))
        total = 0.0
        for i in range(0, len(y), 2048):
            b = order[i:i + 2048]
            loss = (nn.functional.binary_cross_entropy_with_logits(net(x[b])[:, 0], y[b], reduction='none') * w[b]).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += float(loss) * len(b)
    print(f'seed {seed}: last epoch loss {total / len(y):.4f}', flush=True)
    return net


def f_measure(right, wrong, true_ink):
    return 200.0 * right / max(1e-9, 2 * right + wrong + (true_ink - right))


def page_scores(pages, logits):
    """Per page: (source, FM without the step, FM with it, pieces cleared, true ink pixels cleared share)."""
    out = []
    for p, (x, c, (true_ink, right, wrong)), z in zip(pages, (q['data'] for q in pages), logits):
        cleared = z > 0
        r2 = right - c[cleared, 2].sum()
        w2 = wrong - c[cleared, 3].sum()
        out.append((p['name'], p['source'], f_measure(right, wrong, true_ink), f_measure(r2, w2, true_ink), int(cleared.sum()),
                    c[cleared, 4].sum() / max(1, c[:, 4].sum()), c[cleared, 5].sum() / max(1, c[:, 5].sum())))
    return out


def ts_array(values):
    return 'new Float32Array([' + ', '.join(f'{float(v):.7g}' for v in values) + '])'


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--pairs', required=True, help='the pairs of models/separation/prepareStray.ts')
    ap.add_argument('--out', default='src/core/paper/inkSeparation/strayNet.ts')
    ap.add_argument('--hidden', type=int, default=16)
    ap.add_argument('--epochs', type=int, default=30)
    ap.add_argument('--real-weight', type=float, default=3.0)
    ap.add_argument('--element-weight', type=float, default=1.0, help="a generated page's signature and stamp each weigh this much beside the page")
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--threads', type=int, default=2)
    a = ap.parse_args()
    torch.set_num_threads(a.threads)
    torch.use_deterministic_algorithms(True, warn_only=True)
    pages = json.load(open(os.path.join(a.pairs, 'stray-pages.json')))
    for p in pages:
        p['data'] = read_page(a.pairs, p['name'])
    train_pages = [p for p in pages if p['split'] == 'train']
    xs, ys, ws = [], [], []
    for p in train_pages:
        x, c, _ = p['data']
        say = c[:, 1]
        keep = say > 0
        xs.append(x[keep])
        ys.append((c[keep, 0] < STRAY_TRUE_SHARE * say[keep]).astype(np.float32))
        weight = say[keep] / max(1.0, say[keep].sum()) * (a.real_weight if p['source'] == 'real' else 1.0)
        # A generated page's signature and stamp weigh as their own tasks score them (their IoU), not by
        # their share of the page's ink: a stamp's pale specks are few pixels of a page but much of a stamp.
        for column in (4, 5):
            weight = weight + a.element_weight * c[keep, column] / max(1.0, c[:, column].sum())
        ws.append(weight.astype(np.float32))
    x = np.concatenate(xs)
    mean, std = x.mean(0), x.std(0) + 1e-6
    xt = torch.from_numpy((x - mean) / std)
    y, w = torch.from_numpy(np.concatenate(ys)), torch.from_numpy(np.concatenate(ws))
    print(f'trainStray: {len(y)} pieces of {len(train_pages)} train pages ({int(y.sum())} stray), {x.shape[1]} inputs', flush=True)
    net = train(xt, y, w, a.hidden, a.epochs, a.seed)
    net.eval()
    # Fold the standardisation into the first layer: w1 · (x − mean) / std + b1.
    first, second, third = net[0], net[2], net[4]
    w1 = first.weight.detach().numpy() / std[None, :]
    b1 = first.bias.detach().numpy() - (first.weight.detach().numpy() * (mean / std)[None, :]).sum(1)
    with torch.no_grad():
        for split in ('train', 'val'):
            chosen = [p for p in pages if p['split'] == split]
            logits = [net(torch.from_numpy((p['data'][0] - mean) / std))[:, 0].numpy() if len(p['data'][0]) else np.zeros(0) for p in chosen]
            rows = page_scores(chosen, logits)
            for source in ('real', 'synth'):
                r = [q for q in rows if q[1] == source]
                if not r:
                    continue
                print(f'{split} {source} ({len(r)}): FM {np.mean([q[2] for q in r]):.2f} -> {np.mean([q[3] for q in r]):.2f}; '
                      f'signature / stamp pixels cleared {np.mean([q[5] for q in r]) * 100:.2f} / {np.mean([q[6] for q in r]) * 100:.2f} %')
                if split == 'val' and source == 'real':
                    print('   ' + ' '.join(f'{q[0]}:{q[3] - q[2]:+.2f}' for q in r))
    with open(a.out, 'w') as f:
        f.write('// Written by models/separation/trainStray.py: the stray-ink network of strayInk.ts (do not edit).\n')
        f.write("export const STRAY_NET_NAME = 'inkstray-v1';\n")
        f.write('export const STRAY_NET = {\n')
        f.write(f'  hidden: {a.hidden},\n')
        f.write(f'  w1: {ts_array(w1.reshape(-1))},\n')
        f.write(f'  b1: {ts_array(b1)},\n')
        f.write(f'  w2: {ts_array(second.weight.detach().numpy().reshape(-1))},\n')
        f.write(f'  b2: {ts_array(second.bias.detach().numpy())},\n')
        f.write(f'  w3: {ts_array(third.weight.detach().numpy().reshape(-1))},\n')
        f.write(f'  b3: {float(third.bias.detach().numpy()[0]):.7g},\n')
        f.write('};\n')
    print(f'trainStray: wrote {a.out}')


if __name__ == '__main__':
    main()
