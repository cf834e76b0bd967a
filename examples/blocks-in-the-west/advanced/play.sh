#!/usr/bin/env bash
# Blocks in the West, ADVANCED rules (rules=advanced) with the optional rules air reconnaissance (recon, OR 19.0),
# Jericho Trumpets (jericho_trumpets, OR 22.0) and Panzer Attack! (panzer_attack, OR 21.0), on the DEMO scenario
# (aa_ref/setups/bitw-demo.yaml: our map and blocks, not a published scenario), seed fall-gelb: May and June 1940 and the
# Axis turn of July, from the orders t<turn>-<side>-*.yaml in the order below. HQs activated with the units they
# command, supreme leaders' actions (a free rail move, a tank and an aircraft moved as if supplied, an unsupplied
# unit attacking), armour in limited supply, reconnaissance failed, interdicted and successful, a passive air HQ
# activated for a reaction, coloured PP income and coloured repairs, HQs deactivated and one destroyed, a Panzer
# Attack!, a siege of Brussels, a Desperate Attack and its surrender PP, France's armistice.
# See README.md beside this script for the story turn by turn.
# Usage: examples/blocks-in-the-west/advanced/play.sh [FOLDER]   (default: a new temporary folder)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="${1:-$(mktemp -d)}"
mkdir -p "$out"
game="$out/game.yaml"
orders=(
  t1-axis-1
  t1-allies-withdraw-d5-r1 t1-axis-withdraw-d5-r1 t1-allies-withdraw-d5-r2
  t1-allies-withdraw-eben-emael-r1 t1-axis-withdraw-eben-emael-r1
  t1-axis-2 t1-allies-withdraw-reims-r1 t1-axis-3
  t1-allies-1 t1-axis-react
  t1-axis-withdraw-reims2-r1 t1-allies-withdraw-reims2-r1 t1-axis-withdraw-reims2-r2 t1-allies-withdraw-reims2-r2
  t1-axis-withdraw-reims2-r3
  t1-allies-2
  t2-axis-1
  t2-allies-withdraw-b4-r1 t2-axis-withdraw-b4-r1 t2-allies-withdraw-b4-r2
  t2-axis-2
  t2-allies-1
  t3-axis-1
  t3-allies-withdraw-brussels-r1 t3-axis-withdraw-brussels-r1
  t3-axis-2
)
aa-ref new bitw-demo -o "$game" --seed fall-gelb --force \
  --option rules=advanced --option recon=on --option jericho_trumpets=on --option panzer_attack=on
for name in "${orders[@]}"; do
  aa-ref apply "$game" "$here/$name.yaml" --in-place
done
aa-ref show "$game" --side allies
aa-ref export "$game" --side axis -o "$out/axis-view.yaml"
cat "$out/axis-view.yaml"
aa-ref replay "$game"
echo "The game and its log are in $out"
