#!/usr/bin/env bash
# Plays the whole first round of Global 1940 (Alpha 3+ setup, research off) from the orders in
# round-1/: all nine powers in turn order, every phase each of them has.
# Germany raids the United Kingdom's factory with escorted bombers (the UK's fighters
# intercept), takes Paris and strikes the Home Fleet in SZ 111, where the UK scrambles the
# fighter of Scotland's air base; the USSR and the USA, at war with no one, build and redeploy;
# Japan declares war on the UK (ANZAC is at war too), lands in Hong Kong (Kwangtung) after a
# shore bombardment and takes Hunan; China liberates Kwangsi; the UK's two economies buy
# apart, London repairs the raid's damage and sinks the Italian ships in SZ 96; Italy sinks
# the British cruiser there (Malta declines to scramble) and takes Southern France; ANZAC
# digs in; France, its capital lost, collects nothing and saves its fleet.
# Seven answers come as decision files: two scrambles, three casualty choices, two retreats.
# Usage: examples/global1940/play-round-1.sh [FOLDER]   (default: a new temporary folder)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="${1:-$(mktemp -d)}"
mkdir -p "$out"
game="$out/game.yaml"
aa-ref new global1940 -o "$game" --seed global1940 --force --option research=off
for orders in "$here"/round-1/*.yaml; do
  aa-ref apply "$game" "$orders" --in-place
done
aa-ref show "$game"
aa-ref log "$game" --round 1 | tail -n 20
aa-ref replay "$game"
echo "The game and its log are in $out"
