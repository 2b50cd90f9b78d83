// The module registry: hand-made images, metadata parsing, and how
// gpu::prepare reports kernels that are not (or badly) registered.
#include "context_state.hpp"
#include "module_registry.hpp"

#include <gpu/gpu.hpp>

#include <gtest/gtest.h>

#include <cstring>

namespace kernels {
[[gpu::kernel, gpu::launch_contract(1, 256)]] void
vecadd(std::span<const float> a, std::span<const float> b,
       gpu::disjoint_span<float> c) {}
[[gpu::kernel]] void registered(std::span<const float> in, float *out,
                                uint32_t n) {}
[[gpu::kernel]] void uncontracted(float *out) {}
[[gpu::kernel]] void broken(float *out) {}
[[gpu::kernel, gpu::launch_contract(1, 64)]] void clustered(float *out) {}
[[gpu::kernel, gpu::launch_contract(1, 64)]] void gpu_only(float *out) {}
[[gpu::kernel]] void disjoint(gpu::disjoint_span<float> out) {}
} // namespace kernels

namespace {

const char ptx[] = "// fake PTX\n";

alloy_module_image image_of(const char *metadata, uint32_t count,
                            const void *const *functions) {
  alloy_module_image image{};
  image.abi_version = ALLOY_MODULE_ABI_VERSION;
  image.kernel_count = count;
  image.host_functions = functions;
  image.metadata = metadata;
  image.metadata_size = std::strlen(metadata);
  image.ptx = ptx;
  image.ptx_size = sizeof(ptx) - 1;
  return image;
}

const char good_metadata[] = "arch sm_80\n"
                             "kernel _Z10registered scale kernel registered\n"
                             "contract 1 128 1 1\n"
                             "bounds 128 2\n"
                             "param in input 16 0:8,8:8\n"
                             "param out raw_output 8 0:8\n"
                             "param n scalar 4 0:4\n"
                             "kernel _Z12uncontracted kernels::uncontracted\n"
                             "grid_sync\n"
                             "param out raw_output 8 0:8\n"
                             "param op scalar 1 -\n";

const void *const good_functions[] = {
    reinterpret_cast<const void *>(&kernels::registered),
    reinterpret_cast<const void *>(&kernels::uncontracted)};

const alloy_module_image &good_image() {
  static const alloy_module_image image =
      image_of(good_metadata, 2, good_functions);
  return image;
}

// A context with no device: enough for the checks made before the device.
gpu::context no_device() {
  return gpu::detail::runtime_access::make_context(nullptr, nullptr);
}

// A kernel key naming `name` (no RTTI tag, no CPU entries).
gpu::detail::kernel_key key_of(const void *address, std::string_view name) {
  return {address, name, nullptr};
}

TEST(ModuleRegistry, ParsesAndFindsRegisteredKernels) {
  __alloy_register_module(&good_image());
  __alloy_register_module(&good_image()); // idempotent
  auto found = gpu::detail::find_kernel(key_of(good_functions[0], "ignored"));
  ASSERT_TRUE(found) << found.error().message();
  const gpu::detail::kernel_record &k = **found;
  EXPECT_EQ(k.symbol, "_Z10registered");
  EXPECT_EQ(k.name, "scale kernel registered"); // runs to the line's end
  ASSERT_TRUE(k.contract);
  EXPECT_EQ(k.contract->domain, 1);
  EXPECT_EQ(k.contract->block[0], 128u);
  EXPECT_EQ(k.max_threads, 128u);
  EXPECT_EQ(k.min_blocks, 2u);
  ASSERT_EQ(k.params.size(), 3u);
  EXPECT_EQ(k.params[0].name, "in");
  EXPECT_EQ(k.params[0].kind, gpu::detail::param_kind::input);
  EXPECT_EQ(k.params[0].size, 16u);
  ASSERT_EQ(k.params[0].leaves.size(), 2u);
  EXPECT_EQ(k.params[0].leaves[1].offset, 8u);
  EXPECT_EQ(k.params[0].leaves[1].size, 8u);
  EXPECT_EQ(k.params[2].kind, gpu::detail::param_kind::scalar);
  EXPECT_EQ(k.module->arch, "sm_80");
  EXPECT_EQ(k.module->arch_version, (gpu::sm_version{8, 0}));

  EXPECT_FALSE(k.grid_sync);

  auto other = gpu::detail::find_kernel(key_of(good_functions[1], "x"));
  ASSERT_TRUE(other);
  EXPECT_FALSE((*other)->contract);
  EXPECT_TRUE((*other)->grid_sync);
  // An empty class (a stateless functor): one byte, no PTX parameters.
  ASSERT_EQ((*other)->params.size(), 2u);
  EXPECT_EQ((*other)->params[1].size, 1u);
  EXPECT_TRUE((*other)->params[1].leaves.empty());
}

TEST(ModuleRegistry, ParsesArchitectures) {
  using gpu::detail::parse_arch;
  EXPECT_EQ(parse_arch("sm_80"), (gpu::sm_version{8, 0}));
  EXPECT_EQ(parse_arch("sm_90a"), (gpu::sm_version{9, 0}));
  EXPECT_EQ(parse_arch("sm_120"), (gpu::sm_version{12, 0}));
  EXPECT_FALSE(parse_arch("compute_80"));
  EXPECT_FALSE(parse_arch("sm_"));
  EXPECT_FALSE(parse_arch("sm_8x0"));
}

void expect_malformed(const char *metadata, uint32_t count, const char *why) {
  static const void *const functions[] = {
      reinterpret_cast<const void *>(&kernels::broken),
      reinterpret_cast<const void *>(&kernels::broken)};
  alloy_module_image image = image_of(metadata, count, functions);
  auto parsed = gpu::detail::parse_module(image);
  ASSERT_FALSE(parsed) << "accepted: " << metadata;
  EXPECT_EQ(parsed.error().code(), gpu::errc::invalid_module);
  EXPECT_NE(parsed.error().message().find(why), std::string::npos)
      << parsed.error().message();
}

TEST(ModuleRegistry, RejectsMalformedMetadata) {
  expect_malformed("kernel a b\n", 1, "no 'arch' record");
  expect_malformed("arch sm_90\nkernel a b\ncluster 3 3 1\n", 1,
                   "line 3: 'cluster' needs X Y Z, 1 to 8 blocks");
  expect_malformed("arch sm_90\nkernel a b\ncluster 2 0 1\n", 1,
                   "line 3: 'cluster' needs X Y Z, 1 to 8 blocks");
  expect_malformed("arch sm80\nkernel a b\n", 1, "line 1: 'arch' needs");
  expect_malformed("arch sm_80\nkernel a\n", 1, "line 2: 'kernel' needs");
  expect_malformed("arch sm_80\nparam x input 8 0:8\n", 0,
                   "before any 'kernel'");
  expect_malformed("arch sm_80\nkernel a b\ncontract 4 1 1 1\n", 1,
                   "line 3: 'contract' out of range");
  expect_malformed("arch sm_80\nkernel a b\ncontract 1 2048 1 1\n", 1,
                   "'contract' out of range");
  expect_malformed("arch sm_80\nkernel a b\ncontract 1 x 1 1\n", 1,
                   "'contract' needs");
  expect_malformed("arch sm_80\nkernel a b\nparam x weird 8 0:8\n", 1,
                   "'param' needs");
  expect_malformed("arch sm_80\nkernel a b\nparam x input 8 4:8\n", 1,
                   "'param' needs"); // leaf beyond the object
  expect_malformed("arch sm_80\nkernel a b\nparam x input 8 0:8,\n", 1,
                   "'param' needs");
  expect_malformed("arch sm_80\nkernel a b\nparam x input -8 0:8\n", 1,
                   "'param' needs");
  expect_malformed("arch sm_80\nkernel a b\ngrid_sync 1\n", 1,
                   "'grid_sync' takes nothing");
  expect_malformed("arch sm_80\nkernel a b\nmay_alias\n", 1,
                   "'may_alias' before any 'param'");
  expect_malformed("arch sm_80\nkernel a b\nparam x raw_output 8 0:8\n"
                   "may_alias x\n",
                   1, "'may_alias' takes nothing");
  expect_malformed("arch sm_80\nkernel a b\nfrobnicate\n", 1,
                   "unknown record 'frobnicate'");
  expect_malformed("arch sm_80\nkernel a b\n", 2,
                   "lists 1 kernels, its image 2");
  expect_malformed("arch sm_80\narch sm_90\n", 0, "a second 'arch'");
  expect_malformed("arch sm_80\nno_cpu_device 1\n", 0,
                   "'no_cpu_device' takes nothing");
  expect_malformed("arch sm_80\nkernel a b\nno_cpu_device\n", 1,
                   "'no_cpu_device' after a 'kernel' or 'global' record");
  expect_malformed("arch sm_80\nglobal g shared 4 g\n", 0,
                   "'global' needs SYMBOL SPACE SIZE NAME");
  expect_malformed("arch sm_80\nglobal g global 0 g\n", 0,
                   "'global' needs SYMBOL SPACE SIZE NAME");
  expect_malformed("arch sm_80\nglobal g global 4\n", 0,
                   "'global' needs SYMBOL SPACE SIZE NAME");
  expect_malformed("arch sm_80\nkernel a b\nglobal g global 4 g\n"
                   "param x input 8 0:8\n",
                   1, "line 4: 'param' after a 'global' record");
  // The image's table of host variables must match the records.
  expect_malformed("arch sm_80\nglobal g global 4 g\n", 0,
                   "lists 1 device globals, its image 0");

  alloy_module_image bad_version = image_of("arch sm_80\n", 0, nullptr);
  bad_version.abi_version = 99;
  auto parsed = gpu::detail::parse_module(bad_version);
  ASSERT_FALSE(parsed);
  EXPECT_NE(parsed.error().message().find("ABI version 99"), std::string::npos);
}

int table[4];
unsigned counter;

TEST(ModuleRegistry, FindsDeviceGlobalsByTheirHostVariables) {
  static const void *const globals[] = {&table, &counter};
  static alloy_module_image image = [] {
    alloy_module_image i = image_of("arch sm_80\n"
                                    "global _Z5table constant 16 ns::table\n"
                                    "global counter global 4 counter\n",
                                    0, nullptr);
    i.global_count = 2;
    i.host_globals = globals;
    return i;
  }();
  __alloy_register_module(&image);
  auto found = gpu::detail::find_global(&table);
  ASSERT_TRUE(found) << found.error().message();
  EXPECT_EQ((*found)->symbol, "_Z5table");
  EXPECT_EQ((*found)->name, "ns::table");
  EXPECT_EQ((*found)->size, 16u);
  EXPECT_TRUE((*found)->constant);
  auto second = gpu::detail::find_global(&counter);
  ASSERT_TRUE(second);
  EXPECT_FALSE((*second)->constant);
  uintptr_t start = 0;
  size_t size = 0;
  EXPECT_TRUE(gpu::detail::find_global_containing(
      reinterpret_cast<uintptr_t>(&table[3]), start, size));
  EXPECT_EQ(start, reinterpret_cast<uintptr_t>(&table));
  EXPECT_EQ(size, 16u);
  int other = 0;
  auto missing = gpu::detail::find_global(&other);
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().code(), gpu::errc::kernel_not_compiled);
  EXPECT_FALSE(gpu::detail::find_global_containing(
      reinterpret_cast<uintptr_t>(&other), start, size));
}

