"""InkSep: the ink/paper decision at model scale.

Input  float32 NCHW [1, 4, H, W], values 0..1, per cell of the page reduced to a long side of 1024
       (src/core/paper/inkSeparation/geometry.ts): mean deficit, mean luminance deficit, darkest deficit,
       lightest deficit of the flattened page; H, W multiples of 32, padded with paper (0).
Output float32 [1, 3, H/2, W/2]: per 2x2 cells the coefficients (a, b, c) of the full-resolution decision
       ink = a * deficit/255 + b * lumaDeficit/255 + c > 0, interpolated bilinearly between cell
       centres (src/core/paper/inkSeparation/inkDecision.ts).
"""
import os
import sys

import torch
import torch.nn as nn
import torch.nn.functional as F

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from inkseg.net import SepBlock, conv_bn, param_count  # noqa: E402,F401  (the ink-class model's building blocks)
from inkseg.net import export_onnx as export_model  # noqa: E402


class InkSep(nn.Module):
    """Input at 1024 cells, answers at 512 (a strided stem: thin strokes are seen at the finer scale)."""

    def __init__(self, widths=(16, 32, 48, 64, 96)):
        super().__init__()
        c1, c2, c3, c4, c5 = widths
        self.s2 = nn.Sequential(conv_bn(4, c1, 3, 2), SepBlock(c1, c1))
        self.s4 = nn.Sequential(SepBlock(c1, c2, 2), SepBlock(c2, c2))
        self.s8 = nn.Sequential(SepBlock(c2, c3, 2), SepBlock(c3, c3, dilation=2))
        self.s16 = nn.Sequential(SepBlock(c3, c4, 2), SepBlock(c4, c4, dilation=2))
        self.s32 = nn.Sequential(SepBlock(c4, c5, 2), SepBlock(c5, c5, dilation=2), SepBlock(c5, c5, dilation=4))
        self.up16 = nn.Sequential(conv_bn(c5 + c4, c4, 1), SepBlock(c4, c4))
        self.up8 = nn.Sequential(conv_bn(c4 + c3, c3, 1), SepBlock(c3, c3))
        self.up4 = nn.Sequential(conv_bn(c3 + c2, c2, 1), SepBlock(c2, c2))
        self.up2 = nn.Sequential(conv_bn(c2 + c1, c1, 1), SepBlock(c1, c1))
        self.head = nn.Conv2d(c1, 3, 1)

    def forward(self, x):
        x2 = self.s2(x)
        x4 = self.s4(x2)
        x8 = self.s8(x4)
        x16 = self.s16(x8)
        x32 = self.s32(x16)
        up = lambda t: F.interpolate(t, scale_factor=2.0, mode='nearest')
        y = self.up16(torch.cat([up(x32), x16], 1))
        y = self.up8(torch.cat([up(y), x8], 1))
        y = self.up4(torch.cat([up(y), x4], 1))
        y = self.up2(torch.cat([up(y), x2], 1))
        return self.head(y)


def export_onnx(model, path, height=1024, width=736):
    export_model(model, path, height, width, output='coefficients', output_axes=('height', 'width'))
