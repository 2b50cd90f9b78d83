// Hopper's warpgroup matrix multiply (PTX wgmma.mma_async, sm_90a): a
// warpgroup (four consecutive warps, 128 threads) multiplies a 64 x K tile
// of A by a K x N tile of B, both in shared memory, into a 64 x N f32
// accumulator spread over its registers; the multiply runs asynchronously.
//
//   [[gpu::shared]] gpu::wgmma::tile<gpu::half, 64, 64> a;   // A: 64 x 64
//   [[gpu::shared]] gpu::wgmma::tile<gpu::half, 128, 64> b;  // B^T: 128 x 64
//   ... fill them (a.at(r, k) = ..., b.at(n, k) = ...), sync_threads()
//   gpu::wgmma::accumulator<128> acc;                        // 64 x 128 f32
//   gpu::wgmma::fence(acc);                   // registers ready for wgmma
//   for (int k = 0; k < 64; k += 16)
//     gpu::wgmma::mma_async(acc, a.desc(0, k), b.desc(0, k), k > 0);
//   gpu::wgmma::commit();                     // the batch is one group
//   gpu::wgmma::wait<0>(acc);                 // done: acc may be read
//   for (int i = 0; i < acc.size; ++i) out(acc.row(i), acc.col(i)) = acc[i];
//
// Between mma_async and the wait<0>(acc) that releases it, the accumulator
// belongs to the tensor cores: reading, writing or passing it is a compile
// error (the plugin follows its values), as is a descriptor that is not
// the same on every thread. Both operands are K-major: A is row-major
// (row m, column k), B is given transposed (row n, column k), as PTX's
// mma .row.col. docs/hopper.md has the layouts and the protocol.
#ifndef GPU_WGMMA_HPP
#define GPU_WGMMA_HPP

#include <gpu/collectives.hpp>
#include <gpu/detail/intrinsics.hpp>
#include <gpu/detail/tensor_intrinsics.hpp>
#include <gpu/half.hpp>
#include <gpu/tensor_core.hpp>

#include <cstdint>
#include <cstdlib>
#include <type_traits>

