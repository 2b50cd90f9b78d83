// Launch configurations and the pure launch checks, against fake limits.
#include "checks.hpp"

#include <gpu/gpu.hpp>

#include <gtest/gtest.h>

#include <cstddef>

namespace {

using gpu::detail::check_arch;
using gpu::detail::check_contract;
using gpu::detail::check_limits;
using gpu::detail::contract_record;
using gpu::detail::launch_dims;
using gpu::detail::to_dims;

gpu::detail::device_limits sm80() {
  gpu::detail::device_limits l;
  l.compute_capability = {8, 0};
  l.max_shared_per_block = 166912;
  return l;
}

void expect_error(const gpu::result<void> &r, int code, const char *text) {
  ASSERT_FALSE(r) << "expected an error containing: " << text;
  EXPECT_EQ(r.error().code(), code) << r.error().message();
  EXPECT_NE(r.error().message().find(text), std::string::npos)
      << r.error().message();
}

TEST(LaunchConfig, AcceptsAnyIntegerWithoutNarrowing) {
  size_t n = 1000;
  gpu::launch_config_1d c{(n + 255) / 256, 256};
  EXPECT_EQ(c.grid, 4u);
  EXPECT_EQ(c.block, 256u);
  EXPECT_EQ(c.shared_bytes, 0u);
  gpu::launch_config_1d negative{-1, 256L, short(16)};
  EXPECT_EQ(negative.grid, 0u); // a zero extent, rejected by the checks
  EXPECT_EQ(negative.shared_bytes, 16u);
  gpu::launch_config_1d huge{uint64_t(1) << 40, 32, -5};
  EXPECT_EQ(huge.grid, uint64_t(1) << 40);
  EXPECT_EQ(huge.shared_bytes, UINT64_MAX);

  gpu::launch_config_2d c2{{n, 2}, {16u, 16}, 1024};
  EXPECT_EQ(c2.grid.x, 1000u);
  EXPECT_EQ(c2.block.y, 16u);
  gpu::launch_config_2d c2b{gpu::dim2{uint64_t(1) << 33, 1}, gpu::dim2{8, 8}};
  EXPECT_EQ(c2b.grid.x, 0xffffffffu); // saturates
  gpu::launch_config_3d c3{gpu::dim3{4, 4, 4}, gpu::dim3{8, 8, 4}};
  launch_dims d = to_dims(c3);
  EXPECT_EQ(d.rank, 3);
  EXPECT_EQ(d.block[2], 4u);
}

TEST(CheckLimits, AcceptsAValidConfig) {
  EXPECT_TRUE(
      check_limits(to_dims(gpu::launch_config_1d{4, 256}), sm80(), "k"));
  EXPECT_TRUE(check_limits(
      to_dims(gpu::launch_config_3d{{2147483647u, 65535, 65535}, {16, 8, 8}}),
      sm80(), "k"));
}

TEST(CheckLimits, RejectsZeroExtents) {
  expect_error(check_limits(to_dims(gpu::launch_config_1d{0, 256}), sm80(),
                            "kernels::vecadd"),
               gpu::errc::invalid_config,
               "kernel 'kernels::vecadd': grid "
               "extent x is 0");
  expect_error(check_limits(to_dims(gpu::launch_config_2d{{1, 1}, {16, 0}}),
                            sm80(), "k"),
               gpu::errc::invalid_config, "block extent y is 0");
}

TEST(CheckLimits, RejectsTooManyThreadsAndLargeExtents) {
  expect_error(
      check_limits(to_dims(gpu::launch_config_1d{1, 2048}), sm80(), "k"),
      gpu::errc::invalid_config, "block extent x = 2048");
  expect_error(check_limits(to_dims(gpu::launch_config_2d{{1, 1}, {64, 32}}),
                            sm80(), "k"),
               gpu::errc::invalid_config,
               "exceeds the device's 1024 threads per block");
  expect_error(
      check_limits(to_dims(gpu::launch_config_3d{{1, 1, 1}, {1, 1, 65}}),
                   sm80(), "k"),
      gpu::errc::invalid_config, "block extent z = 65");
  expect_error(check_limits(to_dims(gpu::launch_config_2d{{1, 65536}, {1, 1}}),
                            sm80(), "k"),
               gpu::errc::invalid_config, "grid extent y = 65536");
  expect_error(
      check_limits(to_dims(gpu::launch_config_1d{uint64_t(1) << 31, 1}), sm80(),
                   "k"),
      gpu::errc::invalid_config, "grid extent x = 2147483648");
  // Extents that saturated at 2^32-1 must not wrap the thread count.
  expect_error(check_limits(to_dims(gpu::launch_config_3d{
                                {1, 1, 1}, {0xffffffffu, 0xffffffffu, 1}}),
                            sm80(), "k"),
               gpu::errc::invalid_config, "block extent x");
}

TEST(CheckLimits, SharedMemory) {
  EXPECT_TRUE(
      check_limits(to_dims(gpu::launch_config_1d{1, 32, 166912}), sm80(), "k"));
  expect_error(
      check_limits(to_dims(gpu::launch_config_1d{1, 32, 166913}), sm80(), "k"),
      gpu::errc::invalid_config, "shared_bytes = 166913");
}

TEST(CheckContract, BlockShapeMustMatch) {
  std::optional<contract_record> c = contract_record{1, {256, 1, 1}};
  EXPECT_TRUE(
      check_contract(to_dims(gpu::launch_config_1d{4, 256}), c, true, "k"));
  expect_error(check_contract(to_dims(gpu::launch_config_1d{8, 128}), c, true,
                              "kernels::vecadd"),
               gpu::errc::contract_violation,
               "kernel 'kernels::vecadd': its launch contract requires blocks "
               "of 256 x 1 x 1 threads, the configuration has 128 x 1 x 1");
}

TEST(CheckContract, RankMustMatchTheDomain) {
  std::optional<contract_record> c = contract_record{2, {16, 16, 1}};
  EXPECT_TRUE(check_contract(to_dims(gpu::launch_config_2d{{4, 4}, {16, 16}}),
                             c, true, "k"));
  expect_error(
      check_contract(to_dims(gpu::launch_config_3d{{4, 4, 1}, {16, 16, 1}}), c,
                     true, "k"),
      gpu::errc::contract_violation,
      "DOMAIN 2, so it needs a launch_config_2d, not a launch_config_3d");
  // launch_unchecked checks the block shape only.
  EXPECT_TRUE(check_contract(
      to_dims(gpu::launch_config_3d{{4, 4, 1}, {16, 16, 1}}), c, false, "k"));
}

TEST(CheckContract, NoContractNothingToCheck) {
  EXPECT_TRUE(check_contract(to_dims(gpu::launch_config_1d{1, 7}), std::nullopt,
                             true, "k"));
}

TEST(CheckArch, CodeForANewerGpuIsRejected) {
  gpu::detail::module_record m;
  m.arch = "sm_90";
  m.arch_version = {9, 0};
  expect_error(check_arch(m, {8, 0}, "NVIDIA A100", "kernels::vecadd"),
               gpu::errc::arch_mismatch,
               "kernel 'kernels::vecadd': compiled for sm_90, which is newer "
               "than the device 'NVIDIA A100' (compute capability 8.0)");
  EXPECT_TRUE(check_arch(m, {9, 0}, "H100", "k"));
  EXPECT_TRUE(check_arch(m, {12, 0}, "B", "k"));
}

TEST(CheckArch, ArchSpecificPtxRunsOnlyOnItsDevice) {
  using gpu::detail::check_arch;
  static const uint8_t bytes[4] = {1, 2, 3, 4};
  alloy_cubin cubins[] = {{90, 1, bytes, 4}, {100, 0, bytes, 4}};
  alloy_module_image image{};
  image.cubins = cubins;
  image.cubin_count = 1; // --gpu-arch=sm_90a
  gpu::detail::module_record m;
  m.image = &image;
  m.arch = "sm_90a";
  m.arch_version = {9, 0};
  EXPECT_TRUE(check_arch(m, {9, 0}, "NVIDIA H200", "k"));
  expect_error(check_arch(m, {8, 0}, "NVIDIA A100", "k"),
               gpu::errc::arch_mismatch,
               "compiled for sm_90a, which is newer than the device 'NVIDIA "
               "A100' (compute capability 8.0)");
  // Its PTX is not JIT-compiled for a newer GPU.
  expect_error(check_arch(m, {10, 0}, "NVIDIA B200", "kernels::vecadd"),
               gpu::errc::arch_mismatch,
               "kernel 'kernels::vecadd': compiled for sm_90a, an "
               "arch-specific target that runs only on compute capability "
               "9.0, not on the device 'NVIDIA B200' (compute capability "
               "10.0)");
  expect_error(check_arch(m, {9, 1}, "X", "k"), gpu::errc::arch_mismatch,
               "runs only on compute capability 9.0");
  // --gpu-arch=sm_90a,sm_100: the sm_100 cubin serves 10.0, nothing 12.0.
  image.cubin_count = 2;
  EXPECT_TRUE(check_arch(m, {10, 0}, "NVIDIA B200", "k"));
  expect_error(check_arch(m, {12, 0}, "RTX", "k"), gpu::errc::arch_mismatch,
               "an arch-specific target");
  // A plain sm_90 module's PTX runs anywhere newer.
  m.arch = "sm_90";
  EXPECT_TRUE(check_arch(m, {12, 0}, "RTX", "k"));
}

TEST(ChooseCubin, Sm90aOnlyOnComputeCapability90) {
  using gpu::detail::choose_cubin;
  static const uint8_t bytes[4] = {1, 2, 3, 4};
  // --gpu-arch=sm_80,sm_90a
  alloy_cubin cubins[] = {{80, 0, bytes, 4}, {90, 1, bytes, 4}};
  alloy_module_image image{};
  image.cubins = cubins;
  image.cubin_count = 2;
  gpu::detail::module_record m;
  m.image = &image;
  m.arch = "sm_80";
  m.arch_version = {8, 0};
  EXPECT_EQ(choose_cubin(m, {9, 0}), &cubins[1]);
  for (gpu::sm_version cc :
       {gpu::sm_version{8, 0}, gpu::sm_version{8, 6}, gpu::sm_version{8, 9}})
    EXPECT_EQ(choose_cubin(m, cc), &cubins[0]);
  // Not on another Hopper minor, nor on Blackwell (their PTX is sm_80's).
  EXPECT_EQ(choose_cubin(m, {9, 1}), nullptr);
  EXPECT_EQ(choose_cubin(m, {10, 0}), nullptr);
  EXPECT_EQ(choose_cubin(m, {10, 3}), nullptr);
  EXPECT_EQ(choose_cubin(m, {12, 0}), nullptr);
  // sm_90a alone: 9.0 only.
  image.cubins = &cubins[1];
  image.cubin_count = 1;
  EXPECT_EQ(choose_cubin(m, {9, 0}), &cubins[1]);
  EXPECT_EQ(choose_cubin(m, {8, 0}), nullptr);
  EXPECT_EQ(choose_cubin(m, {10, 0}), nullptr);
}

TEST(ChooseCubin, SameMajorAndNewestMinorNotAboveTheDevice) {
  using gpu::detail::choose_cubin;
  static const uint8_t bytes[4] = {1, 2, 3, 4};
  alloy_cubin cubins[] = {{80, 0, bytes, 4}, {86, 0, bytes, 4},
                          {90, 0, bytes, 4}, {90, 1, bytes, 4},
                          {100, 0, bytes, 4}};
  alloy_module_image image{};
  image.cubins = cubins;
  image.cubin_count = 3; // sm_80, sm_86, sm_90
  gpu::detail::module_record m;
  m.image = &image;
  m.arch = "sm_80";
  m.arch_version = {8, 0};
  EXPECT_EQ(choose_cubin(m, {8, 0}), &cubins[0]);
  EXPECT_EQ(choose_cubin(m, {8, 6}), &cubins[1]);
  EXPECT_EQ(choose_cubin(m, {8, 9}), &cubins[1]);
  EXPECT_EQ(choose_cubin(m, {9, 0}), &cubins[2]);
  // No cubin of the device's major: the PTX.
  EXPECT_EQ(choose_cubin(m, {10, 0}), nullptr);
  EXPECT_EQ(choose_cubin(m, {12, 0}), nullptr);
  image.cubin_count = 5;
  EXPECT_EQ(choose_cubin(m, {10, 0}), &cubins[4]);
  // sm_90a wins on exactly 9.0, and nowhere else.
  EXPECT_EQ(choose_cubin(m, {9, 0}), &cubins[3]);
  image.cubins = &cubins[3];
  image.cubin_count = 1;
  EXPECT_EQ(choose_cubin(m, {9, 0}), &cubins[3]);
  cubins[3].sm = 86;
  EXPECT_EQ(choose_cubin(m, {8, 9}), nullptr);
  image.cubins = nullptr;
  EXPECT_EQ(choose_cubin(m, {9, 0}), nullptr);
}

TEST(CheckSignature, CountSizeAndKind) {
  using gpu::detail::param_desc;
  using gpu::detail::param_kind;
  gpu::detail::kernel_record k;
  k.name = "kernels::scale";
  k.params = {{"out", param_kind::raw_output, 8, {{0, 8}}},
              {"n", param_kind::scalar, 4, {{0, 4}}}};
  const param_desc good[] = {{param_kind::raw_output, 8},
                             {param_kind::scalar, 4}};
  EXPECT_TRUE(gpu::detail::check_signature(k, good));
  const param_desc fewer[] = {{param_kind::raw_output, 8}};
  expect_error(gpu::detail::check_signature(k, fewer),
               gpu::errc::signature_mismatch,
               "has 2 parameters, its C++ "
               "declaration 1");
  const param_desc wider[] = {{param_kind::raw_output, 8},
                              {param_kind::scalar, 8}};
  expect_error(gpu::detail::check_signature(k, wider),
               gpu::errc::signature_mismatch,
               "parameter 2 ('n') is compiled as scalar of 4 bytes, declared "
               "as scalar of 8 bytes");
}

} // namespace
