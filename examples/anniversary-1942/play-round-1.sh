#!/usr/bin/env bash
# Plays the whole first round of the Anniversary Edition's 1942 scenario from the orders in
# round-1/, with research and national objectives on: all seven powers, Japan first.
# Japan's researcher breaks through to Improved Shipyards and buys ships cheaper; Japan
# lands in Buryatia after a shore bombardment, sinks the British carrier group off India
# and takes Hupeh; the USSR retakes Ukraine and Germany takes it back while bombing
# Moscow's factory; the UK and the USA bomb Germany and hunt U-boats and carriers; Italy
# clears its sea zones but its landing in Trans-Jordan dies with the defenders; China
# liberates Shanghai (Kiangsu) and places its free infantry there.
# Four battles wait for decisions (British and Chinese casualties).
# Usage: examples/anniversary-1942/play-round-1.sh [FOLDER]   (default: a new temporary folder)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="${1:-$(mktemp -d)}"
mkdir -p "$out"
game="$out/game.yaml"
aa-ref new anniversary-1942 -o "$game" --seed anniversary-1942 --force \
  --option research=on --option national_objectives=on
for orders in "$here"/round-1/*.yaml; do
  aa-ref apply "$game" "$orders" --in-place
done
aa-ref show "$game"
aa-ref log "$game" --round 1 | tail -n 20
aa-ref replay "$game"
echo "The game and its log are in $out"
