"""An exported inksep network back as a PyTorch InkSep, for a fine-tune's start (train.py --init, with
--freeze-bn) or as a teacher (train.py --teacher).

The export folded each BatchNorm into its convolution; here each convolution takes the folded weights
and its BatchNorm becomes the identity plus the folded bias, as models/inkseg/fromOnnx.py does for the
class model, so the module computes what the ONNX file does in eval mode. A file of one network only:
inksep-v2's file holds two (average.py); pass the runs it was made of.

  /usr/bin/python3 models/separation/fromOnnx.py --onnx RUN.onnx --out models/.cache/inksep-init.pt
"""
import argparse
import os
import sys

import onnx
import torch
from onnx import numpy_helper

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.dirname(HERE))
from net import InkSep  # noqa: E402
from inkseg.fromOnnx import batch_norm_after, convolutions_in_call_order, module_path  # noqa: E402


def inksep_from_onnx(path, widths=(16, 32, 48, 64, 96)):
    model = InkSep(tuple(widths))
    graph = onnx.load(path).graph
    weights = {i.name: numpy_helper.to_array(i) for i in graph.initializer}
    onnx_convs = [n for n in graph.node if n.op_type == 'Conv']
    convs = convolutions_in_call_order(model)
    if len(onnx_convs) != len(convs):
        raise SystemExit(f'fromOnnx: {path} has {len(onnx_convs)} convolutions, InkSep{tuple(widths)} {len(convs)}: another network (or several)')
    follows = batch_norm_after(model)
    with torch.no_grad():
        for node, (name, conv) in zip(onnx_convs, convs):
            if module_path(node.name) not in ('', name):
                raise SystemExit(f'fromOnnx: {node.name} is not {name}: another network')
            w = torch.from_numpy(weights[node.input[1]].copy())
            b = torch.from_numpy(weights[node.input[2]].copy()) if len(node.input) > 2 else torch.zeros(w.shape[0])
            if tuple(w.shape) != tuple(conv.weight.shape):
                raise SystemExit(f'fromOnnx: {node.name} is {tuple(w.shape)}, the network expects {tuple(conv.weight.shape)}')
            conv.weight.copy_(w)
            bn = follows.get(conv)
            if bn is None:
                conv.bias.copy_(b)
                continue
            bn.weight.fill_(1.0)
            bn.bias.copy_(b)
            bn.running_mean.zero_()
            bn.running_var.fill_(1.0 - bn.eps)
    return model.eval()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--onnx', required=True)
    ap.add_argument('--out', required=True)
    ap.add_argument('--widths', default='16,32,48,64,96')
    a = ap.parse_args()
    model = inksep_from_onnx(a.onnx, [int(v) for v in a.widths.split(',')])
    os.makedirs(os.path.dirname(os.path.abspath(a.out)), exist_ok=True)
    torch.save(model.state_dict(), a.out)
    print(f'fromOnnx: {a.onnx} → {a.out}', flush=True)


if __name__ == '__main__':
    main()
