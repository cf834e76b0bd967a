#!/usr/bin/env bash
# Blocks in the West, basic rules with HQs (hq_command, AR 13.0) and four more OPTIONAL rules: the V-1 and V-2
# (wunderwaffen, OR 26.0), units in reserve (reserves, OR 31.0), naval movement (naval_movement, OR 18.0) and the
# Volkssturm (volkssturm, OR 28.0), on the DEMO scenario summer-1944-scenario.yaml beside this script (our sketch map
# and blocks, July-October 1944: not a published scenario), seed peenemunde, from the orders t<turn>-<side>-*.yaml in
# the order below. Churchill's naval and reserve actions; XXX Corps shipped through the mined Channel; the Canadians in
# Motorisation reserve exploit into Germany; the Volkssturm directive and a free corps in Berlin; the V-1 every month
# and the V-2 from September on the Allied units of Aachen.
# See README.md beside this script for the story turn by turn.
# Usage: examples/blocks-in-the-west/optional-1944/play.sh [FOLDER]   (default: a new temporary folder)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="${1:-$(mktemp -d)}"
mkdir -p "$out"
game="$out/game.yaml"
orders=(
  t1-axis-1
  t1-allies-1
  t2-axis-1
  t2-allies-1
  t3-axis-1
)
aa-ref new "$here/summer-1944-scenario.yaml" -o "$game" --seed peenemunde --force \
  --option hq_command=on --option wunderwaffen=on --option reserves=on --option naval_movement=on \
  --option volkssturm=on
for name in "${orders[@]}"; do
  aa-ref apply "$game" "$here/$name.yaml" --in-place
done
aa-ref show "$game" --side allies
aa-ref export "$game" --side axis -o "$out/axis-view.yaml" --force
cat "$out/axis-view.yaml"
aa-ref replay "$game"
echo "The game and its log are in $out"
