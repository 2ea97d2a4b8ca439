#!/usr/bin/env bash
# Makes screenshots/editor.png, play.png, inspector.png, patterns.png, timeline.png,
# planner.png, talking-stones.png, lab.png, lab-tree.png, lab-compare.png, generator.png,
# oracle.png and the teaching tools (rewind.png, breakpoint.png, predict.png, compare.png)
# from the real program under Xvfb at 1280x800, then each mode at a laptop's 1024x700
# (screenshots/small-*.png). SMALL_ONLY=1 makes only the 1024x700 ones, ORACLE_ONLY=1 only
# oracle.png, TEACH_ONLY=1 only the teaching tools, LAB_ONLY=1 only the lab's.
# Needs: xvfb, xdotool, imagemagick (apt-get install -y xvfb xdotool imagemagick) and a
# release build (cargo build --release). Rerun after UI changes.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-target/release/sokolab}
DISPLAY_NUM=${DISPLAY_NUM:-:98}
[ -x "$BIN" ] || { echo "no $BIN; build it with: cargo build --release" >&2; exit 2; }

Xvfb "$DISPLAY_NUM" -screen 0 1280x800x24 >/dev/null 2>&1 &
XVFB=$!
STATE=$(mktemp -d)
APP=
trap '[ -n "$APP" ] && kill $APP 2>/dev/null; kill $XVFB 2>/dev/null; rm -rf "$STATE"' EXIT
export DISPLAY=$DISPLAY_NUM XDG_DATA_HOME=$STATE XDG_CONFIG_HOME=$STATE
sleep 1

# Starts the program on our levels (the settings of the last run kept in $STATE, its
# autosave dropped: the shots edit levels, and a restore prompt would cover the next one).
start() {
  local size=${1:-1280 800}
  find "$STATE" -name 'autosave*' -delete
  "$BIN" edit levels/default.xsb >/dev/null 2>&1 &
  APP=$!
  WID=
  for _ in $(seq 200); do
    WID=$(xdotool search --onlyvisible --name "Sokolab" 2>/dev/null | head -1) && [ -n "$WID" ] && break
    sleep 0.05
  done
  [ -n "${WID:-}" ] || { echo "the window did not appear" >&2; exit 1; }
  xdotool windowsize "$WID" $size windowmove "$WID" 0 0 windowfocus "$WID"
  sleep 1
}

key() { xdotool key --delay 60 "$@"; sleep 0.4; }
click() { xdotool mousemove "$1" "$2" click 1; sleep 0.6; }
shot() { import -window root "$1"; echo "wrote $1"; }
small() { import -window root -crop 1024x700+0+0 +repage "$1"; echo "wrote $1"; }

# Each mode at 1024x700 on level 32 ("Five Alive"), in a fresh window: the editor, play,
# the inspector after four steps, the timeline on the solver's solution, the lab after five
# BFS steps. The mode buttons are at the left of the menu bar.
small_shots() {
  start "1024 700"
  for _ in $(seq 31); do key Next; done
  small screenshots/small-editor.png
  click 276 12
  small screenshots/small-play.png
  click 326 12
  key space space space space
  small screenshots/small-inspector.png
  key F5
  sleep 3
  click 390 12
  small screenshots/small-timeline.png
  click 437 12
  small screenshots/small-lab.png
  kill $APP; wait $APP 2>/dev/null || true
}
# The deadlock tools on level 11 ("Which Goal?"), in a fresh window: the inspector's
# Deadlock coverage tab run, its one missed dead set clicked onto the board, the oracle
# asked (Shift+F7) and the side panel scrolled to its verdicts and "Add to the search's
# patterns".
oracle_shot() {
  start
  for _ in $(seq 10); do key Next; done
  click 327 12
  click 639 558
  click 575 581
  sleep 1.5
  click 510 583
  key shift+F7
  sleep 1.5
  xdotool mousemove 1090 600
  for _ in $(seq 12); do xdotool click 5; sleep 0.05; done
  sleep 0.6
  shot screenshots/oracle.png
  kill $APP; wait $APP 2>/dev/null || true
}
# The inspector's teaching tools on level 32 ("Five Alive"), each in a fresh window with A*:
# six steps, two steps back, the History view; then Compare (BFS beside it) and six steps;
# predict mode after six steps, one wrong guess answered; a breakpoint on f run to where it
# fires.
teach_shots() {
  start
  for _ in $(seq 31); do key Next; done
  click 327 12
  for _ in 1 2 3 4 5 6; do key space; done
  key BackSpace BackSpace
  click 319 558
  shot screenshots/rewind.png
  click 1100 37
  sleep 1
  for _ in 1 2 3 4 5 6; do key space; done
  shot screenshots/compare.png
  kill $APP; wait $APP 2>/dev/null || true
  start
  for _ in $(seq 31); do key Next; done
  click 327 12
  for _ in 1 2 3 4 5 6; do key space; done
  click 1052 354
  click 969 438
  xdotool mousemove 600 300
  shot screenshots/predict.png
  kill $APP; wait $APP 2>/dev/null || true
  start
  for _ in $(seq 31); do key Next; done
  click 327 12
  click 1205 208
  click 939 238
  click 939 261
  xdotool mousemove 600 300
  key b
  sleep 1
  shot screenshots/breakpoint.png
  kill $APP; wait $APP 2>/dev/null || true
}
# Lab mode (a fresh window): BFS stepped five times on the 8-puzzle it opens with, then
# Table 7-3 (100 trials a row) run from the Experiments view under the board; three more
# steps and the Tree view in Van Lishout's colours; then (a fresh window) BFS against A* on
# one 8-puzzle, run to their ends, with both searches' sizes on one chart.
lab_shots() {
  start
  click 437 12
  for _ in 1 2 3 4 5; do click 953 282; done
  click 672 551
  sleep 3
  xdotool mousemove 640 700
  sleep 0.5
  shot screenshots/lab.png
  for _ in 1 2 3; do click 953 282; done
  click 466 528
  click 518 528
  xdotool mousemove 640 760
  sleep 0.5
  shot screenshots/lab-tree.png
  kill $APP; wait $APP 2>/dev/null || true
  start
  click 437 12
  click 940 209
  click 1082 305
  sleep 1
  click 415 528
  xdotool mousemove 640 760
  sleep 0.5
  shot screenshots/lab-compare.png
}
if [ "${LAB_ONLY:-}" = 1 ]; then
  lab_shots
  kill $APP; wait $APP 2>/dev/null || true
  exit 0
