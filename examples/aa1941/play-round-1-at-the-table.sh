#!/usr/bin/env bash
# The first round of Axis & Allies 1941 refereed at a table: the orders in round-1/, the dice
# rolled on the table and typed as aa-ref asks for each volley (here piped in from
# round-1-dice.txt, a line per volley). Type them yourself: drop the '< ...' at the loop's end.
# Usage: examples/aa1941/play-round-1-at-the-table.sh [FOLDER]   (default: a new temporary folder)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="${1:-$(mktemp -d)}"
mkdir -p "$out"
game="$out/game.yaml"
aa-ref new aa1941 -o "$game" --seed table --force
for orders in "$here"/round-1/*.yaml; do
  aa-ref apply "$game" "$orders" --in-place --ask-dice
done < "$here/round-1-dice.txt"
aa-ref show "$game"
aa-ref replay "$game"
echo "The game and its log are in $out"
