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
#   alone (-DDIFF_ONLY, logs in OUT_DIR/logs/FAMILY/CASE.log), then the
#   family once more with the failing cases left out (-DDIFF_SKIP), so that
#   everything that compiles runs on the GPU. OUT_DIR/bisect.txt lists the
#   result per case.
# --host-only: plain clang++-22 without the plugin (no GPU code; for
#   `OUT_DIR/differential --self-check` on a machine without a GPU).
# --sanitize: with --host-only, build with -fsanitize=undefined,address.
#
# Environment: DIFF_CXXFLAGS is added to every compile; DIFF_CONTRACT_FLAGS
# to the fp_contract family only (e.g. -ffp-contract=off once the compiler
# contracts a*b+c by default).
set -u
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
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/../.." && pwd)
cxx="$build/bin/alloy++"
hostcxx=clang++-22
extra=${DIFF_CXXFLAGS:-}
jobs=$(nproc 2>/dev/null || echo 2)
# compiler-rt's builtins: libgcc 12 lacks the float -> __bf16 conversions
# (__truncsfbf2, __truncdfbf2) that the host code of half.cpp calls.
rtlib=$($hostcxx -print-libgcc-file-name -rtlib=compiler-rt)

families=$(cd "$here" && ls *.cpp | sed -n 's/\.cpp$//p' | grep -v '^main$')

flags_for() { # family -> extra flags
  if [ "$1" = fp_contract ]; then echo "$extra ${DIFF_CONTRACT_FLAGS:-}"; else echo "$extra"; fi
}

host_compile() { # family-or-main, object
  if [ "$sanitize" = 1 ]; then
    san="-O1 -g -fsanitize=undefined,address,float-divide-by-zero -fno-sanitize-recover=all -fno-omit-frame-pointer"
  else
    san="-O2"
  fi
  # shellcheck disable=SC2046
  $hostcxx -std=c++23 $san -Wall -Wextra -Wno-unknown-attributes \
    -I"$src/include" $(flags_for "$1") -c "$here/$1.cpp" -o "$2"
}

alloy_compile() { # family, object, [-D...]
  fam=$1
  obj=$2
  shift 2
  # shellcheck disable=SC2046
  "$cxx" -O2 --gpu-arch=sm_90 $(flags_for "$fam") "$@" -c "$here/$fam.cpp" -o "$obj"
}

cases_of() { # family -> case names
  grep -o 'DIFF_CASE([A-Za-z0-9_]*' "$here/$1.cpp" | sed 's/DIFF_CASE(//'
}

status=0
objs=""
if [ "$mode" = host ]; then
  for f in main $families; do
    host_compile "$f" "$out/obj/$f.o" || exit 1
    objs="$objs $out/obj/$f.o"
  done
  if [ "$sanitize" = 1 ]; then
    link_flags="-fsanitize=undefined,address,float-divide-by-zero"
  else
    link_flags=""
  fi
  # shellcheck disable=SC2086
  $hostcxx $link_flags $objs "$rtlib" "$build/lib/liballoy_runtime.a" -ldl \
    -o "$out/differential" || exit 1
  echo "build.sh: host-only build: $out/differential (run it with --self-check)"
  exit 0
fi

: >"$out/bisect.txt"
summary=""
for f in $families; do
  obj="$out/obj/$f.o"
  if alloy_compile "$f" "$obj" >"$out/logs/$f.log" 2>&1; then
    summary="$summary
  $f: compiled with alloy++"
    objs="$objs $obj"
    continue
  fi
  status=1
  first=$(grep -m1 'error:' "$out/logs/$f.log")
  if [ "$bisect" = 1 ]; then
    mkdir -p "$out/logs/$f"
    # One compile per case, $jobs at a time.
    cases_of "$f" | xargs -P "$jobs" -I{} sh -c '
      if "$0" -O2 --gpu-arch=sm_90 $4 "-DDIFF_ONLY=\"$2.{}\"" -c "$1/$2.cpp" \
           -o "$3/logs/$2/{}.o" >"$3/logs/$2/{}.log" 2>&1; then
        rm -f "$3/logs/$2/{}.o" "$3/logs/$2/{}.log"; fi' \
      "$cxx" "$here" "$f" "$out" "$(flags_for "$f")"
    skip=""
    nskip=0
    for c in $(cases_of "$f"); do
      if [ -f "$out/logs/$f/$c.log" ]; then
        echo "$f.$c: FAILS: $(grep -m1 'error:' "$out/logs/$f/$c.log")" >>"$out/bisect.txt"
        skip="$skip${skip:+,}\"$f.$c\""
        nskip=$((nskip + 1))
      else
        echo "$f.$c: ok" >>"$out/bisect.txt"
      fi
    done
    if [ -n "$skip" ] &&
      alloy_compile "$f" "$obj" "-DDIFF_SKIP=$skip" >"$out/logs/$f.skip.log" 2>&1; then
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
