// The tensor memory accelerator (TMA, sm_90): tiles of a tensor in global
// memory copied to and from shared memory by the copy engine. docs/hopper.md
// ("TMA") has the model; the host side builds a gpu::tensor_map, the
// kernel takes it as a `const` parameter and names tiles by coordinates.
//
//   // host: a rows x cols row-major matrix of floats, 64 x 32 tiles
//   auto map = gpu::tensor_map<float, 2>::tiled(buf, {cols, rows}, {64, 32})
//                  .value();
//   gpu::launch(stream, prepared, map, ...);
//
//   // kernel
//   void k(const gpu::tensor_map<float, 2> map, ...) {
//     [[gpu::shared]] alignas(128) float tile[32][64];
//     [[gpu::shared]] gpu::mbarrier bar;
//     ... bar.init(1); gpu::fence_mbarrier_init(); sync_threads() ...
//     if (thread 0) {
//       bar.arrive_expect_tx(sizeof(tile));
//       gpu::tma::load(&tile[0][0], map, x, y, bar);   // x: column, y: row
//     }
//     bar.wait_parity(0);
//
// Shapes, boxes and coordinates are innermost first, as in CUDA's
// cuTensorMapEncodeTiled and PTX: index 0 is the contiguous dimension (a
// row-major matrix's columns), index 1 the next (its rows), and so on.
#ifndef GPU_TMA_HPP
#define GPU_TMA_HPP

#include <gpu/detail/tma_intrinsics.hpp>
#include <gpu/half.hpp>
#include <gpu/hopper.hpp>
#include <gpu/runtime.hpp>
#include <gpu/transfers.hpp>

#include <array>
#include <cassert>
#include <cstdint>
#include <optional>
#include <type_traits>

namespace gpu {

// How TMA arranges a box in shared memory: `none` row after row; the
// others permute the 16-byte chunks of each 32/64/128-byte row segment
// (CU_TENSOR_MAP_SWIZZLE_32B/64B/128B) so that column accesses do not
// conflict in banks. A swizzled box's innermost extent is at most the
// swizzle's span in bytes.
enum class tma_swizzle : uint8_t { none, b32, b64, b128 };

namespace detail {

// CUtensorMapDataType of an element type: half, bfloat16, float, double,
// 32/64-bit integers by name; any other 1, 2, 4 or 8-byte trivially
// copyable type (int8_t, uint8_t, int16_t, fp8, ...) as unsigned bits of
// its size, which TMA moves unchanged and fills with zeros out of bounds.
template <class T> constexpr int tensor_map_data_type() {
  if constexpr (std::is_same_v<T, gpu::half>)
    return 6; // FLOAT16
  else if constexpr (std::is_same_v<T, gpu::bfloat16>)
    return 9; // BFLOAT16
  else if constexpr (std::is_same_v<T, float>)
    return 7; // FLOAT32
  else if constexpr (std::is_same_v<T, double>)
    return 8; // FLOAT64
  else if constexpr (std::is_same_v<T, int32_t>)
    return 3; // INT32
  else if constexpr (std::is_same_v<T, int64_t>)
    return 5; // INT64
  else if constexpr (sizeof(T) == 1)
    return 0; // UINT8
  else if constexpr (sizeof(T) == 2)
    return 1; // UINT16
  else if constexpr (sizeof(T) == 4)
    return 2; // UINT32
  else
    return 4; // UINT64
}

// One cuTensorMapEncodeTiled call, described for the runtime's checks.
struct tensor_map_request {
  int data_type = 0;       // CUtensorMapDataType
  uint32_t elem_size = 0;  // bytes
  uint32_t rank = 0;       // 1 to 5
  uint64_t address = 0;    // the tensor's first element
  uint64_t bytes = 0;      // the memory behind `address`; 0: not known
  const raw_buffer *buffer = nullptr; // its buffer; null for an address
  const uint64_t *shape;   // rank extents, innermost first, in elements
  const uint64_t *strides; // rank - 1 byte strides of dimensions 1, 2, ...
  const uint32_t *box;     // rank extents, innermost first, in elements
  tma_swizzle swizzle = tma_swizzle::none;
};

// Why the driver would reject `r` (its documented constraints, checked
// here so that the message names the dimension), or nothing.
std::optional<gpu::error> check_tensor_map(const tensor_map_request &r);
// Checks `r`, then encodes it into the 128 bytes at `map` (128-aligned).
result<void> encode_tensor_map(void *map, const tensor_map_request &r);

} // namespace detail

// A TMA descriptor (CUDA's CUtensorMap: 128 opaque bytes, 128-aligned as CUDA 13 requires) of a
// Rank-dimensional tensor of T in global memory and the box (tile) one copy
// moves. Built on the host; a kernel takes it by value as a `const`
// parameter, which stays in the kernel's parameter space (CUDA's
// `const __grid_constant__`): TMA reads it there, no copy is made. Only
// the parameter itself can be used: a copy in a local variable would be in
// thread-private memory, which TMA cannot read (pass it on by reference).
template <class T, int Rank>
class [[clang::annotate("alloy.grid_constant")]] alignas(128) tensor_map {
  static_assert(Rank >= 1 && Rank <= 5,
                "gpu::tensor_map: TMA tensors have 1 to 5 dimensions");
  static_assert(std::is_trivially_copyable_v<T> && !std::is_const_v<T> &&
                    (sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 ||
                     sizeof(T) == 8),
                "gpu::tensor_map: the element type is a trivially copyable "
                "type of 1, 2, 4 or 8 bytes");

public:
  using element_type = T;
  static constexpr int rank = Rank;
  // Extents in elements, innermost (contiguous) dimension first.
  using extents = std::array<uint64_t, Rank>;
  // Element strides of dimensions 1 to Rank - 1 (dimension 0 is
  // contiguous): strides[i] elements from one index of dimension i + 1 to
  // the next; each a multiple of 16 bytes.
  using strides_type = std::array<uint64_t, Rank - 1>;
  // The box: the elements one copy moves along each dimension (1 to 256;
  // box[0] * sizeof(T) a multiple of 16 bytes).
  using box_extents = std::array<uint32_t, Rank>;

