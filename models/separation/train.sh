#!/usr/bin/env bash
# npm run train:separation [-- train.py flags, e.g. --steps 6000 --threads 1]
# Trains the ink-separation model (models/inksep.onnx), two runs (seeds 1 and 2; INKSEP_SEEDS) averaged: the real pages of `npm run data:real` (their
# train split; their val pages choose the checkpoint; report pages are never read) and generated
# pages of src/synth, prepared with the product's own flattening (models/separation/prepare.ts), then
# models/separation/train.py. Resumable: run it again to continue. Env: INKSEP_SYNTH (generated
# training pages, default 160), INKSEP_SYNTH_VAL (default 20), INKSEP_PHOTOS (generated phone photos of
# train-split pages on desks, default 0; runs 9 and 10 of the model card used 240), INKSEP_PHOTOS_VAL (default 0; 20 there), INKSEP_SEEDS (default "1 2"), INKLIFT_REAL_DATA (default models/.cache/real).
set -euo pipefail
cd "$(dirname "$0")/../.."
REAL="${INKLIFT_REAL_DATA:-models/.cache/real}"
SYNTH="${INKSEP_SYNTH:-160}"
SYNTH_VAL="${INKSEP_SYNTH_VAL:-20}"
PHOTOS="${INKSEP_PHOTOS:-0}"
PHOTOS_VAL="${INKSEP_PHOTOS_VAL:-0}"
if ! /usr/bin/python3 -c 'import torch, cv2, numpy' 2>/dev/null; then
  echo "train:separation: training needs Debian's PyTorch, OpenCV and NumPy for /usr/bin/python3:" >&2
  echo "  apt-get install -y python3-torch python3-opencv python3-numpy" >&2
  exit 1
fi
source models/separation/preparePages.sh
# inksep-v2 is the mean of two runs of one recipe that differ only in their seed (average.py): one run
# spans about a point of FM from seed to seed, their mean is steadier. Each run resumes on its own.
RUNS=()
for SEED in ${INKSEP_SEEDS:-1 2}; do
  /usr/bin/python3 -W ignore models/separation/train.py --data "$PREP" --work "models/.cache/separation-run-$KEY-seed$SEED" \
    --out "models/.cache/inksep-$KEY-seed$SEED.onnx" --seed "$SEED" "$@"
  RUNS+=("models/.cache/inksep-$KEY-seed$SEED.onnx")
done
/usr/bin/python3 models/separation/average.py --out models/inksep.onnx "${RUNS[@]}"
