#!/usr/bin/env bash
# WARZAG World War II, alliance mode, on the DEMO component pack (aa_ref/setups/warzag-demo.yaml: our
# values, not the printed cards): Germany and Italy (Axis) against the UK and the USSR (Allies),
# seated so that each player has an enemy on his left [WZ L142]. Three full rounds and Germany's
# surrender at the start of the fourth, from the orders r<round>-<nation>.yaml: training in an
# ally's base, moving through an ally's territory, resource transfers between allies, an
# invasion with an ally's support (standing consent), Italy's elimination (its army in Germany's
# base passes to Germany) and the surrender that ends the war. See README.md beside this script.
# Usage: examples/warzag/alliances/play.sh [FOLDER]   (default: a new temporary folder)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="${1:-$(mktemp -d)}"
mkdir -p "$out"
game="$out/game.yaml"
seating=(germany uk italy ussr)
aa-ref new warzag-demo -o "$game" --seed alliances-55 --force --option mode=alliances \
  --option players="$(IFS=,; echo "${seating[*]}")"
for round in 1 2 3 4; do
  for nation in "${seating[@]}"; do
    orders="$here/r$round-$nation.yaml"
    if [ -f "$orders" ]; then aa-ref apply "$game" "$orders" --in-place; fi
  done
done
aa-ref show "$game"
aa-ref replay "$game"
echo "The game and its log are in $out"
