"""Joins two sheet models into the shipped file: the sheet answer (channel 0) of one and the cover
answer (channel 1) of the other, both reading the same input, as one ONNX graph with the product's
contract (input [1, 3, 256, 256] -> 'sheet' [1, 2, 128, 128]).

  /usr/bin/python3 models/sheet/compose.py --sheet SHEET.onnx --cover COVER.onnx --out models/sheet.onnx

Why two networks: trained with both answers, one network answered the cover well but its sheet answer
found a "sheet" in 7 of 70 real flat scans (sheet-v2: 1), cutting their ink off (models/README.md).
"""
import argparse

import onnx
from onnx import compose, helper


def first_channel_graph(model, prefix, channel):
    """`model`'s graph with its names prefixed (its input kept as 'input') and its output cut to one channel."""
    graph = compose.add_prefix(model, prefix).graph
    for node in graph.node:
        for k, name in enumerate(node.input):
            if name == f'{prefix}input':
                node.input[k] = 'input'
    graph.input[0].name = 'input'
    out = graph.output[0].name
    starts = helper.make_tensor(f'{prefix}starts', onnx.TensorProto.INT64, [1], [channel])
    ends = helper.make_tensor(f'{prefix}ends', onnx.TensorProto.INT64, [1], [channel + 1])
    axes = helper.make_tensor(f'{prefix}axes', onnx.TensorProto.INT64, [1], [1])
    graph.initializer.extend([starts, ends, axes])
    graph.node.append(helper.make_node('Slice', [out, f'{prefix}starts', f'{prefix}ends', f'{prefix}axes'], [f'{prefix}answer']))
    return graph


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--sheet', required=True)
    ap.add_argument('--cover', required=True)
    ap.add_argument('--out', required=True)
    args = ap.parse_args()
    sheet = first_channel_graph(onnx.load(args.sheet), 'sheet_', 0)
    cover = first_channel_graph(onnx.load(args.cover), 'cover_', 1)
    nodes = list(sheet.node) + list(cover.node) + [helper.make_node('Concat', ['sheet_answer', 'cover_answer'], ['sheet'], axis=1)]
    output = helper.make_tensor_value_info('sheet', onnx.TensorProto.FLOAT, [1, 2, 128, 128])
    graph = helper.make_graph(nodes, 'sheet_and_cover', [sheet.input[0]], [output], initializer=list(sheet.initializer) + list(cover.initializer))
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid('', 17)])
    model.ir_version = 8
    onnx.checker.check_model(model)
    onnx.save(model, args.out)
    print(f'composed {args.out}: sheet answer of {args.sheet}, cover answer of {args.cover}')


if __name__ == '__main__':
    main()
