// CUDA's cooperative groups as ported code uses them (namespace cg =
// cooperative_groups): the block, tiles of 4, 8, 16 and 32 threads with
// their ranks, shuffles, votes, reductions and scans, a run-time tile, and
// the block's reduce and scans; each result checked against a host model.
#include <gpu/cooperative_groups.hpp>
#include <gpu/gpu.hpp>

#include "check.hpp"

#include <algorithm>
#include <cstdio>
#include <vector>

namespace cg = cooperative_groups;

constexpr int kResults = 13;

template <unsigned N>
[[gpu::kernel]] void tiles(const int *in, int *out) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<N> tile = cg::tiled_partition<N>(block);
  int v = in[block.group_index().x * block.size() + block.thread_rank()];
  int *o = out + kResults * (block.group_index().x * block.size() +
                             block.thread_rank());
  o[0] = int(tile.thread_rank());
  o[1] = int(tile.meta_group_rank() * 100 + tile.meta_group_size());
  o[2] = tile.shfl(v, 1);
  o[3] = tile.shfl_down(v, 1);
  o[4] = tile.shfl_up(v, 2);
  o[5] = tile.shfl_xor(v, N / 2);
  o[6] = int(tile.ballot(v % 2 == 0));
  o[7] = tile.any(v == 7) + 2 * tile.all(v >= 0);
  o[8] = cg::reduce(tile, v, cg::plus<int>());
  o[9] = cg::reduce(tile, v, cg::less<int>());
  o[10] = cg::reduce(tile, v, cg::greater<int>());
  o[11] = cg::inclusive_scan(tile, v, cg::plus<int>());
  o[12] = cg::exclusive_scan(tile, v);
  tile.sync();
}

[[gpu::kernel]] void whole_block(const int *in, int *out) {
  auto block = cg::this_thread_block();
  unsigned r = block.thread_rank();
  int v = in[r];
  int *o = out + 4 * r;
  o[0] = cg::reduce(block, v, cg::plus<int>());
  o[1] = cg::inclusive_scan(block, v);
  o[2] = cg::exclusive_scan(block, v);
  cg::thread_group group = cg::tiled_partition(block, 16);
  group.sync();
  cg::sync(block);
  o[3] = int(group.thread_rank() * 100 + group.size());
}

namespace {

// CUDA's results for one tile of N threads with values `v` (rank order).
template <unsigned N>
int model(const std::vector<int> &v, unsigned block_size, unsigned rank,
          int k) {
  unsigned r = rank % N, first = rank - r;
  auto at = [&](unsigned tr) { return v[first + tr]; };
  int sum = 0, lo = at(0), hi = at(0), inc = 0, exc = 0;
  unsigned ballot = 0;
  bool any7 = false, allpos = true;
  for (unsigned t = 0; t < N; ++t) {
    sum += at(t);
    lo = std::min(lo, at(t));
    hi = std::max(hi, at(t));
    if (t <= r)
      inc += at(t);
    if (t < r)
      exc += at(t);
    ballot |= unsigned(at(t) % 2 == 0) << t;
    any7 |= at(t) == 7;
    allpos &= at(t) >= 0;
  }
  switch (k) {
  case 0: return int(r);
  case 1: return int(rank / N * 100 + (block_size + N - 1) / N);
  case 2: return at(1 % N);
  case 3: return r + 1 < N ? at(r + 1) : at(r);
  case 4: return r >= 2 ? at(r - 2) : at(r);
  case 5: return at(r ^ (N / 2));
  case 6: return int(ballot);
  case 7: return int(any7) + 2 * int(allpos);
  case 8: return sum;
  case 9: return lo;
  case 10: return hi;
  case 11: return inc;
  default: return r == 0 ? 0 : exc;
  }
}

template <unsigned N>
int run_tiles(gpu::stream &s, const std::vector<int> &host,
              gpu::device_buffer<int> &in) {
  const unsigned blocks = 3, threads = 64;
  auto out =
      gpu::device_buffer<int>::zeroed(s, kResults * blocks * threads).value();
  gpu::launch_unchecked<tiles<N>>(s, gpu::launch_config_1d{blocks, threads},
                                  in, out)
      .value();
  auto got = out.to_host(s).value();
  int wrong = 0;
  for (unsigned b = 0; b < blocks; ++b) {
    std::vector<int> v(host.begin() + b * threads,
                       host.begin() + (b + 1) * threads);
    for (unsigned t = 0; t < threads; ++t)
      for (int k = 0; k < kResults; ++k) {
        int e = model<N>(v, threads, t, k);
        int g = got[kResults * (b * threads + t) + k];
        if (g != e && wrong++ < 4)
          std::printf("tile %u, block %u, thread %u, result %d: %d, expected "
                      "%d\n",
                      N, b, t, k, g, e);
      }
  }
  return check(wrong == 0,
               ("thread_block_tile<" + std::to_string(N) + ">").c_str(),
               std::to_string(wrong) + " wrong");
}

} // namespace

int main() {
  auto ctx = gpu::context::create(0).value();
  auto &s = ctx.default_stream();
  std::vector<int> host(3 * 64);
  for (size_t i = 0; i < host.size(); ++i)
    host[i] = int((i * 37 + 11) % 23) - (i % 5 == 0 ? 3 : 0);
  auto in = gpu::device_buffer<int>::from_host(s, host).value();
  int failures = 0;
  failures += run_tiles<4>(s, host, in);
  failures += run_tiles<8>(s, host, in);
  failures += run_tiles<16>(s, host, in);
  failures += run_tiles<32>(s, host, in);
  { // the whole block (96 threads: three warps)
    const unsigned threads = 96;
    auto out = gpu::device_buffer<int>::zeroed(s, 4 * threads).value();
    gpu::launch_unchecked<whole_block>(s, gpu::launch_config_1d{1, threads},
                                       in, out)
        .value();
    auto got = out.to_host(s).value();
    int sum = 0, wrong = 0;
    for (unsigned t = 0; t < threads; ++t)
      sum += host[t];
    int inc = 0;
    for (unsigned t = 0; t < threads; ++t) {
      int exc = inc;
      inc += host[t];
      int e[4] = {sum, inc, exc, int(t % 16 * 100 + 16)};
      for (int k = 0; k < 4; ++k)
        wrong += got[4 * t + k] != e[k];
    }
    failures += check(wrong == 0, "thread_block reduce, scans, thread_group",
                      std::to_string(wrong) + " wrong");
  }
  if (failures == 0)
    std::printf("PASSED: all checks\n");
  return failures == 0 ? 0 : 1;
}
