// The CPU device's runtime (runtime/cpu/): kernels here are host functions
// registered through hand-written metadata (no plugin), run by
// gpu::context::create_cpu().
#include "fake_driver.hpp"

#include <gpu/gpu.hpp>

#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <numeric>
#include <vector>

namespace cd {
// Each thread writes its global index and its lane.
[[gpu::kernel, gpu::launch_contract(1, 64)]] void ids(uint32_t *out) {
  uint32_t i = gpu::block_idx().x * gpu::block_dim().x + gpu::thread_idx().x;
  out[2 * i] = i;
  out[2 * i + 1] = gpu::warp::lane_id();
}
// Thread t reads what thread t+1 wrote before the barrier (the neighbour's
// slot in a global array: without the barrier it could still be 0).
[[gpu::kernel, gpu::launch_contract(1, 64)]] void neighbours(uint32_t *tmp,
                                                               uint32_t *out) {
  uint32_t t = gpu::thread_idx().x;
  tmp[t] = t + 1;
  gpu::sync_threads();
  out[t] = tmp[(t + 1) % 64];
}
// Warp operations: a butterfly sum, a ballot of odd lanes, shfl_down.
[[gpu::kernel, gpu::launch_contract(1, 64)]] void warps(uint32_t *out) {
  uint32_t t = gpu::thread_idx().x, lane = gpu::warp::lane_id();
  out[3 * t] = gpu::warp::sum(t);
  out[3 * t + 1] = gpu::warp::ballot(lane % 2 == 1);
  out[3 * t + 2] = gpu::warp::shfl_down(t, 1);
}
[[gpu::kernel, gpu::launch_contract(1, 64)]] void traps(uint32_t *out) {
  if (gpu::block_idx().x == 7 && gpu::thread_idx().x == 5)
    gpu::trap();
  out[gpu::thread_idx().x] = 1;
}
[[gpu::kernel, gpu::launch_contract(1, 64)]] void counts(uint32_t *out) {
  gpu::atomic_add(out, 1u);
}
// Each thread writes its block's coordinates and its own, packed, at its
// global rank: the blocks of a 3-D grid, run in ranges, in order.
[[gpu::kernel]] void coords(uint32_t *out) {
  auto b = gpu::block_idx(), t = gpu::thread_idx(), gd = gpu::grid_dim(),
       bd = gpu::block_dim();
  uint32_t block = b.x + gd.x * (b.y + gd.y * b.z);
  uint32_t thread = t.x + bd.x * (t.y + bd.y * t.z);
  out[block * bd.x * bd.y * bd.z + thread] =
      b.x | b.y << 4 | b.z << 8 | t.x << 12 | t.y << 16 | t.z << 20;
}
} // namespace cd