namespace gpu::wgmma {

// How a tile's rows are laid out in shared memory: swizzle::b128 (rows of
// 128 bytes whose 16-byte chunks are XOR-permuted by the row, what TMA's
// 128-byte swizzle writes; the fast one), b64, b32, or none (8 x 16-byte
// core matrices, unpermuted).
enum class swizzle : int { none, b32, b64, b128 };

// Which dimension of an operand is contiguous in shared memory: K (tile:
// A row-major, B given transposed) or M/N (mn_major_tile: B stored as
// K x N row-major, as B[k][n] or attention's V[kv][d]; f16 and bf16).
enum class major : int { k, mn };

namespace detail {
using gpu::detail::mma_type;

template <class T> constexpr mma_type type_of() {
  if constexpr (std::is_same_v<T, gpu::half>)
    return mma_type::f16;
  else if constexpr (std::is_same_v<T, gpu::bfloat16>)
    return mma_type::bf16;
  else if constexpr (std::is_same_v<T, float>)
    return mma_type::tf32;
  else if constexpr (std::is_same_v<T, gpu::fp8_e4m3>)
    return mma_type::e4m3;
  else
    return mma_type::e5m2;
}
template <class T>
inline constexpr bool is_element_v =
    std::is_same_v<T, gpu::half> || std::is_same_v<T, gpu::bfloat16> ||
    std::is_same_v<T, float> || std::is_same_v<T, gpu::fp8_e4m3> ||
    std::is_same_v<T, gpu::fp8_e5m2>;

// Bytes of a row of a swizzle atom (a core matrix's width without one).
constexpr uint32_t row_bytes(swizzle s) {
  return s == swizzle::b128 ? 128 : s == swizzle::b64 ? 64
                                : s == swizzle::b32   ? 32
                                                      : 16;
}
// The descriptor's layout field (bits 62-63).
constexpr uint64_t layout_bits(swizzle s) {
  return s == swizzle::b128 ? 1 : s == swizzle::b64 ? 2
                              : s == swizzle::b32   ? 3
                                                    : 0;
}
constexpr uint64_t field(uint32_t bytes) { return (bytes & 0x3ffff) >> 4; }

// The address of `p` (in shared memory) in the shared window.
ALLOY_INTRINSIC("space.shared_address")
inline uint32_t shared_address(const void *) noexcept { return 0; }

template <int Count>
ALLOY_INTRINSIC("wgmma.fence")
inline void fence(float *) noexcept {
  ::gpu::detail::cpu::unsupported("wgmma.fence");
}
ALLOY_INTRINSIC("wgmma.commit") inline void commit() noexcept { ::gpu::detail::cpu::unsupported("wgmma.commit"); }
template <int Pending, int Count>
ALLOY_INTRINSIC("wgmma.wait")
inline void wait(float *) noexcept {
  ::gpu::detail::cpu::unsupported("wgmma.wait");
}
} // namespace detail

// A shared-memory matrix descriptor of element type T (PTX's 64-bit
// "matrix descriptor"): the start address, the strides and the swizzle of
// a K-major 8-row-group layout. Made by tile::desc, never by hand.
template <class T, major M = major::k> class descriptor {
public:
  static constexpr major majorness = M;
  uint64_t bits() const noexcept { return bits_; }

private:
  explicit descriptor(uint64_t bits) noexcept : bits_(bits) {}
  template <class, int, int, swizzle> friend class tile;
  template <class, int, int> friend class mn_major_tile;
  uint64_t bits_;
};

// A Rows x Cols tile of T in shared memory in wgmma's K-major layout: row
// r is row m of A (or n of B), column c is k. Rows a multiple of 8; Cols a
// multiple of one swizzle row (128 bytes for b128: 64 halves). The columns
// come in panels of one swizzle row each, panel after panel; declare it
// [[gpu::shared]] (it is 1024-byte aligned, as the swizzle needs).
template <class T, int Rows, int Cols, swizzle S = swizzle::b128>
class [[clang::annotate("alloy.shared_only")]] alignas(1024) tile {
  static_assert(detail::is_element_v<T>,
                "wgmma tiles hold gpu::half, gpu::bfloat16, float (tf32), "
                "gpu::fp8_e4m3 or gpu::fp8_e5m2");
  static constexpr uint32_t row_bytes = detail::row_bytes(S);
  static constexpr uint32_t per_row = row_bytes / sizeof(T);
  static_assert(Rows > 0 && Rows % 8 == 0, "a tile has 8-row groups");
  static_assert(Cols > 0 && Cols % per_row == 0,
                "a tile's columns fill whole swizzle rows (128 bytes for "
                "swizzle::b128, 16 for none)");

public:
  using element_type = T;
  static constexpr int rows = Rows, cols = Cols;
  // Elements of K one wgmma consumes (32 bytes of a row).
  static constexpr int k_step = int(32 / sizeof(T));
  static constexpr uint32_t bytes = uint32_t(Rows) * Cols * sizeof(T);

  tile() = default;
  tile(const tile &) = delete;
  tile &operator=(const tile &) = delete;

  // Byte offset of element (r, c) from the tile's start.
  static constexpr uint32_t offset(int r, int c) noexcept {
    uint32_t o = uint32_t(c) / per_row * Rows * row_bytes +
                 uint32_t(r) * row_bytes + uint32_t(c) % per_row * sizeof(T);
    if constexpr (S == swizzle::b128)
      o ^= ((o >> 7) & 7) << 4;
    else if constexpr (S == swizzle::b64)
      o ^= ((o >> 7) & 3) << 4;
    else if constexpr (S == swizzle::b32)
      o ^= ((o >> 7) & 1) << 4;
    return o;
  }
  T &at(int r, int c) noexcept {
    return *reinterpret_cast<T *>(reinterpret_cast<char *>(data_) +
                                  offset(r, c));
  }
  const T &at(int r, int c) const noexcept {
    return *reinterpret_cast<const T *>(
        reinterpret_cast<const char *>(data_) + offset(r, c));
  }
  void *data() noexcept { return data_; }

