#!/bin/sh
# On the GPU machine: builds each sample of the porting suite with nvcc from
# its unchanged source (in parallel), runs both builds once and checks each
# exit status and output (the sample's own check against its CPU
# reference: FAILED or "Test failed" fails it too); for the
# timed samples, runs them three more times each, alternating, and prints
# the median of the time each reports (samples.txt) and nvcc/Alloy; then the
# geometric mean.
# usage: sh run.sh DIR   (DIR: build.sh's OUT_DIR)
set -u
dir=$(cd "$1" && pwd)
nvcc=${NVCC:-nvcc}
median() { sort -g | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}'; }
reported() { # PROGRAM SED ARGS... (run in the sample's folder: its data)
  program=$1 pattern=$2
  shift 2
  (cd "$src" && "$program" "$@" 2>&1) |
    sed -n "$pattern" | awk '{s += $1} END {if (NR) print s}'
}
build_nvcc() { # NAME
  src=$dir/src/$1
  units=""
  for f in "$src"/*.cu "$src"/*.cpp; do # not a .cu that another file includes
    [ -f "$f" ] || continue
    grep -qs "#include \"$(basename "$f")\"" "$src"/* || units="$units $f"
  done
  "$nvcc" -O3 -arch=sm_90 -std=c++17 -I"$dir/src/Common" -I"$src" \
    $units -o "$dir/nvcc_$1" >"$dir/nvcc_$1.build.log" 2>&1
}
# (The loop runs in the pipeline's subshell: it waits for its own jobs.)
grep -v '^#' "$dir/samples.txt" | cut -d'|' -f1 | {
  while read -r name; do
    build_nvcc "$name" &
  done
  wait
}
logs=$(mktemp)
grep -v '^#' "$dir/samples.txt" | while IFS='|' read -r name args pattern; do
  src=$dir/src/$name
  [ -x "$dir/nvcc_$name" ] || { echo "BENCH $name nvcc build FAILED"; continue; }
  # Correctness first: each build's own checks (its exit status).
  bad=""
  for side in nvcc alloy; do
    log=$dir/${side}_$name.log
    if ! (cd "$src" && "$dir/${side}_$name" $args >"$log" 2>&1); then
      bad="$bad $side (exit status: $(tail -n 1 "$log"))"
    elif grep -qE 'FAILED|Test failed' "$log"; then # (some exit 0 anyway)
      bad="$bad $side ($(grep -m1 -E 'FAILED|Test failed' "$log"))"
    fi
  done
  if [ -n "$bad" ]; then
    echo "CHECK $name FAILED:$bad"
    continue
  fi
  echo "CHECK $name passed (nvcc and alloy exit 0; alloy's last line: $(tail -n 1 "$dir/alloy_$name.log"))"
  [ -n "$pattern" ] || continue
  a="" n=""
  for round in 1 2 3; do
    n="$n $(reported "$dir/nvcc_$name" "$pattern" $args)"
    a="$a $(reported "$dir/alloy_$name" "$pattern" $args)"
  done
  nm=$(printf '%s\n' $n | median) am=$(printf '%s\n' $a | median)
  if [ -z "$nm" ] || [ -z "$am" ]; then
    echo "BENCH $name no time reported (nvcc: '$n', alloy: '$a')"
    continue
  fi
  ratio=$(awk -v n="$nm" -v a="$am" 'BEGIN {printf "%.3f", n / a}')
  echo "BENCH $name nvcc $nm alloy $am nvcc/alloy ${ratio}x (runs: nvcc$n; alloy$a)"
  echo "$ratio" >>"$logs"
done
awk '{s += log($1); n++} END {if (n) printf "Geometric mean of nvcc/Alloy over %d samples: %.3fx\n", n, exp(s / n)}' "$logs"
rm -f "$logs"
