#!/bin/sh
# Builds the differential test program (README.md).
#
# usage: test/differential/build.sh [--host-only [--sanitize]] [--bisect]
#                                   BUILD_DIR OUT_DIR
#
# Default: each family (every .cpp here but main.cpp) is compiled with
#   alloy++ -O2 --gpu-arch=sm_90 -c, and the objects are linked with alloy++
#   into OUT_DIR/differential. A family that alloy++ rejects is compiled
#   without the plugin instead (its cases then report "not compiled for the
#   GPU" at run time) and the script exits 1 after linking; the log of each
#   compile is OUT_DIR/logs/FAMILY.log.
# --bisect: for a family that alloy++ rejects, compile each of its cases
#   alone (-DDIFF_ONLY, logs in OUT_DIR/logs/FAMILY/CASE.log, kept for the
#   failing ones), then the family once more without the failing cases
#   (-DDIFF_SKIP), so that everything that compiles runs on the GPU.
#   OUT_DIR/bisect.txt lists the result per case.
# --host-only: plain clang++-22 without the plugin (no GPU code; for
#   `OUT_DIR/differential --self-check` on a machine without a GPU).
# --sanitize: with --host-only, build with UBSan and ASan.
#
# While the plugin is being rebuilt ("unable to load plugin"), a compile is
# retried every 30 s, 10 times at most.
#
# GPU code is built with -fmad=false: alloy++ contracts a*b+c into an FMA by
# default, as nvcc does, and the host does not.
#
# Environment: DIFF_CXXFLAGS is added to every compile; DIFF_CONTRACT_FLAGS
# to the fp_contract family only.
set -u
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/../.." && pwd)
hostcxx=clang++-22
extra=${DIFF_CXXFLAGS:-}
# The cases alloy++ rejects by design (unsupported.txt) get no GPU kernel.
unsupported=$(sed -e 's/#.*//' "$here/unsupported.txt" | awk 'NF { printf "%s\"%s\"", sep, $1; sep = "," }')
[ -n "$unsupported" ] && extra="$extra -DDIFF_UNSUPPORTED=$unsupported"

flags_for() { # family -> extra flags
  if [ "$1" = fp_contract ]; then
    echo "$extra ${DIFF_CONTRACT_FLAGS:-}"
  else
    echo "$extra"
  fi
}

# alloy_compile CXX FAMILY OBJ LOG [flags...]: 0 if compiled.
alloy_compile() {
  _cxx=$1
  _fam=$2
  _obj=$3
  _log=$4
  shift 4
  _tries=0
  while :; do
    # shellcheck disable=SC2046
    # -fmad=false: the corpus checks IEEE results bit for bit, and the host
    # never contracts a*b+c (test/e2e/fp-modes.cpp checks contraction).
    if "$_cxx" -O2 --gpu-arch=sm_90 -fmad=false $(flags_for "$_fam") "$@" -c "$here/$_fam.cpp" \
      -o "$_obj" >"$_log" 2>&1; then
      return 0
    fi
    grep -q "unable to load plugin" "$_log" || return 1
    _tries=$((_tries + 1))
    [ "$_tries" -lt 10 ] || return 1
    sleep 30
  done
}

# Internal: one case alone (called through xargs by --bisect).
if [ "${1:-}" = --one-case ]; then
  # --one-case CXX FAMILY CASE OUT
  dir="$5/logs/$3"
  if alloy_compile "$2" "$3" "$dir/$4.o" "$dir/$4.log" "-DDIFF_ONLY=\"$3.$4\""; then
    rm -f "$dir/$4.o" "$dir/$4.log"
  fi
  exit 0
fi

mode=alloy
bisect=0
sanitize=0
while [ $# -gt 0 ]; do
  case "$1" in
  --host-only) mode=host ;;
  --sanitize) sanitize=1 ;;
  --bisect) bisect=1 ;;
  --*)
    echo "build.sh: unknown option $1" >&2
    exit 2
    ;;
  *) break ;;
  esac
  shift
