// Thread-block clusters on the GPU (sm_90): the cluster registers, the
// cluster barrier and distributed shared memory. Three kernels: pairs of
// blocks (cluster_dims(2)) that read each other's shared tile through
// gpu::cluster::map; 2 x 2 clusters of a 2-D grid whose blocks check their
// position in the cluster; and clusters of 4 whose blocks add into a
// counter in block 0's shared memory with atomics through the mapped
// pointer. Then the runtime's check that a grid is whole clusters.
#include <gpu/cluster.hpp>
#include <gpu/gpu.hpp>

#include "check.hpp"

#include <cstdio>
#include <string>
#include <vector>

namespace kernels {
constexpr uint32_t kBlock = 128;

[[gpu::kernel, gpu::cluster_dims(2), gpu::launch_contract(1, kBlock)]]
void pairs(uint32_t *out, uint32_t *regs) {
  [[gpu::shared]] uint32_t tile[kBlock];
  uint32_t t = gpu::thread_idx().x, b = gpu::block_idx().x;
  uint32_t rank = gpu::cluster::block_rank();
  tile[t] = b * 1000 + t;
  gpu::cluster::sync(); // every tile of the cluster is written
  const uint32_t *peer = gpu::cluster::map(tile, rank ^ 1);
  out[b * kBlock + t] = peer[t];
  if (t == 0) {
    uint32_t *r = regs + b * 6;
    r[0] = rank;
    r[1] = gpu::cluster::num_blocks();
    r[2] = gpu::cluster::block_index().x;
    r[3] = gpu::cluster::dims().x;
    r[4] = gpu::cluster::index().x;
    r[5] = gpu::cluster::grid_dims().x;
  }
  gpu::cluster::sync(); // the peer is done reading before this block exits
}

[[gpu::kernel, gpu::cluster_dims(2, 2), gpu::launch_contract(2, 32, 1)]]
void squares(uint32_t *bad) {
  gpu::dim3 in = gpu::cluster::block_index();
  gpu::dim3 cl = gpu::cluster::index();
  uint32_t bx = gpu::block_idx().x, by = gpu::block_idx().y;
  bool ok = in.x == bx % 2 && in.y == by % 2 && in.z == 0 &&
            cl.x == bx / 2 && cl.y == by / 2 &&
            gpu::cluster::block_rank() == in.x + 2 * in.y &&
            gpu::cluster::num_blocks() == 4 && gpu::cluster::dims().y == 2;
  if (gpu::thread_idx().x == 0 && !ok)
    gpu::atomic_add(bad, 1u);
}

[[gpu::kernel, gpu::cluster_dims(4), gpu::launch_contract(1, kBlock)]]
void cluster_count(uint32_t *sums) {
  [[gpu::shared]] uint32_t counter;
  if (gpu::thread_idx().x == 0)
    counter = 0;
  gpu::cluster::sync(); // block 0's counter is zero before anyone adds
  uint32_t *leader = gpu::cluster::map(&counter, 0);
  gpu::atomic_add(leader, gpu::cluster::block_rank() + 1);
  gpu::cluster::sync(); // every addition is in
  if (gpu::cluster::block_rank() == 0 && gpu::thread_idx().x == 0)
    sums[gpu::cluster::index().x] = counter;
}
} // namespace kernels

int main() {
  auto ctx = gpu::context::create(0);
  if (!ctx) {
    std::fprintf(stderr, "%s\n", ctx.error().message().c_str());
    return 2;
  }
  using namespace kernels;
  auto &s = ctx->default_stream();
  int failures = 0;

  const uint32_t blocks = 8;
  auto out = gpu::device_buffer<uint32_t>::zeroed(s, blocks * kBlock).value();
  auto regs = gpu::device_buffer<uint32_t>::zeroed(s, blocks * 6).value();
  auto p = gpu::prepare<pairs>(*ctx, gpu::launch_config_1d{blocks, kBlock});
  failures += check(bool(p), "cluster pairs: prepare", describe(p));
  if (p) {
    auto launched = gpu::launch(s, *p, out, regs);
    failures += check(bool(launched), "cluster pairs: launch",
                      describe(launched));
    auto o = out.to_host(s).value();
    auto r = regs.to_host(s).value();
    int wrong = 0, wrong_regs = 0;
    for (uint32_t b = 0; b < blocks; ++b) {
      for (uint32_t t = 0; t < kBlock; ++t)
        wrong += o[b * kBlock + t] != (b ^ 1) * 1000 + t;
      const uint32_t want[6] = {b % 2, 2, b % 2, 2, b / 2, blocks / 2};
      for (int i = 0; i < 6; ++i)
        wrong_regs += r[b * 6 + i] != want[i];
    }
    failures += check(wrong == 0, "cluster pairs: the peer's shared tile",
                      std::to_string(wrong) + " of " +
                          std::to_string(blocks * kBlock) + " wrong");
    failures += check(wrong_regs == 0, "cluster pairs: cluster registers",
                      std::to_string(wrong_regs) + " of " +
                          std::to_string(blocks * 6) + " wrong");
  }

  auto bad = gpu::device_buffer<uint32_t>::zeroed(s, 1).value();
  auto q = gpu::prepare<squares>(
      *ctx, gpu::launch_config_2d{gpu::dim2{4, 6}, gpu::dim2{32, 1}});
  failures += check(bool(q), "cluster squares: prepare", describe(q));
  if (q) {
    auto launched = gpu::launch(s, *q, bad);
    failures += check(bool(launched), "cluster squares: launch",
                      describe(launched));
    uint32_t n = bad.to_host(s).value()[0];
    failures += check(n == 0, "cluster squares: 2 x 2 cluster positions",
                      std::to_string(n) + " of 24 blocks wrong");
  }

  const uint32_t clusters = 16;
  auto sums = gpu::device_buffer<uint32_t>::zeroed(s, clusters).value();
  auto c = gpu::prepare<cluster_count>(
      *ctx, gpu::launch_config_1d{clusters * 4, kBlock});
  failures += check(bool(c), "cluster atomics: prepare", describe(c));
  if (c) {
    auto launched = gpu::launch(s, *c, sums);
    failures += check(bool(launched), "cluster atomics: launch",
                      describe(launched));
    auto h = sums.to_host(s).value();
    int wrong = 0;
    for (uint32_t v : h)
      wrong += v != kBlock * (1 + 2 + 3 + 4);
    failures += check(wrong == 0,
                      "cluster atomics: additions into block 0's shared "
                      "counter",
                      std::to_string(wrong) + " of " +
                          std::to_string(clusters) + " clusters wrong");
  }

  // A grid that is not whole clusters is refused before the launch.
  auto odd = gpu::prepare<pairs>(*ctx, gpu::launch_config_1d{3, kBlock});
  failures += check(!odd && odd.error().message().find(
                                "is not a multiple of its cluster's 2 blocks") !=
                                std::string::npos,
                    "cluster pairs: a grid of 3 blocks is refused",
                    describe(odd));

  if (failures) {
    std::printf("FAILED: %d checks\n", failures);
    return 1;
  }
  std::printf("PASSED: all checks\n");
}
