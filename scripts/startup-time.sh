#!/usr/bin/env bash
# Measures how long `sokolab` takes to show its window on levels/default.xsb, under Xvfb: the
# time until the window's title names the file (it is read after the first frame).
# Needs: xvfb, xdotool (apt-get install -y xvfb xdotool). Prints the time of each of RUNS
# starts and their median; exits non-zero if the median is over 2 seconds.
# Usage: scripts/startup-time.sh [path/to/sokolab] (default: target/release/sokolab)
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${1:-target/release/sokolab}
RUNS=${RUNS:-5}
DISPLAY_NUM=${DISPLAY_NUM:-:97}
[ -x "$BIN" ] || { echo "no $BIN; build it with: cargo build --release" >&2; exit 2; }

Xvfb "$DISPLAY_NUM" -screen 0 1280x800x24 >/dev/null 2>&1 &
XVFB=$!
HOME_DIR=$(mktemp -d)
trap 'kill $XVFB 2>/dev/null; rm -rf "$HOME_DIR"' EXIT
export DISPLAY=$DISPLAY_NUM
# A fresh settings directory, so no recent file or saved window state takes part.
export XDG_DATA_HOME=$HOME_DIR XDG_CONFIG_HOME=$HOME_DIR
sleep 1

times=()
for _ in $(seq "$RUNS"); do
  start=$(date +%s.%N)
  "$BIN" >/dev/null 2>&1 &
  APP=$!
  until xdotool search --onlyvisible --name "default\.xsb" >/dev/null 2>&1; do
    sleep 0.02
    if ! kill -0 $APP 2>/dev/null; then echo "sokolab exited before showing a window" >&2; exit 1; fi
  done
  end=$(date +%s.%N)
  kill $APP; wait $APP 2>/dev/null || true
  t=$(echo "$end - $start" | bc -l)
  printf 'window shown on default.xsb after %.3f s\n' "$t"
  times+=("$t")
done
median=$(printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
printf 'median %.3f s over %d starts (target: under 2 s)\n' "$median" "$RUNS"
awk -v m="$median" 'BEGIN { exit !(m < 2.0) }'
