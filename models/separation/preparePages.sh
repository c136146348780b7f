#!/usr/bin/env bash
# Sourced by train.sh, trainEdge.sh and trainStray.sh: prepares the ink-separation pages (models/separation/prepare.ts)
# once per version of the product's flattening and features, and sets PREP to their folder.
# REAL, SYNTH, SYNTH_VAL, PHOTOS and PHOTOS_VAL, when the caller has not set them: the real dataset of
# `npm run data:real` (INKLIFT_REAL_DATA), 160 and 20 generated pages (INKSEP_SYNTH, INKSEP_SYNTH_VAL), no photos.
REAL="${REAL:-${INKLIFT_REAL_DATA:-models/.cache/real}}"
SYNTH="${SYNTH:-${INKSEP_SYNTH:-160}}"
SYNTH_VAL="${SYNTH_VAL:-${INKSEP_SYNTH_VAL:-20}}"
PHOTOS="${PHOTOS:-0}"
PHOTOS_VAL="${PHOTOS_VAL:-0}"
if [ ! -f "$REAL/index.json" ]; then
  echo "$(basename "$0"): no real dataset at $REAL: run npm run data:real -- --from DIR first" >&2
  exit 1
fi
# Prepared pages depend on the product's flattening and features: prepare again when they change.
KEY=$(cat src/core/paper/paperField.ts src/core/paper/flattenSheet.ts src/core/paper/inkSeparation/features.ts models/separation/prepare.ts "$REAL/index.json" | sha1sum | cut -c1-12)
PREP="models/.cache/separation-prep-$KEY-$SYNTH-$SYNTH_VAL-$PHOTOS-$PHOTOS_VAL"
if [ ! -f "$PREP/.done" ]; then
  mkdir -p "$PREP"
  echo "$(basename "$0"): preparing pages → $PREP"
  npx tsx models/separation/prepare.ts --out "$PREP" --real "$REAL" --synth "$SYNTH" --synth-val "$SYNTH_VAL" --photos "$PHOTOS" --photos-val "$PHOTOS_VAL" --part 0/2 &
  first=$!
  npx tsx models/separation/prepare.ts --out "$PREP" --real "$REAL" --synth "$SYNTH" --synth-val "$SYNTH_VAL" --photos "$PHOTOS" --photos-val "$PHOTOS_VAL" --part 1/2
  wait "$first"
  touch "$PREP/.done"
fi