done
if [ $# -ne 2 ]; then
  echo "usage: $0 [--host-only [--sanitize]] [--bisect] BUILD_DIR OUT_DIR" >&2
  exit 2
fi
build=$(cd "$1" && pwd) || exit 2
mkdir -p "$2/obj" "$2/logs" || exit 2
out=$(cd "$2" && pwd)
cxx="$build/bin/alloy++"
jobs=$(nproc 2>/dev/null || echo 2)
# compiler-rt's builtins: libgcc 12 lacks the float -> __bf16 conversions
# (__truncsfbf2, __truncdfbf2) that the host code of half.cpp calls.
rtlib=$($hostcxx -print-libgcc-file-name -rtlib=compiler-rt)

families=$(cd "$here" && ls ./*.cpp | sed -n 's|^\./\(.*\)\.cpp$|\1|p' | grep -v '^main$')

host_compile() { # family-or-main object
  if [ "$sanitize" = 1 ]; then
    opt="-O1 -g -fsanitize=undefined,address,float-divide-by-zero"
    opt="$opt -fno-sanitize-recover=all -fno-omit-frame-pointer"
  else
    opt="-O2"
  fi
  # shellcheck disable=SC2046,SC2086
  $hostcxx -std=c++23 $opt -Wall -Wextra -Wno-unknown-attributes \
    -I"$src/include" $(flags_for "$1") -c "$here/$1.cpp" -o "$2"
}

cases_of() { # family -> case names
  grep -o 'DIFF_CASE([A-Za-z0-9_]*' "$here/$1.cpp" | sed 's/DIFF_CASE(//'
}

objs=""
if [ "$mode" = host ]; then
  for f in main $families; do
    host_compile "$f" "$out/obj/$f.o" || exit 1
    objs="$objs $out/obj/$f.o"
  done
  link_flags=""
  [ "$sanitize" = 1 ] && link_flags="-fsanitize=undefined,address,float-divide-by-zero"
  # shellcheck disable=SC2086
  $hostcxx $link_flags $objs "$rtlib" "$build/lib/liballoy_runtime.a" -ldl \
    -o "$out/differential" || exit 1
  echo "build.sh: host-only build: $out/differential (run it with --self-check)"
  exit 0
fi

status=0
: >"$out/bisect.txt"
# What was tested: the commit and the plugin's build time (status.py).
{
  git -C "$src" log -1 --format='commit %h %s' 2>/dev/null
  echo "plugin $(date -u -r "$build/lib/AlloyPlugin.so" '+%Y-%m-%d %H:%M:%S UTC' 2>/dev/null)"
} >"$out/snapshot.txt"
summary=""
for f in $families; do
  obj="$out/obj/$f.o"
  if alloy_compile "$cxx" "$f" "$obj" "$out/logs/$f.log"; then
    summary="$summary
  $f: compiled with alloy++"
    objs="$objs $obj"
    for c in $(cases_of "$f"); do echo "$f.$c: ok" >>"$out/bisect.txt"; done
    continue
  fi
  status=1
  first=$(grep -m1 -E 'error|Stack dump' "$out/logs/$f.log")
  if [ "$bisect" = 1 ]; then
    rm -rf "$out/logs/$f"
    mkdir -p "$out/logs/$f"
    cases_of "$f" | xargs -P "$jobs" -I{} sh "$0" --one-case "$cxx" "$f" {} "$out"
    skip=""
    nskip=0
    for c in $(cases_of "$f"); do
      if [ -f "$out/logs/$f/$c.log" ]; then
        echo "$f.$c: FAILS: $(grep -m1 -E 'error|Stack dump' "$out/logs/$f/$c.log")" \
          >>"$out/bisect.txt"
        skip="$skip${skip:+,}\"$f.$c\""
        nskip=$((nskip + 1))
      else
        echo "$f.$c: ok" >>"$out/bisect.txt"
      fi
    done
    if [ -n "$skip" ] &&
      alloy_compile "$cxx" "$f" "$obj" "$out/logs/$f.skip.log" "-DDIFF_SKIP=$skip"; then
      summary="$summary
  $f: alloy++ failed ($first); compiled without its $nskip failing cases"
      objs="$objs $obj"
      continue
    fi
  fi
  summary="$summary
  $f: alloy++ FAILED ($first); built without the plugin"
  host_compile "$f" "$obj" >>"$out/logs/$f.log" 2>&1 || exit 1
  objs="$objs $obj"
done

"$cxx" -O2 -c "$here/main.cpp" -o "$out/obj/main.o" || exit 1
# shellcheck disable=SC2086
"$cxx" $objs "$out/obj/main.o" "$rtlib" -o "$out/differential" || exit 1
echo "build.sh: $out/differential$summary"
[ "$status" = 0 ] || echo "build.sh: some families are not (fully) compiled for the GPU (exit 1)"
exit $status