fi
if [ "${TEACH_ONLY:-}" = 1 ]; then
  teach_shots
  exit 0
fi
if [ "${SMALL_ONLY:-}" = 1 ]; then
  small_shots
  exit 0
fi
if [ "${ORACLE_ONLY:-}" = 1 ]; then
  oracle_shot
  exit 0
fi
start

# Rate levels first, so that every shot's level list shows each difficulty.
xdotool mousemove 47 83 click 1
sleep 2
# Editor: level 21 ("Pillars"), dead squares shown (F6).
for _ in $(seq 20); do key Next; done
key F6
shot screenshots/editor.png

# Play mode on the same level after a few moves.
key Tab
key Down Down Right
shot screenshots/play.png

# Inspector on level 32 ("Five Alive"): the mode tab, a few single steps, the goal rooms
# (F8) and packing order (F9) overlays, then run to the solution.
for _ in $(seq 11); do key Next; done
click 327 12
key space space space
key F8 F9
key r
sleep 2
shot screenshots/inspector.png

# The pattern view of the same search: the goal-room and packing-order overlays off, the
# lower panel's "Deadlock patterns" tab, the most hit pattern selected (drawn on the board).
key F8 F9
click 505 558
click 300 640
shot screenshots/patterns.png
key F8 F9

# Timeline: solve with the solver (F5), open the timeline on its solution, shorten it with
# the optimiser (Fewer moves; the shorter one is saved and loaded), step in.
key F5
sleep 3
click 391 12
click 988 500
sleep 4
for _ in $(seq 9); do key Right; done
shot screenshots/timeline.png

# The seed methods in the inspector. The algorithm list scrolls: open it, scroll to its
# end, pick the entry at ($1, $2).
pick_method() {
  click 1075 61
  xdotool mousemove 950 200
  for _ in 1 2 3 4 5; do xdotool click 5; sleep 0.1; done
  sleep 0.3
  click "$1" "$2"
}
# Talking Stones on level 18 ("Courtyard") after some iterations: children that pass the
# stone-by-stone test and those that fail, with the stone that failed.
click 327 12
key F8 F9
for _ in $(seq 14); do key Prior; done
pick_method 967 153
for _ in $(seq 12); do key space; done
shot screenshots/talking-stones.png
# Demaret's planner on level 23 ("Cloister"), a few sub-problems in: the goal being filled
# ringed, the stones that reach it alone circled. (A fresh window: the side panel, scrolled
# by the steps above, would hide the algorithm list.)
kill $APP; wait $APP 2>/dev/null || true
start
click 327 12
for _ in $(seq 22); do key Next; done
pick_method 980 176
key space space space space space
shot screenshots/planner.png
kill $APP; wait $APP 2>/dev/null || true

lab_shots

# The level generator (a fresh window): Edit, Generate levels…, Generate with the dialog's
# defaults (five 8x8 levels with 3 boxes, seed 1); the first new level is shown.
kill $APP; wait $APP 2>/dev/null || true
start
click 53 12
click 100 296
click 970 290
sleep 15
xdotool mousemove 640 700
sleep 0.5
shot screenshots/generator.png

kill $APP; wait $APP 2>/dev/null || true
oracle_shot
teach_shots
small_shots
