#!/usr/bin/env bash
# The first round of the Anniversary Edition (1941 scenario) refereed at a table: the orders in round-1/, the dice
# rolled on the table and typed as aa-ref asks for each volley (here piped in from
# round-1-dice.txt, a line per volley). Type them yourself: drop the '< ...' at the loop's end.
# Usage: examples/anniversary-1941/play-round-1-at-the-table.sh [FOLDER]   (default: a new temporary folder)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="${1:-$(mktemp -d)}"
mkdir -p "$out"
game="$out/game.yaml"
aa-ref new anniversary-1941 -o "$game" --seed table --force --option research=on --option national_objectives=on
for orders in "$here"/round-1/*.yaml; do
  aa-ref apply "$game" "$orders" --in-place --ask-dice
done < "$here/round-1-dice.txt"
aa-ref show "$game"
aa-ref replay "$game"
echo "The game and its log are in $out"
