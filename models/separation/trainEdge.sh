#!/usr/bin/env bash
# npm run train:edge [-- trainEdge.py flags, e.g. --seeds 1,2]
# Trains the edge step's network (models/inkedge.onnx; src/core/paper/inkSeparation/edgeStep.ts) on the pages
# `npm run train:separation` prepares (the real pages of `npm run data:real`, their train split; report
# pages are never read; and generated pages of src/synth): the pixels the step reads and their inputs
# are written by the product's own code with the committed models/inksep.onnx
# (models/separation/prepareEdge.ts), then models/separation/trainEdge.py trains on the train pages and
# prints the val pages' FM with and without the step. Deterministic: the committed file again, byte for
# byte, on the same pages. Env as train:separation (INKLIFT_REAL_DATA, INKSEP_SYNTH, INKSEP_SYNTH_VAL).
set -euo pipefail
cd "$(dirname "$0")/../.."
if ! /usr/bin/python3 -c 'import torch, cv2, numpy, onnx' 2>/dev/null; then
  echo "train:edge: training needs Debian's PyTorch, ONNX, OpenCV and NumPy for /usr/bin/python3:" >&2
  echo "  apt-get install -y python3-torch python3-onnx python3-opencv python3-numpy" >&2
  exit 1
fi
source models/separation/preparePages.sh
# The pairs depend on the prepared pages, the decision (its model and code) and the step's inputs.
PAIRS_KEY=$(cat models/inksep.onnx src/core/paper/inkSeparation/inkDecision.ts src/core/paper/inkSeparation/edgeStep.ts src/core/paper/inkSeparation/separatedAlpha.ts \
  src/core/paper/inkSeparation/blurredRims.ts models/separation/prepareEdge.ts | sha1sum | cut -c1-12)
PAIRS="models/.cache/edge-pairs-$KEY-$PAIRS_KEY"
if [ ! -f "$PAIRS/.done" ]; then
  echo "train:edge: the step's pixels and inputs → $PAIRS"
  npx tsx models/separation/prepareEdge.ts --prep "$PREP" --out "$PAIRS"
  touch "$PAIRS/.done"
fi
/usr/bin/python3 -W ignore models/separation/trainEdge.py --prep "$PREP" --pairs "$PAIRS" --out models/inkedge.onnx "$@"
