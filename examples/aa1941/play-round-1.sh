#!/usr/bin/env bash
# Plays the whole first round of Axis & Allies 1941 from the orders in round-1/:
# all five powers, every phase, two battles that wait for the defender's decisions.
# Usage: examples/aa1941/play-round-1.sh [FOLDER]   (default: a new temporary folder)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="${1:-$(mktemp -d)}"
mkdir -p "$out"
game="$out/game.yaml"
aa-ref new aa1941 -o "$game" --seed example --force
for orders in "$here"/round-1/*.yaml; do
  aa-ref apply "$game" "$orders" --in-place
done
aa-ref show "$game"
aa-ref replay "$game"
echo "The game and its log are in $out"
