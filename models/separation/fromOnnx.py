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

import torch

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.dirname(HERE))
from net import InkSep  # noqa: E402
from inkseg.fromOnnx import load_folded_weights  # noqa: E402


def inksep_from_onnx(path, widths=(16, 32, 48, 64, 96)):
    model = InkSep(tuple(widths))
    load_folded_weights(model, path)
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
