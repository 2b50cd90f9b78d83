// RUN: %clangxx -O2 -Werror %s -o %t && %t | FileCheck %s
// RUN: %clangxx -O2 -ffast-math -Werror -fsyntax-only %s
// The host fallbacks (host code, a kernel called directly, a build without
// the plugin) see a warp of one lane: each reduction returns v, a match
// finds lane 0 alone. The butterfly reductions once returned v * 32 (each
// shuffle read the lane's own value). Block reductions of a pair (the
// arg-max idiom) and the half types under -ffast-math compile without
// warnings from the headers.
#include <gpu/gpu.hpp>
#include <gpu/cooperative_groups.hpp>
#include <gpu/cuda_compat.hpp>
#include <gpu/half.hpp>

#include <cstdio>
#include <utility>

namespace cg = cooperative_groups;

int main() {
  // CHECK: warp::sum 21
  std::printf("warp::sum %d\n", gpu::warp::sum(21));
  // CHECK: warp::reduce plus 1.5
  std::printf("warp::reduce plus %g\n", gpu::warp::reduce(1.5f, gpu::plus{}));
  // CHECK: warp::reduce xor 5
  std::printf("warp::reduce xor %d\n", gpu::warp::reduce(5, gpu::bit_xor{}));
  // CHECK: warp::max 3
  std::printf("warp::max %d\n", gpu::warp::max(3));
  auto tile32 = cg::tiled_partition<32>(cg::this_thread_block());
  auto tile8 = cg::tiled_partition<8>(cg::this_thread_block());
  // CHECK: cg::reduce tile32 4 tile8 2.5
  std::printf("cg::reduce tile32 %d tile8 %g\n",
              cg::reduce(tile32, 4, cg::plus<int>()),
              cg::reduce(tile8, 2.5, cg::plus<double>()));
  // CHECK: __reduce_add_sync 7 __reduce_max_sync 9
  std::printf("__reduce_add_sync %u __reduce_max_sync %u\n",
              __reduce_add_sync(0xffffffffu, 7u),
              __reduce_max_sync(0xffffffffu, 9u));
  // CHECK: __match_any_sync 1
  std::printf("__match_any_sync %u\n", __match_any_sync(0xffffffffu, 3));
  // CHECK: block::reduce pair 2.5 7
  auto best = gpu::block::reduce(std::pair<float, int>(2.5f, 7), gpu::maximum{});
  std::printf("block::reduce pair %g %d\n", best.first, best.second);
  // CHECK: half2 fma 7
  gpu::half2 h = gpu::fma(gpu::half2(2.0f, 2.0f), gpu::half2(3.0f, 3.0f),
                          gpu::half2(1.0f, 1.0f));
  std::printf("half2 fma %g\n", float(h.x));
}