  // The descriptor of the 64 x k_step (A) or N x k_step (B) operand whose
  // first row is `row` (a multiple of 8) and first column `k` (a multiple
  // of k_step).
  descriptor<T> desc(int row, int k) const noexcept {
    uint32_t start = detail::shared_address(data_) +
                     uint32_t(k) / per_row * Rows * row_bytes +
                     uint32_t(row) * row_bytes +
                     uint32_t(k) % per_row * sizeof(T);
    // Leading byte offset: between the two 16-byte core-matrix columns of
    // a k-step (unswizzled: the next panel; swizzled: unused). Stride byte
    // offset: between 8-row groups.
    uint32_t leading = S == swizzle::none ? Rows * row_bytes : 16;
    uint32_t stride = 8 * row_bytes;
    return descriptor<T>(detail::field(start) |
                         detail::field(leading) << 16 |
                         detail::field(stride) << 32 |
                         detail::layout_bits(S) << 62);
  }

private:
  T data_[Rows * Cols];
};

// A K x N tile of B stored row by row along N (N-major): row k, column n,
// in panels of 64 columns (one 128-byte swizzle row each, 128-byte
// swizzle), panel after panel: what a TMA box of 64 x K elements with
// tma_swizzle::b128 writes from a row-major K x N matrix. f16 and bf16
// (wgmma transposes only 16-bit operands). Its descriptors make mma_async
// read B N-major (the PTX transpose flag), so C = A * B needs no B^T copy.
template <class T, int K, int N>
class [[clang::annotate("alloy.shared_only")]] alignas(1024) mn_major_tile {
  static_assert(std::is_same_v<T, gpu::half> ||
                    std::is_same_v<T, gpu::bfloat16>,
                "wgmma reads an N-major B only for gpu::half and "
                "gpu::bfloat16");
  static constexpr uint32_t row_bytes = 128;
  static constexpr uint32_t per_row = row_bytes / sizeof(T); // 64
  static_assert(K > 0 && K % 16 == 0, "an N-major tile has k16 slices");
  static_assert(N > 0 && N % per_row == 0,
                "an N-major tile's columns fill whole 64-element panels");

public:
  using element_type = T;
  static constexpr int rows = K, cols = N;
  static constexpr int k_step = 16;
  static constexpr uint32_t bytes = uint32_t(K) * N * sizeof(T);

  mn_major_tile() = default;
  mn_major_tile(const mn_major_tile &) = delete;
  mn_major_tile &operator=(const mn_major_tile &) = delete;

  // Byte offset of element (k, n) from the tile's start.
  static constexpr uint32_t offset(int k, int n) noexcept {
    uint32_t o = uint32_t(n) / per_row * K * row_bytes +
                 uint32_t(k) * row_bytes + uint32_t(n) % per_row * sizeof(T);
    return o ^ ((o >> 7) & 7) << 4;
  }
  T &at(int k, int n) noexcept {
    return *reinterpret_cast<T *>(reinterpret_cast<char *>(data_) +
                                  offset(k, n));
  }
  const T &at(int k, int n) const noexcept {
    return *reinterpret_cast<const T *>(
        reinterpret_cast<const char *>(data_) + offset(k, n));
  }
  void *data() noexcept { return data_; }