TEST(ModuleRegistry, EmptyParamLeavesAndCarriageReturns) {
  alloy_module_image image = image_of(
      "arch sm_80\r\nkernel a b\r\nparam e scalar 1\r\n\n", 1, good_functions);
  auto parsed = gpu::detail::parse_module(image);
  ASSERT_TRUE(parsed) << parsed.error().message();
  EXPECT_TRUE((*parsed)->kernels[0].params[0].leaves.empty());
}

TEST(ModuleRegistry, MalformedImageIsReportedForItsKernels) {
  static const void *const functions[] = {
      reinterpret_cast<const void *>(&kernels::broken)};
  static const alloy_module_image image =
      image_of("arch sm_80\nkernel _Z6broken\n", 1, functions);
  __alloy_register_module(&image);
  auto found =
      gpu::detail::find_kernel(key_of(functions[0], "kernels::broken"));
  ASSERT_FALSE(found);
  EXPECT_EQ(found.error().code(), gpu::errc::invalid_module);
  EXPECT_NE(found.error().message().find("kernel 'kernels::broken' cannot be "
                                         "used: module metadata line 2"),
            std::string::npos)
      << found.error().message();
}

TEST(Prepare, UnregisteredKernelIsNamed) {
  gpu::context ctx = no_device();
  auto p = gpu::prepare<kernels::vecadd>(ctx, gpu::launch_config_1d{4, 256});
  ASSERT_FALSE(p);
  EXPECT_EQ(p.error().code(), gpu::errc::kernel_not_compiled);
  EXPECT_EQ(p.error().name(), "ALLOY_ERROR_KERNEL_NOT_COMPILED");
  EXPECT_EQ(p.error().message(),
            "kernel 'kernels::vecadd' was not compiled for the GPU: compile "
            "its file with alloy++ (the Alloy clang plugin)");
  try {
    (void)std::move(p).value();
    FAIL();
  } catch (const gpu::exception &e) {
    EXPECT_NE(std::string(e.what()).find("kernels::vecadd"), std::string::npos);
  }
}

