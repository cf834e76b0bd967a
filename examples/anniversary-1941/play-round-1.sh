#!/usr/bin/env bash
# Plays the whole first round of the Anniversary Edition's 1941 scenario from the orders in
# round-1/, with research and national objectives on: all seven powers, every phase.
# Germany researches, raids the United Kingdom's factory and opens Barbarossa; the USSR
# retakes the Baltic States; Japan lands in Kwangtung after a shore bombardment, strikes
# Pearl Harbor and takes Hupeh; the UK repairs its factory, builds one in India and
# strikes back at sea; Italy clears its sea zones and lands in Trans-Jordan; the USA
# ships an army to Britain; China liberates Hupeh and places its free infantry.
# Two battles wait for decisions (a German submarine, a Chinese casualty).
# Usage: examples/anniversary-1941/play-round-1.sh [FOLDER]   (default: a new temporary folder)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="${1:-$(mktemp -d)}"
mkdir -p "$out"
game="$out/game.yaml"
aa-ref new anniversary-1941 -o "$game" --seed anniversary-1941 --force \
  --option research=on --option national_objectives=on
for orders in "$here"/round-1/*.yaml; do
  aa-ref apply "$game" "$orders" --in-place
done
aa-ref show "$game"
aa-ref log "$game" --round 1 | tail -n 20
aa-ref replay "$game"
echo "The game and its log are in $out"
