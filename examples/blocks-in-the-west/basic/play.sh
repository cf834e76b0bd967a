#!/usr/bin/env bash
# Blocks in the West, basic rules, on the DEMO scenario (aa_ref/setups/bitw-demo.yaml: our map and blocks, not a
# published scenario), seed fall-gelb: two full months (May and June 1940, both player turns each) from the
# orders t<turn>-<side>-*.yaml, in the order below. Movement with terrain, an attack across the Meuse with the
# French reaction and the battle's rounds, withdrawals answered, a blitz battle, armour exploitation, blocks
# out of supply and the Final Supply Check, an attack on the Maginot line, rail moves, repairs, reinforcements
# placed and a block rebuilt. See README.md beside this script for the story turn by turn.
# Usage: examples/blocks-in-the-west/basic/play.sh [FOLDER]   (default: a new temporary folder)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="${1:-$(mktemp -d)}"
mkdir -p "$out"
game="$out/game.yaml"
orders=(
  t1-axis-1 t1-allies-react
  t1-allies-withdraw-d5-r1 t1-axis-withdraw-d5-r1 t1-allies-withdraw-d5-r2
  t1-allies-withdraw-eben-emael-r1 t1-axis-withdraw-eben-emael-r1
  t1-axis-2 t1-allies-withdraw-reims-r1 t1-axis-3
  t1-allies-1
  t2-axis-1
  t2-allies-withdraw-e5-r1 t2-axis-withdraw-e5-r1 t2-allies-withdraw-e5-r2 t2-axis-withdraw-e5-r2
  t2-allies-withdraw-e5-r3 t2-axis-withdraw-e5-r3
  t2-axis-2
  t2-allies-1
)
aa-ref new bitw-demo -o "$game" --seed fall-gelb --force
for name in "${orders[@]}"; do
  aa-ref apply "$game" "$here/$name.yaml" --in-place
done
aa-ref show "$game" --side allies
aa-ref export "$game" --side axis -o "$out/axis-view.yaml"
cat "$out/axis-view.yaml"
aa-ref replay "$game"
echo "The game and its log are in $out"
