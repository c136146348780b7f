"""InkSeg: a small U-Net-like ink-class segmenter.

Input  float32 NCHW [1, 4, H, W], values 0..1: the flattened page's ink deficit (1 - R, 1 - G,
       1 - B) and the ink alpha, resized so the long side is the model's fixed long side (see
       src/core/classes/model/geometry.ts), H and W multiples of 32, padded with paper (0 everywhere).
       Paper being 0, the convolutions' zero padding is paper too, and no input normalisation is
       needed in the graph (the stem's BatchNorm scales the input).
Output float32 logits [1, 6, H/s, W/s] at the output stride s (2, or 4 for the first models); argmax =
       InkClass id (paper 0, printed 1, formLine 2, handwriting 3, stamp 4, noise 5).
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

NUM_CLASSES = 6


def conv_bn(cin, cout, k=3, stride=1, groups=1, dilation=1, act=True):
    pad = dilation * (k - 1) // 2
    layers = [nn.Conv2d(cin, cout, k, stride, pad, dilation=dilation, groups=groups, bias=False), nn.BatchNorm2d(cout)]
    if act:
        layers.append(nn.ReLU(inplace=True))
    return nn.Sequential(*layers)


class SepBlock(nn.Module):
    """Depthwise 3x3 + pointwise, residual when shapes match."""

    def __init__(self, cin, cout, stride=1, dilation=1):
        super().__init__()
        self.dw = conv_bn(cin, cin, 3, stride, groups=cin, dilation=dilation)
        self.pw = conv_bn(cin, cout, 1, act=False)
        self.residual = stride == 1 and cin == cout

    def forward(self, x):
        y = self.pw(self.dw(x))
        if self.residual:
            y = y + x
        return F.relu(y)


class InkSeg(nn.Module):
    def __init__(self, widths=(16, 32, 48, 64, 96), stem='dense', out_stride=2):
        super().__init__()
        assert out_stride in (2, 4), out_stride
        c1, c2, c3, c4, c5 = widths
        self.out_stride = out_stride
        # 1/2 and 1/4: a strided stem sees stroke shape at full model resolution. 'dense' is two full
        # 3x3 convolutions; 'sep' makes the second one depthwise + pointwise, which is most of the
        # network's multiply-adds saved (the stem runs at the largest sizes).
        self.stem1 = conv_bn(4, c1, 3, 2)
        self.stem2 = conv_bn(c1, c2, 3, 2) if stem == 'dense' else nn.Sequential(conv_bn(c1, c1, 3, 2, groups=c1), conv_bn(c1, c2, 1))
        self.s4 = nn.Sequential(SepBlock(c2, c2), SepBlock(c2, c2))
        self.s8 = nn.Sequential(SepBlock(c2, c3, 2), SepBlock(c3, c3), SepBlock(c3, c3))
        self.s16 = nn.Sequential(SepBlock(c3, c4, 2), SepBlock(c4, c4), SepBlock(c4, c4, dilation=2))
        self.s32 = nn.Sequential(SepBlock(c4, c5, 2), SepBlock(c5, c5, dilation=2), SepBlock(c5, c5, dilation=4))
        self.up16 = nn.Sequential(conv_bn(c5 + c4, c4, 1), SepBlock(c4, c4))
        self.up8 = nn.Sequential(conv_bn(c4 + c3, c3, 1), SepBlock(c3, c3))
        self.up4 = nn.Sequential(conv_bn(c3 + c2, c2, 1), SepBlock(c2, c2))
        # Stride 2: one more decoder stage over the stem's 1/2 features, so a cell is 2x2 model pixels
        # and the ink of a pen crossing a stamp or a printed line is labelled four times finer.
        if out_stride == 2:
            self.up2 = nn.Sequential(conv_bn(c2 + c1, c1, 1), SepBlock(c1, c1))
        self.head = nn.Conv2d(c1 if out_stride == 2 else c2, NUM_CLASSES, 1)

    def forward(self, x):
        x2 = self.stem1(x)
        x4 = self.s4(self.stem2(x2))
        x8 = self.s8(x4)
        x16 = self.s16(x8)
        x32 = self.s32(x16)
        y = self.up16(torch.cat([F.interpolate(x32, scale_factor=2.0, mode='nearest'), x16], 1))
        y = self.up8(torch.cat([F.interpolate(y, scale_factor=2.0, mode='nearest'), x8], 1))
        y = self.up4(torch.cat([F.interpolate(y, scale_factor=2.0, mode='nearest'), x4], 1))
        if self.out_stride == 2:
            y = self.up2(torch.cat([F.interpolate(y, scale_factor=2.0, mode='nearest'), x2], 1))
        return self.head(y)


def param_count(model):
    return sum(p.numel() for p in model.parameters())


def export_onnx(model, path, height=1024, width=736, output='logits', output_axes=('mapHeight', 'mapWidth')):
    model.eval()
    dummy = torch.rand(1, 4, height, width)
    torch.onnx.export(
        model, dummy, path, opset_version=17, input_names=['input'], output_names=[output],
        dynamic_axes={'input': {2: 'height', 3: 'width'}, output: {2: output_axes[0], 3: output_axes[1]}},
        do_constant_folding=True,
    )
