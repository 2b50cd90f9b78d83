#!/bin/sh
# Locates the wrong local of a differential-fuzz mismatch (locate.cpp).
#
# usage: [ALLOY_BUILD=DIR] locate.sh MISMATCHES NAME [WORKDIR]
#   MISMATCHES  fuzz_differential's output (its MISMATCH blocks)
#   NAME        the function, e.g. tu0.f262 (its first mismatching input)
# Regenerates the one function with gen.py, builds it on the host with
# clang++-22 and FZ_TRACE_MIX, and runs locate on the block's input and GPU
# result. ALLOY_BUILD: the build tree with liballoy_runtime.a (default
# build/ of this checkout).
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/../.." && pwd)
[ $# -ge 2 ] || { sed -n '2,10p' "$0"; exit 2; }
file=$1 name=$2 work=${3:-$(mktemp -d)}
block=$(awk -v n="MISMATCH $name " 'index($0, n) == 1 {on=1; next}
  on && /^MISMATCH/ {exit} on' "$file")
[ -n "$block" ] || { echo "locate.sh: no MISMATCH $name in $file"; exit 2; }
seed=$(grep -m1 -o 'gen.py --seed [0-9]*' "$file" | awk '{print $3}')
[ -n "$seed" ] || seed=1
input=$(printf '%s\n' "$block" | sed -n 's/^  input #\([0-9]*\):.*/\1/p' | head -1)
w=$(printf '%s\n' "$block" | sed -n 's/^    gpu   w={\(.*\)}/\1/p' | head -1 | tr ',' ' ')
tu=${name%%.f*} id=${name#*.f}
build=${ALLOY_BUILD:-$src/build}
mkdir -p "$work" || exit 2
python3 "$here/gen.py" --seed "$seed" --tu "${tu#tu}" --only "$id" \
  --out "$work" >/dev/null || exit 1
clang++-22 -std=c++23 -O1 -ffp-contract=off -w -Wno-unknown-attributes \
  -DFZ_TRACE_MIX -I"$src/include" -I"$here" \
  "$work/${tu}_f$id.cpp" "$here/locate.cpp" "$build/lib/liballoy_runtime.a" -ldl -o "$work/locate" ||
  exit 1
# shellcheck disable=SC2086
"$work/locate" "$name" "$input" $w
