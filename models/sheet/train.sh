#!/usr/bin/env bash
# npm run train:sheet [-- train.py flags, e.g. --steps 4000 --minutes 30]
# Trains the sheet model (models/sheet.onnx): generated phone photos of train-split pages on desks
# (src/synth/desk; half on procedural desks, half on the real desk photos of npm run data:real) and
# flat train pages (all sheet), reduced by the product's own area average (models/sheet/prepare.ts),
# then models/sheet/train.py; then a second stage that adds the real scans (all sheet, nothing on them).
# The model answers twice per cell: the sheet, and whether something lies on it (the photos' objects).
# The shipped file takes the sheet answer from sheet-v2 and the cover answer from this run (compose.py). The checkpoint is chosen on generated val photos, flat val pages and the
# real sheet photos' val session (never their report session). Every step is cached and resumable: run
# it again to continue. Env: INKLIFT_REAL_DATA (default models/.cache/real).
set -euo pipefail
cd "$(dirname "$0")/../.."
REAL="${INKLIFT_REAL_DATA:-models/.cache/real}"
ROOT=models/.cache/sheet
DESKS="$REAL/desks"
SHEET_PHOTOS="$REAL/sheetPhotos/scannertest"
for need in "$DESKS" "$SHEET_PHOTOS/corners.json"; do
  if [ ! -e "$need" ]; then echo "train:sheet: $need is missing: run npm run data:real -- --from DIR first" >&2; exit 1; fi
done
if ! /usr/bin/python3 -c 'import torch, cv2, numpy' 2>/dev/null; then
  echo "train:sheet: training needs Debian's PyTorch, OpenCV and NumPy for /usr/bin/python3:" >&2
  echo "  apt-get install -y python3-torch python3-opencv python3-numpy" >&2
  exit 1
fi

render() { # dir split start count [render.ts flags…]: once, two processes
  local dir=$1 split=$2 start=$3 count=$4; shift 4
  if [ -f "$dir/.done" ]; then return; fi
  rm -rf "$dir"; mkdir -p "$dir"
  local half=$(( (count + 1) / 2 ))
  echo "train:sheet: rendering $count $split cases from $start → $dir"
  npx tsx src/synth/render.ts --split "$split" --start "$start" --count "$half" --out "$dir/part0" "$@" &
  local first=$!
  npx tsx src/synth/render.ts --split "$split" --start $(( start + half )) --count $(( count - half )) --out "$dir/part1" "$@"
  wait "$first"
  mv "$dir"/part*/[0-9]* "$dir"/ && rm -rf "$dir"/part*
  touch "$dir/.done"
}
# Photos at 0.5 MP (the model sees 256 × 256 cells), a half on real desks; photos at 2 MP and flat pages.
render "$ROOT/data/photos-procedural" train 4000 1500 --photos --megapixels 0.5
render "$ROOT/data/photos-real-desks" train 5500 1500 --photos --megapixels 0.5 --desk-images "$DESKS"
render "$ROOT/data/photos-2mp-procedural" train 1200 300 --photos
render "$ROOT/data/photos-2mp-real-desks" train 1500 300 --photos --desk-images "$DESKS"
render "$ROOT/data/flat" train 0 600
render "$ROOT/data/val-photos" val 0 120 --photos --megapixels 0.5
render "$ROOT/data/val-flat" val 0 40

# Prepared pairs depend on the product's area average: prepare again when it changes.
KEY=$(cat src/core/page/sheet/lowResolution.ts models/sheet/prepare.ts "$SHEET_PHOTOS/corners.json" | sha1sum | cut -c1-12)
prepare() { # out prepare.ts flags…: once, two processes
  local out=$1; shift
  if [ -f "$out/.done-$KEY" ]; then return; fi
  rm -rf "$out"; mkdir -p "$out"
  npx tsx models/sheet/prepare.ts --out "$out" "$@" --part 0/2 &
  local first=$!
  npx tsx models/sheet/prepare.ts --out "$out" "$@" --part 1/2
  wait "$first"
  touch "$out/.done-$KEY"
}
# Two training folders, read in this order (train.py samples by index: the order is part of the recipe).
prepare "$ROOT/prep/train" --photos "$ROOT/data/photos-procedural" --photos "$ROOT/data/photos-real-desks"
prepare "$ROOT/prep/train2mp" --photos "$ROOT/data/photos-2mp-procedural" --photos "$ROOT/data/photos-2mp-real-desks" --flat "$ROOT/data/flat" --flat-count 600
prepare "$ROOT/prep/val" --photos "$ROOT/data/val-photos" --flat "$ROOT/data/val-flat" --flat-count 40 --real-val "$SHEET_PHOTOS"
# Stage 1: generated photos and flat pages (sheet-v1's recipe, 4 000 steps).
/usr/bin/python3 -W ignore models/sheet/train.py --data "$ROOT/prep/train" --data "$ROOT/prep/train2mp" --val "$ROOT/prep/val" --work "$ROOT/run-$KEY" --out "$ROOT/stage1-$KEY.onnx" --steps 4000 "$@"
# Stage 2: stage 1 continued with the real scans' train pages beside the rest (a fifth of each batch;
# prepare.ts --real-scans: historical pages, pages of brush-written names), 1 000 steps at a third of
# the learning rate. Stage 1 alone found a "sheet" in 12 of the 70 real train/val paper scans (stained
# margins and dark page edges read as desk) and cut their ink off (sheet-v1); with the cover answer
# and a tenth of real scans it still found one in 8 and took thick strokes for things on the page.
prepare "$ROOT/prep/scans" --real-scans "$REAL" --scan-split train
prepare "$ROOT/prep/scanval" --real-scans "$REAL" --scan-split val
/usr/bin/python3 -W ignore models/sheet/train.py --data "$ROOT/prep/train" --data "$ROOT/prep/train2mp" --data "$ROOT/prep/scans" \
  --val "$ROOT/prep/val" --val "$ROOT/prep/scanval" --init "$ROOT/run-$KEY/best.pt" --steps 1000 --lr 1e-3 --scan-share 0.2 \
  --work "$ROOT/run-$KEY-stage2" --out "$ROOT/both-$KEY.onnx"
# The shipped file (sheet-v3): the sheet answer of sheet-v2 (models/sheet/sheet-v2.onnx, frozen: trained
# as above without the cover answer, 2026-11-27) beside this run's cover answer, in one graph. This run's
# own sheet answer found a "sheet" in 7 of the 70 real train/val scans (sheet-v2: 1); models/README.md.
/usr/bin/python3 models/sheet/compose.py --sheet models/sheet/sheet-v2.onnx --cover "$ROOT/both-$KEY.onnx" --out models/sheet.onnx
