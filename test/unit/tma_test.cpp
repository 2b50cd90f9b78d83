// gpu::tensor_map on the host (stand-in driver): what reaches
// cuTensorMapEncodeTiled (innermost-first extents, byte strides, the
// element type and swizzle), the checks that reject a map before the
// driver sees it, with messages naming the dimension and the rule, and a
// launch that passes the 128-byte map as one kernel parameter.
#include "fake_driver.hpp"

#include <gpu/gpu.hpp>
#include <gpu/tma.hpp>

#include <cstdint>
#include <cstring>
#include <string>

namespace tk {
[[gpu::kernel, gpu::launch_contract(1, 128)]] void
tile(const gpu::tensor_map<float, 2> map, int32_t x) {}
} // namespace tk

namespace {

const void *const functions[] = {reinterpret_cast<const void *>(&tk::tile)};
const char metadata[] = "arch sm_90\n"
                        "kernel tile_entry tk::tile\n"
                        "contract 1 128 1 1\n"
                        "param map scalar 128 0:128\n"
                        "param x scalar 4 0:4\n";

// fake_cuda.cpp's record of the last cuTensorMapEncodeTiled call.
struct fake_tensor_map_call {
  int data_type;
  unsigned rank;
  void *address;
  unsigned long long dims[5], strides[4];
  unsigned box[5], element_strides[5];
  int interleave, swizzle, l2_promotion, oob_fill;
};

uint64_t g_launched_words[16];
void record_map(const char *, void **params, const unsigned *,
                const unsigned *, unsigned) {
  std::memcpy(g_launched_words, params[0], sizeof(g_launched_words));
}

class Tma : public alloy_test::FakeDriverBase {
protected:
  void SetUp() override {
    FakeDriverBase::SetUp();
    control<void (*)(int, int)>("fake_cuda_set_compute_capability")(9, 0);
    static const alloy_module_image image =
        alloy_test::make_image(metadata, 1, functions);
    __alloy_register_module(&image);
  }
  const fake_tensor_map_call &last() {
    return *static_cast<const fake_tensor_map_call *>(
        control<const void *(*)()>("fake_cuda_last_tensor_map")());
  }
  // The error of encoding a float map of `shape`/`box` in a buffer of
  // `elems` floats (empty when it succeeds).
  template <int R>
  std::string error_of(size_t elems, std::array<uint64_t, R> shape,
                       std::array<uint32_t, R> box,
                       gpu::tma_swizzle swizzle = gpu::tma_swizzle::none) {
    auto ctx = gpu::context::create(0).value();
    auto buf =
        gpu::device_buffer<float>::zeroed(ctx.default_stream(), elems).value();
    auto map = gpu::tensor_map<float, R>::tiled(buf, shape, box, swizzle);
    if (map)
      return "";
    EXPECT_EQ(map.error().code(), gpu::errc::invalid_tensor_map)
        << map.error().message();
    EXPECT_EQ(map.error().name(), "ALLOY_ERROR_INVALID_TENSOR_MAP");
    return map.error().message();
  }
};

TEST_F(Tma, EncodesInnermostFirstWithByteStrides) {
  auto ctx = gpu::context::create(0).value();
  auto buf = gpu::device_buffer<float>::zeroed(ctx.default_stream(), 64 * 32)
                 .value();
  // 32 rows of 64 floats; boxes of 16 rows of 32 floats, 128-byte swizzle.
  auto map = gpu::tensor_map<float, 2>::tiled(buf, {64, 32}, {32, 16},
                                              gpu::tma_swizzle::b128)
                 .value();
  const fake_tensor_map_call &c = last();
  EXPECT_EQ(c.data_type, 7); // CU_TENSOR_MAP_DATA_TYPE_FLOAT32
  EXPECT_EQ(c.rank, 2u);
  EXPECT_EQ(uintptr_t(c.address), buf.device_address());
  EXPECT_EQ(c.dims[0], 64u);
  EXPECT_EQ(c.dims[1], 32u);
  EXPECT_EQ(c.strides[0], 64u * sizeof(float));
  EXPECT_EQ(c.box[0], 32u);
  EXPECT_EQ(c.box[1], 16u);
  EXPECT_EQ(c.element_strides[0], 1u);
  EXPECT_EQ(c.element_strides[1], 1u);
  EXPECT_EQ(c.interleave, 0);
  EXPECT_EQ(c.swizzle, 3); // CU_TENSOR_MAP_SWIZZLE_128B
  EXPECT_EQ(c.oob_fill, 0); // zeros out of bounds
  static_assert(sizeof(map) == 128 && alignof(gpu::tensor_map<float, 2>) == 128);
  uint64_t words[16];
  std::memcpy(words, map.native_handle(), sizeof(words));
  EXPECT_EQ(words[0], buf.device_address());
}

TEST_F(Tma, ElementTypesAndPitchedStrides) {
  auto ctx = gpu::context::create(0).value();
  auto &s = ctx.default_stream();
  auto halves = gpu::device_buffer<gpu::half>::zeroed(s, 4 * 8 * 72).value();
  // 4 planes of 8 rows of 64 halves, rows padded to 72.
  (void)gpu::tensor_map<gpu::half, 3>::tiled(halves, {64, 8, 4}, {72, 72 * 8},
                                             {64, 8, 2})
      .value();
  EXPECT_EQ(last().data_type, 6); // FLOAT16
  EXPECT_EQ(last().rank, 3u);
  EXPECT_EQ(last().strides[0], 144u);
  EXPECT_EQ(last().strides[1], 144u * 8);
  auto bf = gpu::device_buffer<gpu::bfloat16>::zeroed(s, 64).value();
  (void)gpu::tensor_map<gpu::bfloat16, 1>::tiled(bf, {64}, {8}).value();
  EXPECT_EQ(last().data_type, 9); // BFLOAT16
  auto bytes = gpu::device_buffer<int8_t>::zeroed(s, 256).value();
  (void)gpu::tensor_map<int8_t, 2>::tiled(bytes, {16, 16}, {16, 16}).value();
  EXPECT_EQ(last().data_type, 0); // UINT8: bits moved as they are
  auto ints = gpu::device_buffer<int32_t>::zeroed(s, 64).value();
  (void)gpu::tensor_map<int32_t, 1>::tiled(ints, {64}, {4}).value();
  EXPECT_EQ(last().data_type, 3); // INT32
}

TEST_F(Tma, BoxChecks) {
  EXPECT_EQ(error_of<2>(1024, {32, 32}, {3, 8}),
            "gpu::tensor_map (rank 2, 4-byte elements): box[0] = 3 elements "
            "is 12 bytes, not a multiple of 16 bytes");
  EXPECT_EQ(error_of<2>(1024, {32, 32}, {32, 0}),
            "gpu::tensor_map (rank 2, 4-byte elements): box[1] = 0 is not "
            "between 1 and 256 elements");
  EXPECT_EQ(error_of<2>(512 * 512, {512, 512}, {4, 257}),
            "gpu::tensor_map (rank 2, 4-byte elements): box[1] = 257 is not "
            "between 1 and 256 elements");
  EXPECT_EQ(error_of<2>(1024, {32, 32}, {32, 8}, gpu::tma_swizzle::b64),
            "gpu::tensor_map (rank 2, 4-byte elements): box[0] = 32 elements "
            "is 128 bytes, more than the 64-byte span of tma_swizzle::b64");
  EXPECT_EQ(error_of<2>(1024, {32, 32}, {8, 8}, gpu::tma_swizzle::b32), "");
  EXPECT_EQ(last().swizzle, 1);
  // A box may be larger than the tensor: TMA fills the rest with zeros.
  EXPECT_EQ(error_of<2>(16 * 4, {16, 4}, {32, 8}), "");
}

TEST_F(Tma, ShapeStrideAndAddressChecks) {
  EXPECT_EQ(error_of<2>(20, {5, 4}, {4, 4}),
            "gpu::tensor_map (rank 2, 4-byte elements): the stride of "
            "dimension 1 (20 bytes) is not a multiple of 16 bytes (pad the "
            "rows)");
  EXPECT_EQ(error_of<2>(1024, {0, 4}, {4, 4}),
            "gpu::tensor_map (rank 2, 4-byte elements): shape[0] = 0 is not "
            "between 1 and 2^32");
  EXPECT_EQ(error_of<2>(1000, {32, 32}, {4, 4}),
            "gpu::tensor_map (rank 2, 4-byte elements): the tensor spans "
            "4096 bytes, but the buffer has 4000");
  auto ctx = gpu::context::create(0).value();
  auto buf = gpu::device_buffer<float>::zeroed(ctx.default_stream(), 64).value();
  auto view = buf.view(1).value();
  auto misaligned = gpu::tensor_map<float, 1>::tiled(view, {60}, {4});
  ASSERT_FALSE(misaligned);
  EXPECT_NE(misaligned.error().message().find("is not 16-byte aligned"),
            std::string::npos)
      << misaligned.error().message();
  // Overlapping rows: a stride below the row's bytes.
  auto overlap =
      gpu::tensor_map<float, 2>::tiled(buf, {8, 4}, {4}, {4, 4});
  ASSERT_FALSE(overlap);
  EXPECT_EQ(overlap.error().message(),
            "gpu::tensor_map (rank 2, 4-byte elements): the stride of "
            "dimension 1 (16 bytes) is less than the 32 bytes of dimension "
            "0: the dimensions would overlap");
  EXPECT_EQ(calls().count("cuTensorMapEncodeTiled"), 0u);
}

TEST_F(Tma, NeedsComputeCapability90) {
  control<void (*)(int, int)>("fake_cuda_set_compute_capability")(8, 6);
  auto ctx = gpu::context::create(0).value();
  auto buf = gpu::device_buffer<float>::zeroed(ctx.default_stream(), 64).value();
  auto map = gpu::tensor_map<float, 1>::tiled(buf, {64}, {8});
  ASSERT_FALSE(map);
  EXPECT_EQ(map.error().code(), gpu::errc::invalid_tensor_map);
  EXPECT_NE(map.error().message().find(
                "TMA needs compute capability 9.0 or newer; device 0"),
            std::string::npos)
      << map.error().message();
  EXPECT_NE(map.error().message().find(") is 8.6"), std::string::npos);
}

TEST_F(Tma, DriverFailureIsReported) {
  auto ctx = gpu::context::create(0).value();
  auto buf = gpu::device_buffer<float>::zeroed(ctx.default_stream(), 64).value();
  fail_next("cuTensorMapEncodeTiled", 1); // CUDA_ERROR_INVALID_VALUE
  auto map = gpu::tensor_map<float, 1>::tiled(buf, {64}, {8});
  ASSERT_FALSE(map);
  EXPECT_EQ(map.error().code(), 1);
  EXPECT_NE(map.error().message().find("cuTensorMapEncodeTiled"),
            std::string::npos)
      << map.error().message();
}

TEST_F(Tma, LaunchPassesTheMapAsOneParameter) {
  auto ctx = gpu::context::create(0).value();
  auto &s = ctx.default_stream();
  auto buf = gpu::device_buffer<float>::zeroed(s, 64 * 16).value();
  auto map = gpu::tensor_map<float, 2>::tiled(buf, {64, 16}, {16, 16}).value();
  set_hook(record_map);
  auto k = gpu::prepare<tk::tile>(ctx, gpu::launch_config_1d{1, 128}).value();
  gpu::launch(s, k, map, int32_t(3)).value();
  s.synchronize().value();
  EXPECT_EQ(launches(), 1);
  EXPECT_EQ(std::memcmp(g_launched_words, map.native_handle(), 128), 0);
  EXPECT_EQ(g_launched_words[0], buf.device_address());
  EXPECT_EQ(g_launched_words[2], 64u);
  EXPECT_EQ(g_launched_words[3], 16u);
}

} // namespace
