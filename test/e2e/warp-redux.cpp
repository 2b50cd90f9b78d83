// Warp reductions of 32-bit integers, which compile to one redux.sync:
// CUDA's __reduce_*_sync (full, alternate-lane, half-warp and ballot
// masks), gpu::warp::reduce and cg::reduce over a 32-thread tile, signed
// and unsigned min/max told apart by values of both signs; and the cases
// that keep the shuffles (64-bit values, an operation over another type).
// Each result is checked against a host model.
#include <gpu/cooperative_groups.hpp>
#include <gpu/cuda_compat.hpp>
#include <gpu/gpu.hpp>

#include "check.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <vector>

namespace cg = cooperative_groups;

constexpr int kOut = 20;
constexpr int kNone = -12345;

__host__ __device__ inline int signed_value(unsigned g) {
  return int(g * 37 % 23) - 11;
}
__host__ __device__ inline unsigned unsigned_value(unsigned g) {
  return 0x7ffffff0u + g * 2654435761u;
}

__global__ void reductions(int *out) {
  unsigned g = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned lane = threadIdx.x % 32;
  int vi = signed_value(g);
  unsigned vu = unsigned_value(g);
  int *o = out + kOut * g;
  const unsigned full = 0xffffffffu;
  o[0] = __reduce_add_sync(full, vi);
  o[1] = __reduce_min_sync(full, vi);
  o[2] = __reduce_max_sync(full, vi);
  o[3] = int(__reduce_min_sync(full, vu));
  o[4] = int(__reduce_max_sync(full, vu));
  o[5] = int(__reduce_and_sync(full, vu));
  o[6] = int(__reduce_or_sync(full, vu));
  o[7] = int(__reduce_xor_sync(full, vu));
  o[8] = kNone;
  if (lane % 2 == 0)
    o[8] = __reduce_min_sync(0x55555555u, vi);
  o[9] = kNone;
  if (lane >= 16)
    o[9] = int(__reduce_add_sync(0xffff0000u, vu));
  unsigned negative = __ballot_sync(full, vi < 0);
  o[10] = kNone;
  if (vi < 0)
    o[10] = __reduce_max_sync(negative, vi);
  o[11] = gpu::warp::reduce(vi, gpu::minimum{});
  o[12] = int(gpu::warp::reduce(vu, gpu::maximum{}));
  o[13] = gpu::warp::sum(vi);
  auto tile = cg::tiled_partition<32>(cg::this_thread_block());
  o[14] = cg::reduce(tile, vi, cg::greater<int>());
  o[15] = int(cg::reduce(tile, vu, cg::less<unsigned>()));
  o[16] = int(cg::reduce(tile, vu, cg::bit_xor<unsigned>()));
  o[17] = int(cg::reduce(tile, vu, cg::plus<unsigned>()));
  // Shuffles: a 64-bit sum, and int's min over unsigned values.
  o[18] = int(cg::reduce(tile, (long long)vi * 100000, cg::plus<long long>()) /
              1000);
  o[19] = int(cg::reduce(tile, vu, cg::less<int>()));
}

int main() {
  auto ctx = gpu::context::create(0).value();
  auto &s = ctx.default_stream();
  const int blocks = 2, threads = 96, n = blocks * threads;
  auto out = gpu::device_buffer<int>::zeroed(s, kOut * n).value();
  gpu::launch_unchecked<reductions>(s, gpu::launch_config_1d{blocks, threads},
                                    out)
      .value();
  auto got = out.to_host(s).value();

  int wrong = 0;
  for (int g = 0; g < n; ++g) {
    int first = g - g % 32, lane = g % 32;
    // op over value(lane) for the lanes of `mask`, in lane order.
    auto fold = [&](auto value, unsigned mask, auto op) {
      decltype(value(0u)) r = 0;
      bool any = false;
      for (int l = 0; l < 32; ++l)
        if (mask >> l & 1) {
          auto x = value(unsigned(first + l));
          r = any ? op(r, x) : x;
          any = true;
        }
      return r;
    };
    auto fold_i = [&](unsigned mask, auto op) {
      return fold(signed_value, mask, op);
    };
    auto fold_u = [&](unsigned mask, auto op) {
      return fold(unsigned_value, mask, op);
    };
    auto add = [](auto a, auto b) { return a + b; };
    auto mn = [](auto a, auto b) { return std::min(a, b); };
    auto mx = [](auto a, auto b) { return std::max(a, b); };
    const unsigned full = 0xffffffffu;
    unsigned negative = 0;
    for (int l = 0; l < 32; ++l)
      if (signed_value(unsigned(first + l)) < 0)
        negative |= 1u << l;
    long long wide = 0;
    for (int l = 0; l < 32; ++l)
      wide += (long long)signed_value(unsigned(first + l)) * 100000;
    int e[kOut];
    e[0] = fold_i(full, add);
    e[1] = fold_i(full, mn);
    e[2] = fold_i(full, mx);
    e[3] = int(fold_u(full, mn));
    e[4] = int(fold_u(full, mx));
    e[5] = int(fold_u(full, [](unsigned a, unsigned b) { return a & b; }));
    e[6] = int(fold_u(full, [](unsigned a, unsigned b) { return a | b; }));
    e[7] = int(fold_u(full, [](unsigned a, unsigned b) { return a ^ b; }));
    e[8] = lane % 2 == 0 ? fold_i(0x55555555u, mn) : kNone;
    e[9] = lane >= 16 ? int(fold_u(0xffff0000u, add)) : kNone;
    e[10] = negative >> lane & 1 ? fold_i(negative, mx) : kNone;
    e[11] = e[1];
    e[12] = e[4];
    e[13] = e[0];
    e[14] = e[2];
    e[15] = e[3];
    e[16] = e[7];
    e[17] = int(fold_u(full, add));
    e[18] = int(wide / 1000);
    e[19] = int(fold_u(full, [](unsigned a, unsigned b) {
      return unsigned(std::min(int(a), int(b)));
    }));
    for (int k = 0; k < kOut; ++k)
      if (got[kOut * g + k] != e[k]) {
        if (wrong < 8)
          std::printf("thread %d, result %d: %d, expected %d\n", g, k,
                      got[kOut * g + k], e[k]);
        ++wrong;
      }
  }
  int failures =
      check(wrong == 0, "warp reductions of 32-bit integers",
            std::to_string(wrong) + " wrong of " + std::to_string(kOut * n));
  if (failures == 0)
    std::printf("PASSED: all checks\n");
  return failures == 0 ? 0 : 1;
}
