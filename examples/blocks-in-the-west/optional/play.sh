#!/usr/bin/env bash
# Blocks in the West, basic rules with eight OPTIONAL rules: Italy's surrender and the RSI (italian_surrender, OR 36.0),
# partisans (partisans, OR 29.0) and garrisons (garrisons, OR 27.0), Lend-Lease (lend_lease, OR 34.0) and the U-boats'
# convoy war (convoy_war, OR 35.2), strategic bombing (strategic_bombing, OR 32.0, in the Strategic Warfare phase), new
# factories (new_factories, OR 15.0) and unit upgrades (unit_upgrade, OR 40.0), on the DEMO scenario
# late-war-scenario.yaml beside this script (our sketch map and blocks, July-September 1943: not a published
# scenario), seed baytown, from the orders t<turn>-<side>-*.yaml in the order below. The landing in Sicily, Mussolini
# dismissed, Italy's surrender, Mussolini freed at Gran Sasso and the RSI; partisans in occupied France; Lend-Lease
# shipments and U-boat rolls; bombing missions with and without interception; factory instalments; an upgrade.
# See README.md beside this script for the story turn by turn.
# Usage: examples/blocks-in-the-west/optional/play.sh [FOLDER]   (default: a new temporary folder)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="${1:-$(mktemp -d)}"
mkdir -p "$out"
game="$out/game.yaml"
orders=(
  t1-axis-1
  t1-allies-1 t1-axis-intercept t1-allies-2
  t2-axis-1
  t2-allies-1 t2-axis-intercept t2-allies-2
  t3-axis-1
  t3-allies-1
  t4-axis-1
)
aa-ref new "$here/late-war-scenario.yaml" -o "$game" --seed baytown --force \
  --option italian_surrender=on --option partisans=on --option garrisons=on --option lend_lease=on \
  --option convoy_war=on --option strategic_bombing=on --option new_factories=on --option unit_upgrade=on
for name in "${orders[@]}"; do
  aa-ref apply "$game" "$here/$name.yaml" --in-place
done
aa-ref show "$game" --side allies
aa-ref export "$game" --side axis -o "$out/axis-view.yaml" --force
cat "$out/axis-view.yaml"
aa-ref replay "$game"
echo "The game and its log are in $out"