TEST(Prepare, UnregisteredKernelThroughLaunchUnchecked) {
  gpu::context ctx = no_device();
  gpu::device_buffer<float> a, c;
  auto r = gpu::launch_unchecked<kernels::vecadd>(
      ctx.default_stream(), gpu::launch_config_1d{1, 256}, a, a, c);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code(), gpu::errc::kernel_not_compiled);
}

TEST(Prepare, ChecksBeforeTheDevice) {
  __alloy_register_module(&good_image());
  gpu::context ctx = no_device();
  // No contract.
  auto p1 =
      gpu::prepare<kernels::uncontracted>(ctx, gpu::launch_config_1d{1, 1});
  ASSERT_FALSE(p1);
  EXPECT_EQ(p1.error().code(), gpu::errc::no_contract);
  EXPECT_NE(p1.error().message().find("kernel 'kernels::uncontracted' has no "
                                      "launch contract"),
            std::string::npos);
  // Block shape and rank against the contract (1, 128).
  auto p2 =
      gpu::prepare<kernels::registered>(ctx, gpu::launch_config_1d{1, 256});
  ASSERT_FALSE(p2);
  EXPECT_EQ(p2.error().code(), gpu::errc::contract_violation);
  auto p3 = gpu::prepare<kernels::registered>(
      ctx, gpu::launch_config_2d{{1, 1}, {128, 1}});
  ASSERT_FALSE(p3);
  EXPECT_EQ(p3.error().code(), gpu::errc::contract_violation);
  // All checks pass; then the missing device is reported.
  auto p4 =
      gpu::prepare<kernels::registered>(ctx, gpu::launch_config_1d{1, 128});
  ASSERT_FALSE(p4);
  EXPECT_EQ(p4.error().code(), gpu::errc::invalid_handle);
}

} // namespace

