// gpu::tensor_map: TMA descriptors encoded by the driver
// (cuTensorMapEncodeTiled), after checking the driver's documented
// constraints here so that a rejection names the dimension and the rule.
#include "context_state.hpp"
#include "errors.hpp"

#include <gpu/tma.hpp>

#include <cstdio>
#include <string>

namespace gpu::detail {
namespace {

constexpr uint64_t max_extent = uint64_t(1) << 32;
constexpr uint64_t max_stride = uint64_t(1) << 40;
constexpr uint32_t max_box = 256;

uint32_t swizzle_span(tma_swizzle s) {
  switch (s) {
  case tma_swizzle::none:
    return 0;
  case tma_swizzle::b32:
    return 32;
  case tma_swizzle::b64:
    return 64;
  case tma_swizzle::b128:
    return 128;
  }
  return 0;
}

std::string what(const tensor_map_request &r) {
  return "gpu::tensor_map (rank " + std::to_string(r.rank) + ", " +
         std::to_string(r.elem_size) + "-byte elements)";
}

gpu::error invalid(const tensor_map_request &r, const std::string &why) {
  return make_error(errc::invalid_tensor_map, what(r) + ": " + why);
}

} // namespace

std::optional<gpu::error> check_tensor_map(const tensor_map_request &r) {
  if (r.rank < 1 || r.rank > 5)
    return invalid(r, "TMA tensors have 1 to 5 dimensions");
  if (r.address == 0)
    return invalid(r, "the tensor's address is null (an empty buffer?)");
  if (r.address % 16)
    return invalid(r, "the tensor's address " + hex(r.address) +
                          " is not 16-byte aligned, as TMA requires");
  for (uint32_t i = 0; i < r.rank; ++i) {
    std::string d = "[" + std::to_string(i) + "]";
    if (r.shape[i] == 0 || r.shape[i] > max_extent)
      return invalid(r, "shape" + d + " = " + std::to_string(r.shape[i]) +
                            " is not between 1 and 2^32");
    if (r.box[i] == 0 || r.box[i] > max_box)
      return invalid(r, "box" + d + " = " + std::to_string(r.box[i]) +
                            " is not between 1 and 256 elements");
  }
  uint64_t row = r.shape[0] * r.elem_size;
  for (uint32_t i = 0; i + 1 < r.rank; ++i) {
    std::string s = "the stride of dimension " + std::to_string(i + 1) + " (" +
                    std::to_string(r.strides[i]) + " bytes)";
    if (r.strides[i] % 16)
      return invalid(r, s + " is not a multiple of 16 bytes (pad the rows)");
    if (r.strides[i] >= max_stride)
      return invalid(r, s + " is not below 2^40 bytes");
    uint64_t inner = i == 0 ? row : r.strides[i - 1] * r.shape[i];
    if (r.strides[i] < inner)
      return invalid(r, s + " is less than the " + std::to_string(inner) +
                            " bytes of dimension " + std::to_string(i) +
                            ": the dimensions would overlap");
  }
  uint64_t box_row = uint64_t(r.box[0]) * r.elem_size;
  if (box_row % 16)
    return invalid(r, "box[0] = " + std::to_string(r.box[0]) + " elements is " +
                          std::to_string(box_row) +
                          " bytes, not a multiple of 16 bytes");
  if (uint32_t span = swizzle_span(r.swizzle); span && box_row > span)
    return invalid(r, "box[0] = " + std::to_string(r.box[0]) + " elements is " +
                          std::to_string(box_row) + " bytes, more than the " +
                          std::to_string(span) + "-byte span of tma_swizzle::b" +
                          std::to_string(span));
  if (r.bytes) {
    // The last element's end, relative to the address.
    unsigned __int128 end = row;
    for (uint32_t i = 1; i < r.rank; ++i)
      end += (unsigned __int128)(r.shape[i] - 1) * r.strides[i - 1];
    if (end > r.bytes)
      return invalid(r, "the tensor spans " +
                            std::to_string((unsigned long long)end) +
                            " bytes, but the buffer has " +
                            std::to_string(r.bytes));
  }
  return std::nullopt;
}

result<void> encode_tensor_map(void *map, const tensor_map_request &r) {
  if (auto e = check_tensor_map(r))
    return std::unexpected(*e);
  const cu::driver_api *api = nullptr;
  if (r.buffer) {
    const auto &ctx = runtime_access::context_of(*r.buffer);
    if (!ctx)
      return fail(errc::invalid_handle,
                  what(r) + ": the buffer is moved-from or empty");
    sm_version cc = ctx->info.limits().compute_capability;
    if (cc.major < 9)
      return fail(errc::invalid_tensor_map,
                  what(r) + ": TMA needs compute capability 9.0 or newer; "
                            "device " +
                      std::to_string(ctx->info.ordinal()) + " (" +
                      ctx->info.name() + ") is " + std::to_string(cc.major) +
                      "." + std::to_string(cc.minor));
    if (auto entered = ctx->enter(); !entered)
      return std::unexpected(entered.error());
    api = ctx->api;
  } else {
    auto d = cu::driver();
    if (!d)
      return std::unexpected(d.error());
    api = *d;
  }
  if (!api->cuTensorMapEncodeTiled)
    return fail(errc::no_driver,
                what(r) + ": the CUDA driver lacks cuTensorMapEncodeTiled "
                          "(tensor maps need a CUDA 12 driver)");
  unsigned box[5], element_strides[5] = {1, 1, 1, 1, 1};
  for (uint32_t i = 0; i < r.rank; ++i)
    box[i] = r.box[i];
  const int interleave_none = 0, l2_promotion_128b = 2, oob_fill_zeros = 0;
  int swizzle = int(r.swizzle); // CU_TENSOR_MAP_SWIZZLE_NONE, 32B, 64B, 128B
  int rc = api->cuTensorMapEncodeTiled(
      map, r.data_type, r.rank,
      reinterpret_cast<void *>(static_cast<uintptr_t>(r.address)),
      reinterpret_cast<const unsigned long long *>(r.shape),
      reinterpret_cast<const unsigned long long *>(r.strides), box,
      element_strides, interleave_none, swizzle, l2_promotion_128b,
      oob_fill_zeros);
  if (rc != cu::CUDA_SUCCESS)
    return std::unexpected(
        driver_error(api, rc, what(r) + ": cuTensorMapEncodeTiled"));
  return {};
}

} // namespace gpu::detail
