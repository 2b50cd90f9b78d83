// Device attributes and occupancy (stand-in driver: an A100-like device).
#include "fake_driver.hpp"

#include <gpu/gpu.hpp>

namespace dk {
[[gpu::kernel, gpu::launch_contract(1, 256)]] void
work(gpu::disjoint_span<float> out) {}
} // namespace dk

namespace {

const void *const functions[] = {reinterpret_cast<const void *>(&dk::work)};
const char metadata[] = "arch sm_80\n"
                        "kernel work_entry dk::work\n"
                        "contract 1 256 1 1\n"
                        "param out output 16 0:8,8:8\n";

class DeviceProperties : public alloy_test::FakeDriverBase {
protected:
  void SetUp() override {
    FakeDriverBase::SetUp();
    static const alloy_module_image image =
        alloy_test::make_image(metadata, 1, functions);
    __alloy_register_module(&image);
  }
};

TEST_F(DeviceProperties, EveryAttribute) {
  auto p = gpu::device_properties::query(0).value();
  EXPECT_EQ(p.ordinal, 0);
  EXPECT_EQ(p.name, "Fake GPU");
  EXPECT_EQ(p.compute_capability, (gpu::sm_version{8, 0}));
  EXPECT_EQ(p.multiprocessor_count, 108);
  EXPECT_EQ(p.warp_size, 32);
  EXPECT_EQ(p.max_threads_per_block, 1024);
  EXPECT_EQ(p.max_threads_per_multiprocessor, 2048);
  EXPECT_EQ(p.max_blocks_per_multiprocessor, 32);
  EXPECT_EQ(p.registers_per_block, 65536);
  EXPECT_EQ(p.registers_per_multiprocessor, 65536);
  EXPECT_EQ(p.shared_memory_per_block, 49152u);
  EXPECT_EQ(p.shared_memory_per_block_optin, 166912u);
  EXPECT_EQ(p.shared_memory_per_multiprocessor, 167936u);
  EXPECT_EQ(p.l2_cache_bytes, 40u << 20);
  EXPECT_EQ(p.clock_rate_khz, 1410000);
  EXPECT_EQ(p.memory_clock_rate_khz, 1215000);
  EXPECT_EQ(p.memory_bus_width_bits, 5120);
  EXPECT_EQ(p.total_memory, 1u << 30);
  EXPECT_NEAR(p.peak_memory_bandwidth_gb_s(), 1555.2, 0.01);
  auto ctx = gpu::context::create().value();
  auto same = ctx.properties().value();
  EXPECT_EQ(same.name, p.name);
  EXPECT_EQ(same.l2_cache_bytes, p.l2_cache_bytes);
}

TEST_F(DeviceProperties, Errors) {
  auto missing = gpu::device_properties::query(2);
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().name(), "CUDA_ERROR_INVALID_DEVICE");
  EXPECT_NE(missing.error().message().find("there is no CUDA device 2"),
            std::string::npos);
  EXPECT_FALSE(gpu::device_properties::query(-1));
  fail_next("cuDeviceGetAttribute", 101);
  auto failed = gpu::device_properties::query(0);
  ASSERT_FALSE(failed);
  EXPECT_NE(failed.error().message().find("of device 0 "
                                          "(cuDeviceGetAttribute)"),
            std::string::npos)
      << failed.error().message();
  auto ctx = gpu::context::create().value();
  gpu::context gone = std::move(ctx);
  auto empty = ctx.properties();
  ASSERT_FALSE(empty);
  EXPECT_EQ(empty.error().code(), gpu::errc::invalid_handle);
}

TEST_F(DeviceProperties, OccupancyOfAPreparedKernel) {
  auto ctx = gpu::context::create().value();
  auto p = gpu::prepare<dk::work>(ctx, gpu::launch_config_1d{4, 256}).value();
  auto o = gpu::occupancy_of(p).value(); // its own block of 256
  EXPECT_EQ(o.block_threads, 256);
  EXPECT_EQ(o.blocks_per_multiprocessor, 8);
  EXPECT_EQ(o.threads_per_multiprocessor, 2048);
  EXPECT_DOUBLE_EQ(o.fraction, 1.0);
  auto small = gpu::occupancy_of(p, 32).value(); // the block limit of 32
  EXPECT_EQ(small.blocks_per_multiprocessor, 32);
  EXPECT_DOUBLE_EQ(small.fraction, 0.5);
  auto shared = gpu::occupancy_of(p, 256, 64 * 1024).value();
  EXPECT_EQ(shared.blocks_per_multiprocessor, 2);
  EXPECT_EQ(shared.dynamic_shared_bytes, 64u * 1024);
  // Above 48 KiB the function's limit is raised first, as at launch.
  EXPECT_EQ(control<int (*)()>("fake_cuda_max_dynamic_shared")(), 64 * 1024);
}

TEST_F(DeviceProperties, OccupancyErrors) {
  auto ctx = gpu::context::create().value();
  auto p = gpu::prepare<dk::work>(ctx, gpu::launch_config_1d{4, 256}).value();
  auto zero = gpu::occupancy_of(p, 0);
  ASSERT_FALSE(zero);
  EXPECT_EQ(zero.error().code(), gpu::errc::invalid_config);
  EXPECT_NE(zero.error().message().find("gpu::occupancy_of kernel "
                                        "'dk::work'"),
            std::string::npos);
  EXPECT_FALSE(gpu::occupancy_of(p, 2048));
  auto shared = gpu::occupancy_of(p, 256, 1 << 20);
  ASSERT_FALSE(shared);
  EXPECT_EQ(shared.error().code(), gpu::errc::invalid_config);
  fail_next("cuOccupancyMaxActiveBlocksPerMultiprocessor", 1);
  auto failed = gpu::occupancy_of(p);
  ASSERT_FALSE(failed);
  EXPECT_EQ(
      failed.error().message().rfind(
          "gpu::occupancy_of kernel 'dk::work': CUDA_ERROR_INVALID_VALUE", 0),
      0u)
      << failed.error().message();
}

} // namespace