  // A dense tensor of `shape` filling the start of `buffer`.
  static result<tensor_map> tiled(const device_buffer<T> &buffer,
                                  const extents &shape, const box_extents &box,
                                  tma_swizzle swizzle = tma_swizzle::none) {
    return tiled(buffer, shape, dense_strides(shape), box, swizzle);
  }
  // A tensor of `shape` in `buffer` with `strides` (a pitched matrix).
  static result<tensor_map> tiled(const device_buffer<T> &buffer,
                                  const extents &shape,
                                  const strides_type &strides,
                                  const box_extents &box,
                                  tma_swizzle swizzle = tma_swizzle::none) {
    return encode(&detail::buffer_access::raw(buffer), buffer.device_address(),
                  buffer.bytes(), shape, strides, box, swizzle);
  }
  // Interop: a tensor at `address` in device memory allocated by other
  // code (a CUdeviceptr), whose size the runtime does not know.
  static result<tensor_map> tiled(std::uintptr_t address, const extents &shape,
                                  const strides_type &strides,
                                  const box_extents &box,
                                  tma_swizzle swizzle = tma_swizzle::none) {
    return encode(nullptr, uint64_t(address), 0, shape, strides, box, swizzle);
  }

  // The CUtensorMap's bytes, for CUDA code:
  // *reinterpret_cast<const CUtensorMap *>(map.native_handle()).
  const void *native_handle() const noexcept { return opaque_; }

private:
  tensor_map() = default;

  static strides_type dense_strides(const extents &shape) {
    strides_type s{};
    uint64_t step = 1;
    for (int i = 0; i + 1 < Rank; ++i) {
      step *= shape[i];
      s[i] = step;
    }
    return s;
  }

