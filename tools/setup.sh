#!/bin/sh
# Installs what Alloy builds with (Debian 12 packages; the CUDA toolkit, for
# ptxas and libdevice, is expected at /usr/local/cuda) and configures
# build/. Runs apt-get only for packages that are missing.
set -eu
src=$(cd "$(dirname "$0")/.." && pwd)
build=${ALLOY_BUILD_DIR:-$src/build}
packages="cmake ninja-build clang-22 llvm-22-dev llvm-22-tools libclang-22-dev
  libmlir-22-dev mlir-22-tools libgtest-dev clangd-22 lld-22 libclang-rt-22-dev
  python3"
missing=""
for p in $packages; do
  dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"
done
if [ -n "$missing" ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  $sudo apt-get update
  # shellcheck disable=SC2086
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y $missing
fi
[ -x /usr/local/cuda/bin/ptxas ] ||
  echo "setup: no CUDA toolkit at /usr/local/cuda: no cubins and no libdevice math" >&2
cmake -G Ninja -S "$src" -B "$build" -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22
