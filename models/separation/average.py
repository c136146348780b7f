"""One ONNX model whose answer is the mean of several trained inksep models' answers.

  /usr/bin/python3 models/separation/average.py --out models/inksep.onnx RUN1.onnx RUN2.onnx [...]

Every model reads the same input; their coefficient maps (a, b, c per 2 × 2 cells) are averaged before
the decision, so the file keeps inksep's contract (one input, one output of the same shape) and the
runtime code does not change. Two runs of one recipe with different seeds differ by about one FM point
on the real val pages, page by page in both directions; their mean is steadier than either
(models/README.md, inksep-v2).
"""
import argparse

import onnx
from onnx import TensorProto, helper


def average(paths: list[str]) -> onnx.ModelProto:
    models = [onnx.load(p) for p in paths]
    first = models[0].graph
    input_name = first.input[0].name
    for m in models[1:]:
        if [i.name for i in m.graph.input] != [input_name] or m.opset_import != models[0].opset_import:
            raise SystemExit('average: the models must share their one input and opset')
    nodes, initializers, answers = [], [], []
    for k, m in enumerate(models):
        prefix = f'run{k}/'
        renamed = {t.name: prefix + t.name for t in m.graph.initializer}
        for node in m.graph.node:
            for name in node.output:
                renamed[name] = prefix + name
        for t in m.graph.initializer:
            t.name = renamed[t.name]
            initializers.append(t)
        for node in m.graph.node:
            node.input[:] = [name if name == input_name or name == '' else renamed[name] for name in node.input]
            node.output[:] = [renamed[name] for name in node.output]
            node.name = prefix + node.name
            nodes.append(node)
        answers.append(renamed[m.graph.output[0].name])
    total = answers[0]
    for k, answer in enumerate(answers[1:]):
        nodes.append(helper.make_node('Add', [total, answer], [f'sum{k}']))
        total = f'sum{k}'
    initializers.append(helper.make_tensor('mean/scale', TensorProto.FLOAT, [], [1.0 / len(answers)]))
    nodes.append(helper.make_node('Mul', [total, 'mean/scale'], [first.output[0].name]))
    graph = helper.make_graph(nodes, 'inksep_mean', [first.input[0]], [first.output[0]], initializers)
    model = helper.make_model(graph, opset_imports=models[0].opset_import)
    model.ir_version = models[0].ir_version
    onnx.checker.check_model(model)
    return model


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument('--out', required=True)
    ap.add_argument('models', nargs='+')
    args = ap.parse_args()
    onnx.save(average(args.models), args.out)
    print(f'average: {args.out} = mean of {", ".join(args.models)}')


if __name__ == '__main__':
    main()
