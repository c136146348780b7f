#!/usr/bin/env bash
# npm run train:stray [-- trainStray.py flags, e.g. --seed 2]
# Trains the stray-ink step's network (src/core/paper/inkSeparation/strayNet.ts; strayInk.ts) on the pages
# `npm run train:separation` prepares (the real pages of `npm run data:real`, their train split; report
# pages are never read; and generated pages of src/synth): the pieces of decided ink the step reads,
# after the committed decision (models/inksep.onnx) and edge step (models/inkedge.onnx), and their
# inputs are written by the product's own code (models/separation/prepareStray.ts), then
# models/separation/trainStray.py trains on the train pages and prints the val pages' FM with and
# without the step. Deterministic: the committed file again on the same pages. Env as train:separation.
set -euo pipefail
cd "$(dirname "$0")/../.."
if ! /usr/bin/python3 -c 'import torch, numpy' 2>/dev/null; then
  echo "train:stray: training needs Debian's PyTorch and NumPy for /usr/bin/python3:" >&2
  echo "  apt-get install -y python3-torch python3-numpy" >&2
  exit 1
fi
source models/separation/preparePages.sh
# The pairs depend on the prepared pages, the decision and edge step (models and code) and the step's inputs.
PAIRS_KEY=$(cat models/inksep.onnx models/inkedge.onnx src/core/paper/inkSeparation/inkDecision.ts src/core/paper/inkSeparation/edgeStep.ts \
  src/core/paper/inkSeparation/separatedAlpha.ts src/core/paper/inkSeparation/blurredRims.ts src/core/paper/inkSeparation/strayInk.ts src/core/shared/components.ts \
  models/separation/prepareStray.ts | sha1sum | cut -c1-12)
PAIRS="models/.cache/stray-pairs-$KEY-$PAIRS_KEY"
if [ ! -f "$PAIRS/.done" ]; then
  echo "train:stray: the pieces of decided ink and their inputs → $PAIRS"
  npx tsx models/separation/prepareStray.ts --prep "$PREP" --out "$PAIRS"
  touch "$PAIRS/.done"
fi
/usr/bin/python3 -W ignore models/separation/trainStray.py --pairs "$PAIRS" --out src/core/paper/inkSeparation/strayNet.ts "$@"
