"""SheetNet: where the document sheet lies in a photo.

Input  float32 NCHW [1, 3, 256, 256]: the photo's mean R, G, B per cell of a 256 x 256 grid (the
       photo stretched to a square; src/core/page/sheet/sheetModel.ts), each rounded to an integer and / 255.
Output float32 [1, 2, 128, 128]: per 2 x 2 cells, channel 0 the logit that the sheet lies there (things
       lying on it do not change it), channel 1 the logit that something covers the cell (a hand, a phone,
       a pen, a coin: on the sheet its ink is not the page's). sheet-v1/v2 had channel 0 only.
"""
import os
import sys

import torch
import torch.nn as nn
import torch.nn.functional as F

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from inkseg.net import SepBlock, conv_bn, param_count  # noqa: E402,F401  (the ink-class model's building blocks)

INPUT_SIZE = 256
OUTPUT_STRIDE = 2
OUTPUTS = 2  # sheet, cover


class SheetNet(nn.Module):
    """A small U-Net; the coarse levels are dilated so every cell sees the whole frame (a sheet is judged by its outline)."""

    def __init__(self, widths=(16, 24, 32, 48, 64)):
        super().__init__()
        c1, c2, c3, c4, c5 = widths
        self.s2 = nn.Sequential(conv_bn(3, c1, 3, 2), SepBlock(c1, c1))
        self.s4 = nn.Sequential(SepBlock(c1, c2, 2), SepBlock(c2, c2))
        self.s8 = nn.Sequential(SepBlock(c2, c3, 2), SepBlock(c3, c3))
        self.s16 = nn.Sequential(SepBlock(c3, c4, 2), SepBlock(c4, c4, dilation=2))
        self.s32 = nn.Sequential(SepBlock(c4, c5, 2), SepBlock(c5, c5, dilation=2), SepBlock(c5, c5, dilation=4))
        self.up16 = nn.Sequential(conv_bn(c5 + c4, c4, 1), SepBlock(c4, c4))
        self.up8 = nn.Sequential(conv_bn(c4 + c3, c3, 1), SepBlock(c3, c3))
        self.up4 = nn.Sequential(conv_bn(c3 + c2, c2, 1), SepBlock(c2, c2))
        self.up2 = nn.Sequential(conv_bn(c2 + c1, c1, 1), SepBlock(c1, c1))
        self.head = nn.Conv2d(c1, OUTPUTS, 1)

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


def export_onnx(model, path):
    model.eval()
    dummy = torch.rand(1, 3, INPUT_SIZE, INPUT_SIZE)
    torch.onnx.export(model, dummy, path, opset_version=17, input_names=['input'], output_names=['sheet'], do_constant_folding=True)
