// Cooperative groups beyond one warp: tiles of 64, 128 and 256 threads
// (ranks, shfl, any/all, reduce, scans, and their barrier used to exchange
// data through shared memory), coalesced_threads() in divergent code (the
// warp-aggregated atomic) and labeled_partition (per bucket), and grid.sync() in a cooperative launch, with
// its errors: a grid too large to be resident, a grid sync in a plain
// launch. On the CPU device the cooperative launch must be refused.
#include <gpu/cooperative_groups.hpp>
#include <gpu/gpu.hpp>

#include "check.hpp"

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

namespace cg = cooperative_groups;

constexpr int kResults = 10;
constexpr unsigned kThreads = 256, kBlocks = 2;

template <unsigned N>
[[gpu::kernel]] void big_tiles(const int *in, int *out) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<N> tile = cg::tiled_partition<N>(block);
  unsigned r = block.group_index().x * block.size() + block.thread_rank();
  int v = in[r];
  int *o = out + kResults * r;
  o[0] = int(tile.thread_rank());
  o[1] = int(tile.meta_group_rank() * 100 + tile.meta_group_size());
  o[2] = tile.shfl(v, 3);
  o[3] = tile.any(v == 7) + 2 * tile.all(v >= -3);
  o[4] = cg::reduce(tile, v, cg::plus<int>());
  o[5] = cg::reduce(tile, v, cg::less<int>());
  o[6] = cg::reduce(tile, v, cg::greater<int>());
  o[7] = cg::inclusive_scan(tile, v, cg::plus<int>());
  o[8] = cg::exclusive_scan(tile, v);
  // The barrier: values passed around the tile through shared memory,
  // each round reading what the next thread wrote before the sync.
  gpu::shared_array<int, kThreads> ring;
  int x = v;
  for (int round = 0; round < 5; ++round) {
    ring[block.thread_rank()] = x;
    tile.sync();
    unsigned next = block.thread_rank() - tile.thread_rank() +
                    (tile.thread_rank() + 1) % N;
    x = ring[next] + 1;
    tile.sync();
  }
  o[9] = x;
}

// Warp-aggregated atomics: the threads with a slot to fill take it with
// one atomic per coalesced group.
[[gpu::kernel]] void aggregated(unsigned *counter, unsigned *slots,
                                unsigned *sizes) {
  unsigned t = gpu::thread_idx().x + gpu::block_idx().x * gpu::block_dim().x;
  if (t % 3 == 0 || t % 7 == 1) {
    cg::coalesced_group g = cg::coalesced_threads();
    unsigned base = 0;
    if (g.thread_rank() == 0)
      base = gpu::atomic_add(counter, unsigned(g.size()));
    base = g.shfl(base, 0);
    slots[base + g.thread_rank()] = t + 1;
    // Every member agrees on its group's size.
    unsigned ones = cg::reduce(g, 1u, cg::plus<unsigned>());
    sizes[t] = ones == g.size() && g.thread_rank() < g.size() &&
                       g.ballot(1) == (g.size() == 32 ? ~0u
                                                      : (1u << g.size()) - 1)
                   ? 1u
                   : 100u;
  }
}

// The same per bucket: labeled_partition splits the coalesced group by
// bucket, and each part takes its slots with one atomic.
constexpr unsigned kBuckets = 4, kBucketSlots = 512;
[[gpu::kernel]] void bucketed(unsigned *counters, unsigned *slots) {
  unsigned t = gpu::thread_idx().x + gpu::block_idx().x * gpu::block_dim().x;
  if (t % 5 != 2) {
    unsigned bucket = t * 7 % kBuckets;
    cg::coalesced_group active = cg::coalesced_threads();
    cg::coalesced_group same = cg::labeled_partition(active, bucket);
    unsigned base = 0;
    if (same.thread_rank() == 0)
      base = gpu::atomic_add(&counters[bucket], unsigned(same.size()));
    base = same.shfl(base, 0);
    slots[bucket * kBucketSlots + base + same.thread_rank()] = t + 1;
  }
}