TEST(Prepare, GridMustBeWholeClusters) {
  static const char metadata[] = "arch sm_90\n"
                                 "kernel _Z9clusteredPf kernels::clustered\n"
                                 "contract 1 64 1 1\n"
                                 "cluster 2 1 1\n"
                                 "param out raw_output 8 0:8\n";
  static const void *const functions[] = {
      reinterpret_cast<const void *>(&kernels::clustered)};
  static const alloy_module_image image = image_of(metadata, 1, functions);
  __alloy_register_module(&image);
  auto found = gpu::detail::find_kernel(key_of(functions[0], "x"));
  ASSERT_TRUE(found) << found.error().message();
  EXPECT_EQ((*found)->cluster[0], 2u);
  EXPECT_EQ((*found)->cluster[1], 1u);
  gpu::context ctx = no_device();
  auto odd =
      gpu::prepare<kernels::clustered>(ctx, gpu::launch_config_1d{3, 64});
  ASSERT_FALSE(odd);
  EXPECT_EQ(odd.error().code(), gpu::errc::invalid_config);
  EXPECT_EQ(odd.error().message(),
            "kernel 'kernels::clustered': grid extent x = 3 is not a multiple "
            "of its cluster's 2 blocks ([[gpu::cluster_dims(2, 1, 1)]]): the "
            "grid must be whole clusters");
  // Whole clusters pass this check (and stop at the missing device).
  auto even =
      gpu::prepare<kernels::clustered>(ctx, gpu::launch_config_1d{4, 64});
  ASSERT_FALSE(even);
  EXPECT_NE(even.error().code(), gpu::errc::invalid_config);
}