  // The descriptor of the k16 x (N - n) operand whose first row is `k` (a
  // multiple of 16) and first column `n` (a multiple of 64). Leading byte
  // offset: between 64-column panels; stride byte offset: between 8-row
  // groups along K.
  descriptor<T, major::mn> desc(int k, int n = 0) const noexcept {
    uint32_t start = detail::shared_address(data_) +
                     uint32_t(n) / per_row * K * row_bytes +
                     uint32_t(k) * row_bytes;
    return descriptor<T, major::mn>(
        detail::field(start) | detail::field(K * row_bytes) << 16 |
        detail::field(8 * row_bytes) << 32 |
        detail::layout_bits(swizzle::b128) << 62);
  }

private:
  T data_[K * N];
};

// The calling thread's warpgroup: its linear index in the block / 128, the
// same on the 128 threads of a warpgroup. Descriptors computed from it (and
// from block-uniform values) pass the check that every thread of the
// warpgroup gives the same descriptor; gpu::thread_idx().x / 128 does not,
// because in general blocks it is not. (CUTLASS reads it through a shuffle.)
inline int warpgroup_index() noexcept {
  uint32_t t = gpu::detail::block_rank();
  uint32_t g;
  // The marker names the result for Alloy's wgmma check (alloy-check-wgmma).
  asm("mov.b32 %0, %1; // alloy-warpgroup-uniform" : "=r"(g) : "r"(t / 128));
  return int(g);
}

// The 64 x N f32 accumulator of a warpgroup: N / 2 values on each of its
// 128 threads (N from 8 to 256, a multiple of 8).
template <int N> class accumulator {
  static_assert(N >= 8 && N <= 256 && N % 8 == 0,
                "wgmma's N is a multiple of 8 from 8 to 256");

public:
  static constexpr int size = N / 2, n = N;
  float &operator[](int i) noexcept { return v_[i]; }
  float operator[](int i) const noexcept { return v_[i]; }
  void zero() noexcept {
    for (int i = 0; i < size; ++i)
      v_[i] = 0.0f;
  }
  // Row (0-63) and column (0 to N-1) of value i on this thread.
  static uint32_t row(int i) noexcept {
    uint32_t t = thread_in_group();
    return t / 32 * 16 + t % 32 / 4 + 8 * uint32_t(i / 2 % 2);
  }
  static uint32_t col(int i) noexcept {
    return uint32_t(i / 4) * 8 + thread_in_group() % 4 * 2 + uint32_t(i % 2);
  }
  float *data() noexcept { return v_; }

private:
  static uint32_t thread_in_group() noexcept {
    return gpu::detail::block_rank() % 128;
  }
  float v_[N / 2];
};

// A's 64 x 16 operand in registers (f16 or bf16): 8 elements per thread in
// four 32-bit registers, each warp of the warpgroup holding 16 rows in
// mma.sync's A-fragment order. Element i is at row(i), col(i). The
// FlashAttention idiom: from(acc, j) rounds columns 16 j .. 16 j + 15 of a
// 64 x N accumulator (P = softmax(S)) into the A operand of the next
// product (P * V), with no trip through shared memory.
template <class T> class alignas(16) a_fragment {
  static_assert(std::is_same_v<T, gpu::half> ||
                    std::is_same_v<T, gpu::bfloat16>,
                "wgmma takes A in registers for gpu::half and gpu::bfloat16");

public:
  using element_type = T;
  static constexpr int size = 8;
  a_fragment() noexcept {}
  T &operator[](int i) noexcept { return v_[i]; }
  T operator[](int i) const noexcept { return v_[i]; }
  // Row (0-63) and column (0-15) of element i on this thread.
  static uint32_t row(int i) noexcept {
    uint32_t t = thread_in_group();
    return t / 32 * 16 + t % 32 / 4 + 8 * uint32_t(i / 2 % 2);
  }
  static uint32_t col(int i) noexcept {
    return thread_in_group() % 4 * 2 + uint32_t(i % 2) + 8 * uint32_t(i / 4);
  }
  // Columns 16 j .. 16 j + 15 of `acc`, rounded to T: element i is
  // acc[8 j + i] (the layouts line up). One packed conversion
  // (cvt.rn.f16x2.f32 / .bf16x2) per register, written whole, so the mma
  // reads it as converted (element by element, LLVM reassembled the
  // registers with a prmt each).
  template <int N>
  static a_fragment from(const accumulator<N> &acc, int j) noexcept {
    a_fragment f;
    for (int r = 0; r < 4; ++r)
      f.r_[r] = gpu::detail::packed2_from_f32<
          gpu::detail::half_format<typename T::value_type>::elem>(
          acc[8 * j + 2 * r], acc[8 * j + 2 * r + 1]);
    return f;
  }

private:
  static uint32_t thread_in_group() noexcept {
    return gpu::detail::block_rank() % 128;
  }
  union { // the elements, or the four registers (clang defines the punning)
    T v_[8];
    uint32_t r_[4];
  };
};

template <class T> inline constexpr bool is_accumulator_v = false;
template <int N> inline constexpr bool is_accumulator_v<accumulator<N>> = true;

// wgmma.fence.sync.aligned: the accumulators' registers (written by this
// thread since the last wgmma) are ready for the tensor cores. Before the
// first mma_async of a batch. Warpgroup-synchronous.
template <class... Acc> inline void fence(Acc &...accs) noexcept {
  static_assert((is_accumulator_v<Acc> && ...),
                "gpu::wgmma::fence takes accumulators");
  if constexpr (sizeof...(Acc) == 0)
    detail::fence<0>(nullptr);
  else
    (detail::fence<Acc::size>(accs.data()), ...);
}

// acc = A * B + (accumulate ? acc : 0), asynchronously:
// wgmma.mma_async.sync.aligned.m64nNkK.f32.T.T. Warpgroup-synchronous; the
// descriptors must be the same on every thread.
// (The call itself is the intrinsic, so that errors point at it.)
// B is K-major (tile::desc) or N-major (mn_major_tile::desc).
template <int N, class T, major MB,
          detail::mma_type AB = detail::type_of<T>()>
ALLOY_INTRINSIC("wgmma.mma_async")
inline void mma_async(accumulator<N> &, descriptor<T>, descriptor<T, MB>,
                      bool accumulate = true) noexcept {
  (void)accumulate;
  ::gpu::detail::cpu::unsupported("wgmma.mma_async");
}

// The same with A in registers (f16, bf16; m64nNk16). Like the
// accumulator, A's registers belong to the tensor cores until a wait
// covers the mma's group. The mma reads the fragment's value at the call,
// so changing the variable afterwards is fine; what is not is a loop that
// does not unroll and writes the same registers in its next iteration
// before a wait (the plugin warns: alloy-check-wgmma).
template <int N, class T, major MB,
          detail::mma_type AB = detail::type_of<T>()>
ALLOY_INTRINSIC("wgmma.mma_async_rega")
inline void mma_async(accumulator<N> &, const a_fragment<T> &,
                      descriptor<T, MB>, bool accumulate = true) noexcept {
  (void)accumulate;
  ::gpu::detail::cpu::unsupported("wgmma.mma_async_rega");
}

// wgmma.commit_group.sync.aligned: the mma_asyncs since the last commit
// form one group.
inline void commit() noexcept { detail::commit(); }

// wgmma.wait_group.sync.aligned Pending: waits until at most `Pending`
// groups are in flight. wait<0>(acc...) also hands the accumulators back to
// the program; with Pending > 0 they stay in flight.
template <int Pending, class... Acc> inline void wait(Acc &...accs) noexcept {
  static_assert(Pending >= 0 && Pending <= 7,
                "wgmma.wait_group takes 0 to 7 pending groups");
  static_assert((is_accumulator_v<Acc> && ...),
                "gpu::wgmma::wait takes accumulators");
  static_assert(Pending == 0 || sizeof...(Acc) == 0,
                "only wait<0> releases accumulators: with groups still in "
                "flight they may still be written");
  if constexpr (sizeof...(Acc) == 0)
    detail::wait<Pending, 0>(nullptr);
  else
    (detail::wait<Pending, Acc::size>(accs.data()), ...);
}

// The protocol as a scope: fence on entry; commit and wait<0> on exit.
//   { gpu::wgmma::batch b(acc); b.mma(a.desc(0, k), w.desc(0, k)); }
template <int N> class batch {
public:
  explicit batch(accumulator<N> &acc) noexcept : acc_(acc) { fence(acc_); }
  batch(const batch &) = delete;
  batch &operator=(const batch &) = delete;
  template <class T, major MB>
  void mma(descriptor<T> a, descriptor<T, MB> b,
           bool accumulate = true) noexcept {
    mma_async(acc_, a, b, accumulate);
  }
  ~batch() {
    commit();
    wait<0>(acc_);
  }

private:
  accumulator<N> &acc_;
};

} // namespace gpu::wgmma

#endif
