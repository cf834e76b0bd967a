#!/usr/bin/env bash
# Writes a short Axis & Allies 1941 game (USSR's first turn: purchase, combat move, a battle with seeded dice,
# noncombat move, mobilize) with the aa-ref in use, for the compatibility tests (tests/unit/test_compat.py).
# Usage: tests/data/compat/make.sh FOLDER   e.g. tests/data/compat/v0.2.0-aa1941
# Run it once per release and commit the folder; never regenerate a committed one.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
rounds="$here/../../../examples/aa1941/round-1"
out="$1"
mkdir -p "$out"
python -m aa_ref new aa1941 -o "$out/game.yaml" --seed compat
for orders in "$rounds"/0[1-5]-*.yaml; do
  python -m aa_ref apply "$out/game.yaml" "$orders" --in-place >/dev/null
done
# The first line names the writer's schema folder (a path of this machine); the files read the same without it.
for f in "$out/game.yaml" "$out/game.log.yaml"; do
  sed -i '1{/^# yaml-language-server/d}' "$f"
done
python -m aa_ref replay "$out/game.yaml"