// Each block publishes a value, the grid syncs, each block reads its
// neighbour's: wrong unless every block arrived first. Five rounds.
[[gpu::kernel]] void grid_rounds(unsigned *board, unsigned *seen) {
  cg::grid_group grid = cg::this_grid();
  unsigned b = unsigned(grid.block_rank()), n = unsigned(grid.num_blocks());
  unsigned total = 0;
  for (unsigned round = 1; round <= 5; ++round) {
    if (gpu::thread_idx().x == 0)
      board[b] = b * 10 + round;
    grid.sync();
    total += board[(b + 1) % n];
    grid.sync();
  }
  if (gpu::thread_idx().x == 0)
    seen[b] = total * (grid.is_valid() ? 1 : 0);
}

namespace {

template <unsigned N> int model(const std::vector<int> &v, unsigned rank, int k) {
  unsigned tr = rank % N, first = rank - tr;
  auto at = [&](unsigned i) { return v[first + i]; };
  int sum = 0, lo = at(0), hi = at(0), inc = 0, exc = 0;
  bool any7 = false, all = true;
  for (unsigned i = 0; i < N; ++i) {
    sum += at(i);
    lo = std::min(lo, at(i));
    hi = std::max(hi, at(i));
    inc += i <= tr ? at(i) : 0;
    exc += i < tr ? at(i) : 0;
    any7 |= at(i) == 7;
    all &= at(i) >= -3;
  }
  switch (k) {
  case 0: return int(tr);
  case 1: return int(rank % kThreads / N * 100 + kThreads / N);
  case 2: return at(3);
  case 3: return int(any7) + 2 * int(all);
  case 4: return sum;
  case 5: return lo;
  case 6: return hi;
  case 7: return inc;
  case 8: return exc;
  default: return at((tr + 5) % N) + 5;
  }
}

template <unsigned N>
int run_tiles(gpu::stream &s, const std::vector<int> &host,
              gpu::device_buffer<int> &in) {
  auto out = gpu::device_buffer<int>::zeroed(s, kResults * kBlocks * kThreads)
                 .value();
  gpu::launch_unchecked<big_tiles<N>>(
      s, gpu::launch_config_1d{kBlocks, kThreads}, in, out)
      .value();
  auto got = out.to_host(s).value();
  int wrong = 0;
  for (unsigned t = 0; t < kBlocks * kThreads; ++t)
    for (int k = 0; k < kResults; ++k) {
      int e = model<N>(host, t, k), g = got[kResults * t + k];
      if (g != e && wrong++ < 4)
        std::printf("tile %u, thread %u, result %d: %d, expected %d\n", N, t,
                    k, g, e);
    }
  return check(wrong == 0,
               ("thread_block_tile<" + std::to_string(N) + ">").c_str(),
               std::to_string(wrong) + " wrong");
}

int run_aggregated(gpu::stream &s) {
  const unsigned threads = 128, blocks = 3, n = threads * blocks;
  auto counter = gpu::device_buffer<unsigned>::zeroed(s, 1).value();
  auto slots = gpu::device_buffer<unsigned>::zeroed(s, n).value();
  auto sizes = gpu::device_buffer<unsigned>::zeroed(s, n).value();
  gpu::launch_unchecked<aggregated>(s, gpu::launch_config_1d{blocks, threads},
                                    counter, slots, sizes)
      .value();
  unsigned count = counter.to_host(s).value()[0];
  auto got = slots.to_host(s).value();
  auto ok = sizes.to_host(s).value();
  std::vector<unsigned> expected, filled(got.begin(), got.begin() + count);
  int bad_sizes = 0;
  for (unsigned t = 0; t < n; ++t)
    if (t % 3 == 0 || t % 7 == 1) {
      expected.push_back(t + 1);
      bad_sizes += ok[t] != 1;
    }
  std::sort(filled.begin(), filled.end());
  return check(filled == expected && bad_sizes == 0,
               "coalesced_threads: aggregated atomics",
               std::to_string(count) + " slots taken for " +
                   std::to_string(expected.size()) + " threads, " +
                   std::to_string(bad_sizes) + " bad group views");
}

int run_bucketed(gpu::stream &s) {
  const unsigned threads = 128, blocks = 3;
  auto counters = gpu::device_buffer<unsigned>::zeroed(s, kBuckets).value();
  auto slots =
      gpu::device_buffer<unsigned>::zeroed(s, kBuckets * kBucketSlots).value();
  gpu::launch_unchecked<bucketed>(s, gpu::launch_config_1d{blocks, threads},
                                  counters, slots)
      .value();
  auto count = counters.to_host(s).value();
  auto got = slots.to_host(s).value();
  int wrong = 0;
  for (unsigned b = 0; b < kBuckets; ++b) {
    std::vector<unsigned> expected;
    for (unsigned t = 0; t < threads * blocks; ++t)
      if (t % 5 != 2 && t * 7 % kBuckets == b)
        expected.push_back(t + 1);
    std::vector<unsigned> filled(got.begin() + b * kBucketSlots,
                                 got.begin() + b * kBucketSlots + count[b]);
    std::sort(filled.begin(), filled.end());
    wrong += filled != expected;
  }
  return check(wrong == 0, "labeled_partition: aggregated atomics per bucket",
               std::to_string(wrong) + " buckets wrong");
}

int run_grid(gpu::context &ctx, gpu::stream &s) {
  const unsigned threads = 128;
  // As CUDA code sizes the grid: all the blocks that can be resident.
  int per_sm = 0;
  gpu::max_active_blocks_per_multiprocessor<grid_rounds>(&per_sm, threads)
      .value();
  unsigned blocks = unsigned(ctx.device().multiprocessor_count() * per_sm);
  std::printf("%d blocks per multiprocessor\n", per_sm);
  auto board = gpu::device_buffer<unsigned>::zeroed(s, blocks).value();
  auto seen = gpu::device_buffer<unsigned>::zeroed(s, blocks).value();
  auto launched = gpu::launch_unchecked<grid_rounds>(
      s, gpu::cooperative(gpu::launch_config_1d{blocks, threads}), board, seen);
  if (ctx.device().is_cpu()) {
    return check(!launched, "cooperative launch refused on the CPU device",
                 describe(launched));
  }
  launched.value();
  auto got = seen.to_host(s).value();
  int wrong = 0;
  for (unsigned b = 0; b < blocks; ++b) {
    unsigned next = (b + 1) % blocks, e = 0;
    for (unsigned round = 1; round <= 5; ++round)
      e += next * 10 + round;
    wrong += got[b] != e;
  }
  int failures = check(wrong == 0, "grid.sync() over a cooperative launch",
                       std::to_string(wrong) + " blocks saw stale values");
  // More blocks than can be resident: refused before the launch.
  gpu::launch_config_1d too_many{blocks + 1, threads};
  too_many.cooperative = true;
  auto refused = gpu::launch_unchecked<grid_rounds>(s, too_many, board, seen);
  failures += check(!refused, "oversized cooperative launch refused",
                    describe(refused));
  return failures;
}

// grid.sync() in a plain launch: refused before it runs (the compiler
// marks the kernel; on the GPU the driver may give a plain launch a
// workspace too, and the sync would then hang or race, as in CUDA).
int run_plain_launch(gpu::stream &s) {
  auto board = gpu::device_buffer<unsigned>::zeroed(s, 1).value();
  auto seen = gpu::device_buffer<unsigned>::zeroed(s, 1).value();
  auto launched = gpu::launch_unchecked<grid_rounds>(
      s, gpu::launch_config_1d{1, 32}, board, seen);
  return check(!launched &&
                   launched.error().name() == "ALLOY_ERROR_INVALID_CONFIG" &&
                   launched.error().message().find("cooperative = true") !=
                       std::string::npos,
               "grid.sync() in a plain launch is refused", describe(launched));
}

} // namespace

int main() {
  auto ctx = gpu::context::create(0).value();
  auto &s = ctx.default_stream();
  std::printf("device: %s\n", ctx.device().name().c_str());
  std::vector<int> host(kBlocks * kThreads);
  for (size_t i = 0; i < host.size(); ++i)
    host[i] = int((i * 37 + 11) % 23) - (i % 5 == 0 ? 3 : 0);
  auto in = gpu::device_buffer<int>::from_host(s, host).value();
  int failures = 0;
  failures += run_tiles<64>(s, host, in);
  failures += run_tiles<128>(s, host, in);
  failures += run_tiles<256>(s, host, in);
  failures += run_aggregated(s);
  failures += run_bucketed(s);
  failures += run_grid(ctx, s);
  failures += run_plain_launch(s);
  if (failures == 0)
    std::printf("PASSED: all checks\n");
  return failures == 0 ? 0 : 1;
}
