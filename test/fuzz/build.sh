#!/bin/sh
# Builds the differential fuzzer (README.md): generates the translation
# units with gen.py, compiles each with alloy++ and links them with main.cpp.
#
# usage: test/fuzz/build.sh [options] BUILD_DIR OUT_DIR
#   --seed S          generator seed (default 1)
#   --tus T           translation units (default 25)
#   --functions N     functions per translation unit (default 400)
#   --src DIR         where the generated sources go (default OUT_DIR/src);
#                     the binary prints these paths for a mismatch
#   --sources F...    compile these generated files (e.g. a gen.py --only
#                     reproducer) instead of generating; must come last
#   --host-only       plain clang++-22 without the plugin (no GPU code): for
#                     `fuzz_differential --self-check` on a machine without a
#                     GPU; --sanitize adds UBSan and ASan
#   --pack            OUT_DIR/fuzz_differential becomes a small sh launcher
#                     and the program OUT_DIR/fuzz_differential.gz (to keep
#                     the GPU batch small)
#
# GPU and host code are built with -ffp-contract=off: alloy++ contracts a*b+c
# into an FMA by default, as nvcc does, and the generated code has such
# expressions; with contraction off both sides round every operation.
#
# Exit status 1 if alloy++ rejects (or crashes on) a translation unit: its
# log is OUT_DIR/logs/tuK.log, and the first error is printed.
set -u
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/../.." && pwd)
seed=1
tus=25
functions=400
mode=alloy
sanitize=0
pack=0
gensrc=""
sources=""
while [ $# -gt 0 ]; do
  case "$1" in
  --seed) seed=$2; shift ;;
  --tus) tus=$2; shift ;;
  --functions) functions=$2; shift ;;
  --src) gensrc=$2; shift ;;
  --host-only) mode=host ;;
  --sanitize) sanitize=1 ;;
  --pack) pack=1 ;;
  --sources) shift; break ;;
  --*) echo "build.sh: unknown option $1" >&2; exit 2 ;;
  *) break ;;
  esac
  shift
done
if [ -n "${1:-}" ] && [ -f "$1" ]; then
  # --sources F... BUILD_DIR OUT_DIR: the last two are the directories
  while [ $# -gt 2 ]; do sources="$sources $(cd "$(dirname "$1")" && pwd)/$(basename "$1")"; shift; done
fi
if [ $# -ne 2 ]; then
  echo "usage: $0 [--seed S] [--tus T] [--functions N] [--src DIR] [--host-only [--sanitize]] [--pack] [--sources FILE...] BUILD_DIR OUT_DIR" >&2
  exit 2
fi
build=$(cd "$1" && pwd) || exit 2
mkdir -p "$2/obj" "$2/logs" || exit 2
out=$(cd "$2" && pwd)
[ -n "$gensrc" ] || gensrc="$out/src"
cxx="$build/bin/alloy++"
hostcxx=clang++-22

if [ -z "$sources" ]; then
  rm -rf "$gensrc"
  mkdir -p "$gensrc"
  python3 "$here/gen.py" --seed "$seed" --out "$gensrc" --tus "$tus" \
    --functions "$functions" >/dev/null || exit 1
  sources=$(ls "$gensrc"/tu*.cpp | sort -V)
fi

common="-O2 -ffp-contract=off -I$here"
if [ "$mode" = host ]; then
  if [ "$sanitize" = 1 ]; then
    opt="-O1 -g -fsanitize=undefined,address -fno-sanitize-recover=all -fno-omit-frame-pointer"
  else
    opt="-O2"
  fi
  compile() { # source object log
    # shellcheck disable=SC2086
    $hostcxx -std=c++23 $opt -ffp-contract=off -w -Wno-unknown-attributes \
      -I"$src/include" -I"$here" -c "$1" -o "$2" >"$3" 2>&1
  }
else
  compile() { # source object log; retried while the plugin is rebuilt
    _tries=0
    while :; do
      # shellcheck disable=SC2086
      if "$cxx" $common --gpu-arch=sm_90 -w -c "$1" -o "$2" >"$3" 2>&1; then
        return 0
      fi
      grep -q "unable to load plugin" "$3" || return 1
      _tries=$((_tries + 1))
      [ "$_tries" -lt 10 ] || return 1
      sleep 30
    done
  }
fi

status=0
objs=""
for f in $sources; do
  name=$(basename "$f" .cpp)
  if compile "$f" "$out/obj/$name.o" "$out/logs/$name.log"; then
    objs="$objs $out/obj/$name.o"
  else
    status=1
    echo "build.sh: $name: $(grep -m1 -E 'error|Assertion|Stack dump|LLVM ERROR|PLEASE' "$out/logs/$name.log") (log: $out/logs/$name.log)"
  fi
done
[ "$status" = 0 ] || { echo "build.sh: FAILED: alloy++ rejected some generated translation units"; exit 1; }

compile "$here/main.cpp" "$out/obj/main.o" "$out/logs/main.log" || {
  cat "$out/logs/main.log"
  exit 1
}
if [ "$mode" = host ]; then
  link=""
  [ "$sanitize" = 1 ] && link="-fsanitize=undefined,address"
  # shellcheck disable=SC2086
  $hostcxx $link $objs "$out/obj/main.o" "$build/lib/liballoy_runtime.a" -ldl \
    -o "$out/fuzz_differential" || exit 1
else
  # shellcheck disable=SC2086
  "$cxx" -s $objs "$out/obj/main.o" -o "$out/fuzz_differential" || exit 1
fi
rm -rf "$out/obj"
if [ "$pack" = 1 ]; then
  gzip -9 -c "$out/fuzz_differential" >"$out/fuzz_differential.gz" || exit 1
  cat >"$out/fuzz_differential" <<'EOF'
#!/bin/sh
# Unpacks fuzz_differential.gz (kept compressed: its PTX and cubins are
# large) into a temporary file and runs it with the given arguments.
gz="$(dirname "$0")/fuzz_differential.gz"
tmp=$(mktemp "${TMPDIR:-/tmp}/fuzz_differential.XXXXXX") || exit 2
trap 'rm -f "$tmp"' EXIT INT TERM
gzip -dc "$gz" >"$tmp" && chmod +x "$tmp" || exit 2
"$tmp" "$@"
EOF
  chmod +x "$out/fuzz_differential"
fi
echo "build.sh: $out/fuzz_differential ($(echo $sources | wc -w) translation units)"
