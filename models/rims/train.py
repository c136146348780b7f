"""Trains the rim network of src/core/paper/inkSeparation/blurredRims.ts and writes its weights as
src/core/paper/inkSeparation/rimNet.ts.

Reads the pairs models/rims/prepare.ts wrote (NNNN.inputs.f32, NNNN.labels.u8) from --train and,
to report on, from --val; a two-hidden-layer perceptron (16 → 8 → 8 → 1, ReLU), binary
cross-entropy, Adam 3e-3, batches of 4 096 pixels, 6 epochs, seed 1, 2 threads (deterministic on this
CPU). The figures printed per epoch are the val pixels kept and dropped at probability 0.5; the
last epoch's weights are written whatever they say (nothing is chosen on them).

Usage: /usr/bin/python3 models/rims/train.py --train DIR --val DIR [--out FILE] [--name NAME]
"""
import argparse, glob, os
import numpy as np
import torch

INPUTS = 16
HIDDEN = 8


def load(folder):
    xs, ys = [], []
    for f in sorted(glob.glob(os.path.join(folder, '*.labels.u8'))):
        ys.append(np.fromfile(f, np.uint8).astype(np.float32))
        xs.append(np.fromfile(f[:-len('.labels.u8')] + '.inputs.f32', np.float32).reshape(-1, INPUTS))
    if not ys:
        raise SystemExit(f'rims/train.py: no pairs in {folder} (run models/rims/prepare.ts first)')
    return torch.tensor(np.concatenate(xs)), torch.tensor(np.concatenate(ys))


def ts_array(values):
    return '[' + ', '.join(f'{v:.7g}' for v in values) + ']'


def main():
    p = argparse.ArgumentParser()
    p.add_argument('--train', required=True)
    p.add_argument('--val', required=True)
    p.add_argument('--out', default=os.path.join(os.path.dirname(__file__), '../../src/core/paper/inkSeparation/rimNet.ts'))
    p.add_argument('--name', default='inkrim-v1')
    p.add_argument('--epochs', type=int, default=6)
    a = p.parse_args()
    torch.manual_seed(1)
    torch.set_num_threads(2)
    torch.use_deterministic_algorithms(True)
    x, y = load(a.train)
    xv, yv = load(a.val)
    print(f'rims/train: {len(y)} train pixels ({y.mean():.3f} ink), {len(yv)} val pixels ({yv.mean():.3f} ink)')
    net = torch.nn.Sequential(torch.nn.Linear(INPUTS, HIDDEN), torch.nn.ReLU(), torch.nn.Linear(HIDDEN, HIDDEN), torch.nn.ReLU(), torch.nn.Linear(HIDDEN, 1))
    opt = torch.optim.Adam(net.parameters(), 3e-3)
    for epoch in range(a.epochs):
        order = torch.randperm(len(y))
        for i in range(0, len(y), 4096):
            b = order[i:i + 4096]
            loss = torch.nn.functional.binary_cross_entropy_with_logits(net(x[b]).squeeze(1), y[b])
            opt.zero_grad()
            loss.backward()
            opt.step()
        with torch.no_grad():
            kept = net(xv).squeeze(1) >= 0
        ink = yv > 0
        print(f'epoch {epoch + 1}: val ink kept {int((kept & ink).sum())} of {int(ink.sum())}, paper kept {int((kept & ~ink).sum())} of {int((~ink).sum())}')
    w1, b1, w2, b2, w3, b3 = [t.detach().numpy().astype(np.float32).reshape(-1) for t in net.parameters()]
    with open(a.out, 'w') as f:
        f.write('// Written by models/rims/train.py: the rim network of blurredRims.ts (do not edit).\n')
        f.write(f"export const RIM_NET_NAME = '{a.name}';\n")
        f.write('export const RIM_NET = {\n')
        f.write(f'  hidden: {HIDDEN},\n')
        for name, v in [('w1', w1), ('b1', b1), ('w2', w2), ('b2', b2), ('w3', w3)]:
            f.write(f'  {name}: new Float32Array({ts_array(v)}),\n')
        f.write(f'  b3: {float(b3[0]):.7g},\n')
        f.write('};\n')
    print(f'rims/train: wrote {a.out}')


if __name__ == '__main__':
    main()