// A disjoint_span output's element is owned by index_1d (x only): a launch
// that extends in y or z is refused before anything runs.
TEST(Prepare, DisjointOutputsLaunchInOneDimension) {
  static const char metadata[] = "arch sm_90\n"
                                 "kernel _Z8disjoint kernels::disjoint\n"
                                 "param out output 16 0:8,8:8\n";
  static const void *const functions[] = {
      reinterpret_cast<const void *>(&kernels::disjoint)};
  static const alloy_module_image image = image_of(metadata, 1, functions);
  __alloy_register_module(&image);
  gpu::context ctx = no_device();
  gpu::device_buffer<float> out;
  auto rows = gpu::launch_unchecked<kernels::disjoint>(
      ctx.default_stream(), gpu::launch_config_2d{{4, 1}, {32, 8}}, out);
  ASSERT_FALSE(rows);
  EXPECT_EQ(rows.error().code(), gpu::errc::invalid_config);
  EXPECT_EQ(rows.error().message(),
            "kernel 'kernels::disjoint': its output 'out' is a "
            "gpu::disjoint_span, whose element a thread owns by "
            "gpu::thread::index_1d() (the x index alone); a grid of 4 x 1 x 1 "
            "blocks of 32 x 8 x 1 threads gives threads that differ in y or z "
            "the same index, and so the same element: launch it in one "
            "dimension, or make the output a T* that each thread indexes "
            "itself");
  auto grid = gpu::launch_unchecked<kernels::disjoint>(
      ctx.default_stream(), gpu::launch_config_2d{{4, 2}, {32, 1}}, out);
  ASSERT_FALSE(grid);
  EXPECT_EQ(grid.error().code(), gpu::errc::invalid_config);
  // A 2-D configuration of one row passes this check.
  auto flat = gpu::launch_unchecked<kernels::disjoint>(
      ctx.default_stream(), gpu::launch_config_2d{{4, 1}, {32, 1}}, out);
  ASSERT_FALSE(flat);
  EXPECT_NE(flat.error().code(), gpu::errc::invalid_config);
}

// A module built with alloy++ --no-cpu-device: the CPU device refuses its
// kernels, naming the flag (the object holds no host copy to run).
TEST(Prepare, GpuOnlyKernelOnTheCpuDevice) {
  static const char metadata[] = "arch sm_90\n"
                                 "no_cpu_device\n"
                                 "kernel _Z8gpu_onlyPf kernels::gpu_only\n"
                                 "contract 1 64 1 1\n"
                                 "param out raw_output 8 0:8\n";
  static const void *const functions[] = {
      reinterpret_cast<const void *>(&kernels::gpu_only)};
  static const alloy_module_image image = image_of(metadata, 1, functions);
  auto parsed = gpu::detail::parse_module(image);
  ASSERT_TRUE(parsed) << parsed.error().message();
  EXPECT_FALSE((*parsed)->cpu_device);
  __alloy_register_module(&image);
  auto ctx = gpu::context::create_cpu().value();
  auto p = gpu::prepare<kernels::gpu_only>(ctx, gpu::launch_config_1d{1, 64});
  ASSERT_FALSE(p);
  EXPECT_EQ(p.error().code(), gpu::errc::kernel_not_compiled);
  EXPECT_EQ(p.error().message(),
            "kernel 'kernels::gpu_only' was compiled for the GPU only "
            "(alloy++ --no-cpu-device), so the CPU device cannot run it: "
            "compile its file without --no-cpu-device");
  // The default: a module with host copies runs there.
  auto parsed_both = gpu::detail::parse_module(good_image());
  ASSERT_TRUE(parsed_both) << parsed_both.error().message();
  EXPECT_TRUE((*parsed_both)->cpu_device);
}
