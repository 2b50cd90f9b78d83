// Multicast TMA loads and cross-block mbarrier arrivals on the GPU (sm_90):
// clusters of 4 blocks share one 64 x 32 tile per round, each block loading
// a quarter (16 rows) and multicasting it to all four (mask 0xf), so every
// block receives the whole tile and expects all its bytes on its own
// mbarrier. Three rounds reuse the one buffer: a block refills the others'
// buffers only after all four have handed the round back, each arriving
// on every block's `empty` mbarrier (mbarrier::arrive_cluster). Each block
// copies out what it received; the host compares it with the tile.
#include <gpu/cluster.hpp>
#include <gpu/gpu.hpp>
#include <gpu/hopper.hpp>
#include <gpu/tma.hpp>

#include "check.hpp"

#include <cstdio>
#include <string>
#include <vector>

namespace kernels {
constexpr uint32_t kBlock = 128, kCluster = 4, kClusters = 2, kRounds = 3;
constexpr int32_t kCols = 32, kRows = 64, kPart = kRows / int32_t(kCluster);
constexpr uint32_t kTileBytes = kRows * kCols * sizeof(float);

[[gpu::kernel, gpu::cluster_dims(kCluster), gpu::launch_contract(1, kBlock)]]
void multicast_rounds(const gpu::tensor_map<float, 2> map, float *out) {
  [[gpu::shared]] alignas(128) float tile[kRows * kCols];
  [[gpu::shared]] gpu::mbarrier full;
  [[gpu::shared]] gpu::mbarrier empty;
  const uint32_t t = gpu::thread_idx().x, b = gpu::block_idx().x;
  const uint32_t rank = gpu::cluster::block_rank();
  const int32_t cluster = int32_t(gpu::cluster::index().x);
  if (t == 0) {
    full.init(1);
    empty.init(kCluster); // one arrival from each block of the cluster
    gpu::fence_mbarrier_init();
  }
  gpu::cluster::sync(); // every block's mbarriers exist before any copy
  for (uint32_t k = 0; k < kRounds; ++k) {
    if (t == 0) {
      if (k > 0) // all four blocks are done with round k - 1
        empty.wait_parity((k - 1) & 1u);
      full.arrive_expect_tx(kTileBytes); // the four quarters, from all
      const int32_t row = (int32_t(k) * int32_t(kClusters) + cluster) * kRows +
                          int32_t(rank) * kPart;
      gpu::tma::load_multicast(tile + rank * kPart * kCols, map, 0, row, full,
                               uint16_t((1u << kCluster) - 1));
    }
    full.wait_parity(k & 1u);
    for (uint32_t i = t; i < uint32_t(kRows * kCols); i += kBlock)
      out[(size_t(k) * kClusters * kCluster + b) * kRows * kCols + i] =
          tile[i];
    gpu::sync_threads(); // the whole block has read the tile
    if (t == 0)
      for (uint32_t r = 0; r < kCluster; ++r)
        empty.arrive_cluster(r);
  }
  gpu::cluster::sync(); // no block leaves while others still signal it
}
} // namespace kernels

int main() {
  using namespace kernels;
  auto ctx = gpu::context::create(0);
  if (!ctx) {
    std::fprintf(stderr, "%s\n", ctx.error().message().c_str());
    return 2;
  }
  auto &s = ctx->default_stream();
  const size_t rows = size_t(kRounds) * kClusters * kRows;
  std::vector<float> host(rows * kCols);
  for (size_t i = 0; i < host.size(); ++i)
    host[i] = float(i % 9973) + 0.25f;
  auto src = gpu::device_buffer<float>::from_host(s, host).value();
  const size_t blocks = size_t(kClusters) * kCluster;
  auto out = gpu::device_buffer<float>::zeroed(
                 s, size_t(kRounds) * blocks * kRows * kCols)
                 .value();
  auto map = gpu::tensor_map<float, 2>::tiled(
      src, {uint64_t(kCols), uint64_t(rows)},
      {uint32_t(kCols), uint32_t(kPart)}, gpu::tma_swizzle::none);
  int failures = check(bool(map), "tma multicast: tensor map", describe(map));
  if (!map)
    return 1;
  auto p = gpu::prepare<multicast_rounds>(
      *ctx, gpu::launch_config_1d{uint32_t(blocks), kBlock});
  failures += check(bool(p), "tma multicast: prepare", describe(p));
  if (!p)
    return 1;
  auto launched = gpu::launch(s, *p, *map, out);
  failures +=
      check(bool(launched), "tma multicast: launch", describe(launched));
  auto got = out.to_host(s);
  failures += check(bool(got), "tma multicast: kernel", describe(got));
  if (!got)
    return 1;
  int wrong = 0;
  std::string first;
  for (uint32_t k = 0; k < kRounds; ++k)
    for (size_t b = 0; b < blocks; ++b)
      for (size_t i = 0; i < size_t(kRows) * kCols; ++i) {
        const size_t tile_row = (size_t(k) * kClusters + b / kCluster) * kRows;
        const float want = host[tile_row * kCols + i];
        const float have = (*got)[(k * blocks + b) * kRows * kCols + i];
        if (have != want && wrong++ == 0)
          first = "round " + std::to_string(k) + " block " +
                  std::to_string(b) + " element " + std::to_string(i) +
                  ": " + std::to_string(have) + ", expected " +
                  std::to_string(want);
      }
  failures += check(wrong == 0,
                    "tma multicast: 3 rounds x 8 blocks, each received its "
                    "cluster's whole tile",
                    wrong == 0 ? "all elements equal"
                               : std::to_string(wrong) + " wrong, first " +
                                     first);
  if (failures) {
    std::printf("FAILED: %d checks\n", failures);
    return 1;
  }
  std::printf("PASSED: all checks\n");
}