  static result<tensor_map> encode(const detail::raw_buffer *buffer,
                                   uint64_t address, uint64_t bytes,
                                   const extents &shape,
                                   const strides_type &strides,
                                   const box_extents &box,
                                   tma_swizzle swizzle) {
    std::array<uint64_t, Rank> byte_strides{}; // Rank - 1 used
    for (int i = 0; i + 1 < Rank; ++i)
      byte_strides[i] = strides[i] * sizeof(T);
    detail::tensor_map_request r;
    r.data_type = detail::tensor_map_data_type<T>();
    r.elem_size = sizeof(T);
    r.rank = Rank;
    r.address = address;
    r.bytes = bytes;
    r.buffer = buffer;
    r.shape = shape.data();
    r.strides = byte_strides.data();
    r.box = box.data();
    r.swizzle = swizzle;
    tensor_map map;
    if (auto done = detail::encode_tensor_map(map.opaque_, r); !done)
      return std::unexpected(done.error());
    return map;
  }

  uint64_t opaque_[16];
};

namespace tma {

// TMA load (sm_90): the box of `map` whose first element has coordinates
// (x, y, ...) (innermost first, signed: a box may stick out of the tensor
// on any side; elements outside are filled with zeros) into shared memory
// at `dst`, which is 128-byte aligned (1024 with tma_swizzle::b128, so
// that the swizzle pattern starts with the box). Completes on `bar`: the
// box's bytes count against the phase's expected transactions (announce
// them with bar.arrive_expect_tx). One thread issues it.
// cp.async.bulk.tensor.Nd.shared::cluster.global.tile.mbarrier::complete_tx::bytes
template <class T>
inline void load(std::type_identity_t<T> *dst, const tensor_map<T, 1> &map,
                 int32_t x, mbarrier &bar) noexcept {
  detail::tma_load(dst, &map, &bar, x);
}
template <class T>
inline void load(std::type_identity_t<T> *dst, const tensor_map<T, 2> &map,
                 int32_t x, int32_t y, mbarrier &bar) noexcept {
  detail::tma_load(dst, &map, &bar, x, y);
}
template <class T>
inline void load(std::type_identity_t<T> *dst, const tensor_map<T, 3> &map,
                 int32_t x, int32_t y, int32_t z, mbarrier &bar) noexcept {
  detail::tma_load(dst, &map, &bar, x, y, z);
}
template <class T>
inline void load(std::type_identity_t<T> *dst, const tensor_map<T, 4> &map,
                 int32_t x, int32_t y, int32_t z, int32_t w,
                 mbarrier &bar) noexcept {
  detail::tma_load(dst, &map, &bar, x, y, z, w);
}
template <class T>
inline void load(std::type_identity_t<T> *dst, const tensor_map<T, 5> &map,
                 int32_t x, int32_t y, int32_t z, int32_t w, int32_t v,
                 mbarrier &bar) noexcept {
  detail::tma_load(dst, &map, &bar, x, y, z, w, v);
}

// Multicast TMA load (sm_90, a cluster launch): as load, but the box lands
// at `dst`'s place in the shared memory of every block of the cluster whose
// rank (gpu::cluster::block_rank) is a set bit of `blocks`, and its bytes
// complete on the mbarrier at `bar`'s place in each of them: every
// receiving block expects the bytes on its own mbarrier. The blocks of a
// cluster can so share one read of a tile (a GEMM's B across the blocks
// of a cluster row), each issuing its part. One thread issues it.
// cp.async.bulk.tensor.Nd...mbarrier::complete_tx::bytes.multicast::cluster
template <class T>
inline void load_multicast(std::type_identity_t<T> *dst,
                           const tensor_map<T, 1> &map, int32_t x,
                           mbarrier &bar, uint16_t blocks) noexcept {
  detail::tma_load_multicast(dst, &map, &bar, blocks, x);
}
template <class T>
inline void load_multicast(std::type_identity_t<T> *dst,
                           const tensor_map<T, 2> &map, int32_t x, int32_t y,
                           mbarrier &bar, uint16_t blocks) noexcept {
  detail::tma_load_multicast(dst, &map, &bar, blocks, x, y);
}
template <class T>
inline void load_multicast(std::type_identity_t<T> *dst,
                           const tensor_map<T, 3> &map, int32_t x, int32_t y,
                           int32_t z, mbarrier &bar, uint16_t blocks) noexcept {
  detail::tma_load_multicast(dst, &map, &bar, blocks, x, y, z);
}
template <class T>
inline void load_multicast(std::type_identity_t<T> *dst,
                           const tensor_map<T, 4> &map, int32_t x, int32_t y,
                           int32_t z, int32_t w, mbarrier &bar,
                           uint16_t blocks) noexcept {
  detail::tma_load_multicast(dst, &map, &bar, blocks, x, y, z, w);
}
template <class T>
inline void load_multicast(std::type_identity_t<T> *dst,
                           const tensor_map<T, 5> &map, int32_t x, int32_t y,
                           int32_t z, int32_t w, int32_t v, mbarrier &bar,
                           uint16_t blocks) noexcept {
  detail::tma_load_multicast(dst, &map, &bar, blocks, x, y, z, w, v);
}

// TMA store (sm_90): the box at `src` in shared memory (aligned as for
// load) to the tensor at coordinates (x, y, ...); elements outside the
// tensor are not written. Part of this thread's current bulk group
// (store_commit, store_wait). After writing `src` with ordinary stores,
// gpu::fence_proxy_async() (and a barrier, if other threads wrote it)
// comes first. cp.async.bulk.tensor.Nd.global.shared::cta.tile.bulk_group
// Coordinates must not be negative: a box may stick out past the end of a
// dimension (those elements are not written) but not before its start,
// which the H200 answers with an illegal instruction that kills the
// context; a debug build (no NDEBUG) asserts it first.
template <class T>
inline void store(const tensor_map<T, 1> &map, int32_t x,
                  const std::type_identity_t<T> *src) noexcept {
  assert(x >= 0 && "gpu::tma::store: negative coordinate");
  detail::tma_store(&map, src, x);
}
template <class T>
inline void store(const tensor_map<T, 2> &map, int32_t x, int32_t y,
                  const std::type_identity_t<T> *src) noexcept {
  assert(x >= 0 && y >= 0 && "gpu::tma::store: negative coordinate");
  detail::tma_store(&map, src, x, y);
}
template <class T>
inline void store(const tensor_map<T, 3> &map, int32_t x, int32_t y, int32_t z,
                  const std::type_identity_t<T> *src) noexcept {
  assert(x >= 0 && y >= 0 && z >= 0 && "gpu::tma::store: negative coordinate");
  detail::tma_store(&map, src, x, y, z);
}
template <class T>
inline void store(const tensor_map<T, 4> &map, int32_t x, int32_t y, int32_t z,
                  int32_t w, const std::type_identity_t<T> *src) noexcept {
  assert(x >= 0 && y >= 0 && z >= 0 && w >= 0 &&
         "gpu::tma::store: negative coordinate");
  detail::tma_store(&map, src, x, y, z, w);
}
template <class T>
inline void store(const tensor_map<T, 5> &map, int32_t x, int32_t y, int32_t z,
                  int32_t w, int32_t v,
                  const std::type_identity_t<T> *src) noexcept {
  assert(x >= 0 && y >= 0 && z >= 0 && w >= 0 && v >= 0 &&
         "gpu::tma::store: negative coordinate");
  detail::tma_store(&map, src, x, y, z, w, v);
}

// cp.async.bulk.commit_group (sm_90): closes this thread's current bulk
// group of stores.
inline void store_commit() noexcept { detail::tma_store_commit(); }
// cp.async.bulk.wait_group.read N (sm_90): waits until at most N of this
// thread's committed groups still read their shared-memory sources, which
// may then be overwritten.
template <int N = 0> inline void store_wait() noexcept {
  static_assert(N >= 0 && N <= 63, "gpu::tma::store_wait<N>: N is 0 to 63");
  detail::tma_store_wait<N, true>();
}
// cp.async.bulk.wait_group N (sm_90): waits until at most N groups are
// pending at all: the others' writes to global memory are done.
template <int N = 0> inline void store_wait_writes() noexcept {
  static_assert(N >= 0 && N <= 63,
                "gpu::tma::store_wait_writes<N>: N is 0 to 63");
  detail::tma_store_wait<N, false>();
}

// prefetch.tensormap (sm_90): fetches the descriptor into its cache ahead
// of the first copy.
template <class T, int Rank>
inline void prefetch(const tensor_map<T, Rank> &map) noexcept {
  detail::tma_prefetch(&map);
}

} // namespace tma
} // namespace gpu

#endif