namespace {

const void *const functions[] = {reinterpret_cast<const void *>(&cd::ids),
                                 reinterpret_cast<const void *>(&cd::neighbours),
                                 reinterpret_cast<const void *>(&cd::warps),
                                 reinterpret_cast<const void *>(&cd::traps),
                                 reinterpret_cast<const void *>(&cd::counts),
                                 reinterpret_cast<const void *>(&cd::coords)};
const char metadata[] = "arch sm_80\n"
                        "kernel ids_entry cd::ids\n"
                        "independent\n"
                        "contract 1 64 1 1\n"
                        "param out raw_output 8 0:8\n"
                        "kernel neighbours_entry cd::neighbours\n"
                        "contract 1 64 1 1\n"
                        "param tmp raw_output 8 0:8\n"
                        "param out raw_output 8 0:8\n"
                        "kernel warps_entry cd::warps\n"
                        "contract 1 64 1 1\n"
                        "param out raw_output 8 0:8\n"
                        "kernel traps_entry cd::traps\n"
                        "independent\n"
                        "contract 1 64 1 1\n"
                        "param out raw_output 8 0:8\n"
                        "kernel counts_entry cd::counts\n"
                        "independent\n"
                        "contract 1 64 1 1\n"
                        "param out raw_output 8 0:8\n"
                        "kernel coords_entry cd::coords\n"
                        "independent\n"
                        "param out raw_output 8 0:8\n";

class CpuDevice : public ::testing::Test {
protected:
  static void SetUpTestSuite() {
    static const alloy_module_image image =
        alloy_test::make_image(metadata, 6, functions);
    __alloy_register_module(&image);
  }
};

TEST_F(CpuDevice, DescribesItself) {
  auto ctx = gpu::context::create_cpu().value();
  EXPECT_TRUE(ctx.device().is_cpu());
  EXPECT_NE(ctx.device().name().find("CPU device"), std::string::npos);
  EXPECT_EQ(ctx.device().compute_capability().major, 0);
  EXPECT_EQ(ctx.device().max_threads_per_block(), 1024);
  EXPECT_GT(ctx.device().total_memory(), 0u);
}

TEST_F(CpuDevice, IndependentThreadsGetTheirIndices) {
  auto ctx = gpu::context::create_cpu().value();
  auto &s = ctx.default_stream();
  auto out = gpu::device_buffer<uint32_t>::zeroed(s, 2 * 640).value();
  auto p = gpu::prepare<cd::ids>(ctx, gpu::launch_config_1d{10, 64}).value();
  gpu::launch(s, p, out).value();
  auto host = out.to_host(s).value();
  for (uint32_t i = 0; i < 640; ++i) {
    EXPECT_EQ(host[2 * i], i);
    EXPECT_EQ(host[2 * i + 1], i % 64 % 32);
  }
}

TEST_F(CpuDevice, BlocksOfA3DGridInRanges) {
  auto ctx = gpu::context::create_cpu().value();
  auto &s = ctx.default_stream();
  const uint32_t gx = 5, gy = 3, gz = 7, bx = 4, by = 2, bz = 3;
  const uint32_t n = gx * gy * gz * bx * by * bz;
  auto out = gpu::device_buffer<uint32_t>::zeroed(s, n).value();
  gpu::launch_config_3d cfg{{gx, gy, gz}, {bx, by, bz}};
  gpu::launch_unchecked<cd::coords>(s, cfg, out).value();
  auto host = out.to_host(s).value();
  uint32_t i = 0;
  for (uint32_t z = 0; z < gz; ++z)
    for (uint32_t y = 0; y < gy; ++y)
      for (uint32_t x = 0; x < gx; ++x)
        for (uint32_t tz = 0; tz < bz; ++tz)
          for (uint32_t ty = 0; ty < by; ++ty)
            for (uint32_t tx = 0; tx < bx; ++tx, ++i)
              ASSERT_EQ(host[i], x | y << 4 | z << 8 | tx << 12 | ty << 16 |
                                     tz << 20)
                  << i;
}

TEST_F(CpuDevice, BarrierOrdersTheBlock) {
  auto ctx = gpu::context::create_cpu().value();
  auto &s = ctx.default_stream();
  auto tmp = gpu::device_buffer<uint32_t>::zeroed(s, 64).value();
  auto out = gpu::device_buffer<uint32_t>::zeroed(s, 64).value();
  auto p =
      gpu::prepare<cd::neighbours>(ctx, gpu::launch_config_1d{1, 64}).value();
  gpu::launch(s, p, tmp, out).value();
  auto host = out.to_host(s).value();
  for (uint32_t t = 0; t < 64; ++t)
    EXPECT_EQ(host[t], (t + 1) % 64 + 1) << t;
}

TEST_F(CpuDevice, WarpOperations) {
  auto ctx = gpu::context::create_cpu().value();
  auto &s = ctx.default_stream();
  auto out = gpu::device_buffer<uint32_t>::zeroed(s, 3 * 64).value();
  auto p = gpu::prepare<cd::warps>(ctx, gpu::launch_config_1d{1, 64}).value();
  gpu::launch(s, p, out).value();
  auto host = out.to_host(s).value();
  for (uint32_t t = 0; t < 64; ++t) {
    uint32_t warp = t / 32 * 32;
    EXPECT_EQ(host[3 * t], 32 * warp + 31 * 32 / 2) << t; // sum of the warp
    EXPECT_EQ(host[3 * t + 1], 0xaaaaaaaau) << t;
    // shfl_down by 1: the next lane's value; the last lane keeps its own.
    EXPECT_EQ(host[3 * t + 2], t % 32 == 31 ? t : t + 1) << t;
  }
}

// Blocks run on several workers at once: atomics must be real ones.
TEST_F(CpuDevice, AtomicsAcrossWorkers) {
  auto ctx = gpu::context::create_cpu().value();
  auto &s = ctx.default_stream();
  auto out = gpu::device_buffer<uint32_t>::zeroed(s, 1).value();
  auto p =
      gpu::prepare<cd::counts>(ctx, gpu::launch_config_1d{500, 64}).value();
  for (int i = 0; i < 4; ++i)
    gpu::launch(s, p, out).value();
  EXPECT_EQ(out.to_host(s).value()[0], 4u * 500 * 64);
}

TEST_F(CpuDevice, EnvironmentChoosesIt) {
  setenv("ALLOY_DEVICE", "cpu", 1);
  auto ctx = gpu::context::create(0);
  unsetenv("ALLOY_DEVICE");
  ASSERT_TRUE(ctx) << ctx.error().message();
  EXPECT_TRUE(ctx->device().is_cpu());
}

// Last: the fault is sticky for the whole (process-wide) CPU device, as a
// GPU's for its primary context; ctest runs each test in its own process.
TEST_F(CpuDevice, TrapIsAStickyFaultNamingTheThread) {
  auto ctx = gpu::context::create_cpu().value();
  auto &s = ctx.default_stream();
  auto out = gpu::device_buffer<uint32_t>::zeroed(s, 64).value();
  auto p = gpu::prepare<cd::traps>(ctx, gpu::launch_config_1d{10, 64}).value();
  gpu::launch(s, p, out).value();
  auto r = s.synchronize();
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().name(), "CUDA_ERROR_LAUNCH_FAILED");
  EXPECT_NE(r.error().message().find("block (7, 0, 0), thread (5, 0, 0): gpu::trap()"),
            std::string::npos)
      << r.error().message();
  EXPECT_FALSE(s.synchronize()); // sticky
}

} // namespace
