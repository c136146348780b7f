#!/usr/bin/env bash
# npm run train:rims — the rim network of src/core/paper/inkSeparation/blurredRims.ts (inkrim-v1), written as
# src/core/paper/inkSeparation/rimNet.ts. Its pairs come from generated desk photos read by the product's own
# path with the shipped models (models/rims/prepare.ts): the first 300 train desk photos of
# models/.cache/data/photos-train (seeds 1 200–1 499, procedural desks; `npm run train` renders them, or
# they are rendered here) and 40 val photos (seeds 1 000 000–1 000 039) to report on. About 6 minutes.
set -euo pipefail
cd "$(dirname "$0")/../.."
if ! /usr/bin/python3 -c 'import torch, numpy' 2>/dev/null; then
  echo "rims/train.sh: training needs Debian's PyTorch and NumPy: apt-get install -y python3-torch python3-numpy" >&2
  exit 1
fi
PHOTOS=models/.cache/data/photos-train
VAL=models/.cache/data/photos-val
PAIRS=models/.cache/rims
if ! ls "$PHOTOS"/1499.jpg >/dev/null 2>&1; then
  echo "rims/train.sh: rendering 300 train desk photos → $PHOTOS/rims"
  PHOTOS="$PHOTOS/rims"
  npx tsx src/synth/render.ts --split train --photos --start 1200 --count 150 --out "$PHOTOS" &
  first=$!
  npx tsx src/synth/render.ts --split train --photos --start 1350 --count 150 --out "$PHOTOS"
  wait "$first"
fi
if [ ! -f "$VAL/.done-40" ]; then
  rm -rf "$VAL"
  npx tsx src/synth/render.ts --split val --photos --start 0 --count 40 --out "$VAL"
  touch "$VAL/.done-40"
fi
rm -rf "$PAIRS"
npx tsx models/rims/prepare.ts --in "$PHOTOS" --out "$PAIRS/train" --start 0 --count 150 &
first=$!
npx tsx models/rims/prepare.ts --in "$PHOTOS" --out "$PAIRS/train" --start 150 --count 150
wait "$first"
npx tsx models/rims/prepare.ts --in "$VAL" --out "$PAIRS/val"
/usr/bin/python3 -W ignore models/rims/train.py --train "$PAIRS/train" --val "$PAIRS/val"
