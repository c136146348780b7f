"""Rebuilds a train.py starting point from an exported ink-class model, so a fine-tune (train.py --init
... --freeze-bn) can start from the shipped weights without the training run that made them.

The export folds each BatchNorm into the convolution before it (weights scaled, a bias added). Here
each convolution takes the folded weights and its BatchNorm becomes the identity plus that bias
(mean 0, variance 1 - eps, scale 1), so the network computes exactly what the ONNX file does in
eval mode. Batch statistics would not: fine-tune with --freeze-bn (BatchNorm kept in eval mode, its
scale and shift still learned).

  /usr/bin/python3 models/inkseg/fromOnnx.py --onnx models/inkseg.onnx --out models/.cache/inkseg-init.pt
"""
import argparse
import os
import sys

import onnx
import torch
import torch.nn as nn
from onnx import numpy_helper

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from inkseg.net import InkSeg  # noqa: E402


def convolutions_in_call_order(model, height=256, width=192):
    order = []
    hooks = [m.register_forward_hook(lambda mod, _i, _o, name=name: order.append((name, mod))) for name, m in model.named_modules() if isinstance(m, nn.Conv2d)]
    with torch.no_grad():
        model.eval()(torch.zeros(1, 4, height, width))
    for h in hooks:
        h.remove()
    return order


def module_path(node_name):
    """'/s8/s8.0/pw/pw.0/Conv' (the exporter's scopes) → 's8.0.pw.0' (named_modules)."""
    path = []
    for part in node_name.strip('/').split('/')[:-1]:
        if path and part.startswith(path[-1] + '.'):
            path[-1] = part
        else:
            path.append(part)
    return '.'.join(path)


def batch_norm_after(model):
    """Each convolution that a BatchNorm follows in the same Sequential (conv_bn in net.py)."""
    follows = {}
    for seq in model.modules():
        if isinstance(seq, nn.Sequential):
            children = list(seq.children())
            for a, b in zip(children, children[1:]):
                if isinstance(a, nn.Conv2d) and isinstance(b, nn.BatchNorm2d):
                    follows[a] = b
    return follows


def load_folded_weights(model, path):
    """Copies an exported network's convolutions into `model` (each BatchNorm after one becomes the
    identity plus the folded bias); exits when the file is another network. Returns the convolutions."""
    graph = onnx.load(path).graph
    weights = {i.name: numpy_helper.to_array(i) for i in graph.initializer}
    onnx_convs = [n for n in graph.node if n.op_type == 'Conv']
    convs = convolutions_in_call_order(model)
    if len(onnx_convs) != len(convs):
        sys.exit(f'fromOnnx: {path} has {len(onnx_convs)} convolutions, {type(model).__name__} {len(convs)}: another network (or several)')
    follows = batch_norm_after(model)
    with torch.no_grad():
        for node, (name, conv) in zip(onnx_convs, convs):
            if module_path(node.name) not in ('', name):
                sys.exit(f'fromOnnx: {node.name} is not {name}: another network')
            w = torch.from_numpy(weights[node.input[1]].copy())
            b = torch.from_numpy(weights[node.input[2]].copy()) if len(node.input) > 2 else torch.zeros(w.shape[0])
            if tuple(w.shape) != tuple(conv.weight.shape):
                sys.exit(f'fromOnnx: {node.name} is {tuple(w.shape)}, the network expects {tuple(conv.weight.shape)}')
            conv.weight.copy_(w)
            bn = follows.get(conv)
            if bn is None:
                conv.bias.copy_(b)
                continue
            bn.weight.fill_(1.0)
            bn.bias.copy_(b)
            bn.running_mean.zero_()
            bn.running_var.fill_(1.0 - bn.eps)
    return convs


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--onnx', default='models/inkseg.onnx')
    ap.add_argument('--out', required=True)
    ap.add_argument('--widths', default='16,32,64,128,192', help='as train.py --widths')
    ap.add_argument('--stem', default='dense')
    ap.add_argument('--out-stride', type=int, default=2)
    a = ap.parse_args()
    widths = [int(v) for v in a.widths.split(',')]
    model = InkSeg(tuple(widths), a.stem, a.out_stride)
    convs = load_folded_weights(model, a.onnx)
    os.makedirs(os.path.dirname(os.path.abspath(a.out)), exist_ok=True)
    torch.save({'model': model.state_dict(), 'step': 0, 'widths': widths, 'stem': a.stem, 'outStride': a.out_stride,
                'from': a.onnx}, a.out)
    print(f'fromOnnx: {len(convs)} convolutions from {a.onnx} → {a.out}', flush=True)


if __name__ == '__main__':
    main()
