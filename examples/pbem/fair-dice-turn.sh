#!/usr/bin/env bash
# Play by e-mail with fair dice (README, "Play by e-mail with fair dice"; docs/fair-dice.md):
# alice (Axis) and bob (Allies) each keep their own folder and only exchange files; the USSR
# (bob) plays its first purchase, combat move and combat, whose dice need alice's reveal;
# then a third person, holding only the game and its log, verifies everything.
# Usage: examples/pbem/fair-dice-turn.sh [FOLDER]   (default: a new temporary folder)
set -euo pipefail
orders="$(cd "$(dirname "$0")/../aa1941/round-1" && pwd)"
out="${1:-$(mktemp -d)}"
mkdir -p "$out/alice" "$out/bob" "$out/third"
send() {  # send FROM TO FILE...: e-mail the files from one folder to another
  local from="$1" to="$2"; shift 2
  for file in "$@"; do cp "$out/$from/$file" "$out/$to/$file"; done
}

echo "== alice starts the game and commits to her dice"
cd "$out/alice"
aa-ref new aa1941 -o game.yaml --force
aa-ref commit game.yaml --player alice --side Axis --secret alice.secret.yaml
send alice bob game.yaml game.log.yaml

echo "== bob commits, then plays the USSR's purchase and combat move (no dice)"
cd "$out/bob"
aa-ref commit game.yaml --player bob --side Allies --secret bob.secret.yaml
for step in 01-ussr-purchase 02-ussr-combat-move; do
  cp "$orders/$step.yaml" .
  aa-ref sign game.yaml "$step.yaml" --secret bob.secret.yaml
  aa-ref apply game.yaml "$step.yaml" --in-place
done
echo "== bob signs his combat orders and sends them to alice"
cp "$orders/03-ussr-combat.yaml" .
aa-ref sign game.yaml 03-ussr-combat.yaml --secret bob.secret.yaml
send bob alice game.yaml game.log.yaml 03-ussr-combat.yaml

echo "== alice checks the game and the orders, and reveals her next value for them"
cd "$out/alice"
aa-ref reveal game.yaml 03-ussr-combat.yaml --secret alice.secret.yaml -o 03-ussr-combat.reveal.yaml
send alice bob 03-ussr-combat.reveal.yaml

echo "== bob applies his combat with alice's reveal: the dice follow from both"
cd "$out/bob"
aa-ref apply game.yaml 03-ussr-combat.yaml --reveal 03-ussr-combat.reveal.yaml --in-place
send bob alice game.yaml game.log.yaml
send bob third game.yaml game.log.yaml

echo "== a third person verifies the exchange with the game and its log alone"
cd "$out/third"
aa-ref verify game.yaml
echo "The three folders are in $out"
