#!/bin/bash
# Re-run every conformance scenario, probe and example on this kernel and store what the
# runner printed under conformance/observed/ (one NAME.txt per scenario file, failed lines
# first, then each namespace's mountinfo). The files are a reference for comparing the model
# with the kernel where `unshare -Urm` is not permitted; mount ids and group numbers in them
# are the kernel's and differ between kernels.
#
# usage: conformance/record-observed.sh      (from anywhere; takes about a minute)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=$here/observed
mkdir -p "$out"
cd "$here/.."
for f in conformance/C*.sh conformance/probes/*.sh examples/*.sh; do
  name=$(basename "$f" .sh)
  case $f in conformance/probes/*) name=probe-$name ;; examples/*) name=example-$name ;; esac
  { echo "# $f on Linux $(uname -r)"; "$here/run-kernel.sh" "$f"; } > "$out/$name.txt"
  echo "$name: $(grep -c '^[^#=]*:[0-9]*: ' "$out/$name.txt" || true) failed lines" >&2
done
