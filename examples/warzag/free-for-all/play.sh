#!/usr/bin/env bash
# WARZAG World War II, free-for-all, on the DEMO component pack (aa_ref/setups/warzag-demo.yaml: our
# values, not the printed cards): Germany, the UK and Italy, four full rounds and the start of
# the fifth, from the orders r<round>-<nation>.yaml. Annexation spreading from the bases,
# development, training, movement, invasions answered by the special die, the R&D territory
# (pawn activation, trade, field promotion), a Supply card drawn and played, a free base
# annexed. The Objective cards are dealt in secret by `aa-ref new` (with the operating system's
# randomness, not the seed), so the script ends by reading each player's private file and
# checking his claim with `aa-ref check`; a complete objective is claimed and wins the game.
# See README.md beside this script for the story turn by turn.
# Usage: examples/warzag/free-for-all/play.sh [FOLDER]   (default: a new temporary folder)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="${1:-$(mktemp -d)}"
mkdir -p "$out"
game="$out/game.yaml"
seating=(germany uk italy)
aa-ref new warzag-demo -o "$game" --seed warzag-ffa --force --option mode=free_for_all \
  --option players="$(IFS=,; echo "${seating[*]}")"
for round in 1 2 3 4 5; do
  for nation in "${seating[@]}"; do
    orders="$here/r$round-$nation.yaml"
    if [ -f "$orders" ]; then aa-ref apply "$game" "$orders" --in-place; fi
  done
done

# Each player's Objective card and salt are in his private file; a claim reveals both, and the
# referee checks them against the commitment in the game file [WZ L443]. In a real game each
# player checks only his own: here every claim is checked to show the referee's answer.
claimed=""
for nation in "${seating[@]}"; do
  secret="$out/game.objective-$nation.yaml"
  card="$(sed -n 's/^card: //p' "$secret")"
  salt="$(sed -n 's/^salt: //p' "$secret")"
  claim="$out/claim-$nation.yaml"
  printf 'kind: warzag-orders\nschema_version: 1\npower: %s\nactions:\n  - claim_objective: %s\n    salt: %s\n' \
    "$nation" "$card" "$salt" > "$claim"
  echo "== $nation: is $card complete?"
  if aa-ref check "$game" "$claim" && [ -z "$claimed" ]; then claimed="$nation"; fi
done
if [ -n "$claimed" ]; then
  aa-ref apply "$game" "$out/claim-$claimed.yaml" --in-place
else
  echo "No objective is complete yet: the game goes on (round 5, Germany's turn)."
fi

aa-ref show "$game"
aa-ref replay "$game"
echo "The game and its log are in $out"
