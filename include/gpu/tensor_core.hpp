// The tensor cores from C++: warp-level matrix multiply (PTX mma.sync) on
// typed fragments, ldmatrix/stmatrix, and asynchronous global-to-shared
// copies (cp.async) into memory the type system knows is shared.
//
//   using namespace gpu::mma;
//   fragment<role::a, m16n8k16, gpu::half> a;     // 8 halves of this lane
//   fragment<role::b, m16n8k16, gpu::half> b;
//   fragment<role::accumulator, m16n8k16, float> acc{};
//   load(a, row_major, [&](uint32_t r, uint32_t c) { return tile_a + r * 40 + c; });
//   load(b, row_major, [&](uint32_t r, uint32_t c) { return tile_b + r * 136 + c; });
//   mma(acc, a, b);                               // acc += a * b
//   for (int i = 0; i < acc.size; ++i) out[acc.row(i) * n + acc.col(i)] = acc[i];
//
// Every fragment says which element of its matrix each of its values is on
// this lane (row(i), col(i)), so code never spells the layouts out; they
// are drawn in docs/tensor-cores.md. Fragments of the wrong role, shape or
// element type do not compile. docs/tensor-cores.md has the whole API.
#ifndef GPU_TENSOR_CORE_HPP
#define GPU_TENSOR_CORE_HPP

#include <gpu/detail/tensor_intrinsics.hpp>
#include <gpu/device.hpp>
#include <gpu/half.hpp>

#include <bit>
#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace gpu {

// 8-bit floats, as stored (PTX's e4m3 and e5m2); mma operands only.
struct fp8_e4m3 {
  uint8_t bits;
};
struct fp8_e5m2 {
  uint8_t bits;
};

// A pointer into shared memory. Asynchronous copies and ldmatrix accept
// only these, so a global or local destination does not compile. Made by
// gpu::shared_ptr_to (a shared_array), gpu::dynamic_shared_ptr, or, for a
// pointer the program knows to be shared, gpu::assume_shared.
template <class T> class smem_ptr {
public:
  constexpr smem_ptr() noexcept = default;
  T *get() const noexcept { return p_; }
  T &operator*() const noexcept { return *p_; }
  T &operator[](std::ptrdiff_t i) const noexcept { return p_[i]; }
  smem_ptr operator+(std::ptrdiff_t i) const noexcept { return smem_ptr(p_ + i); }
  smem_ptr operator-(std::ptrdiff_t i) const noexcept { return smem_ptr(p_ - i); }
  smem_ptr &operator+=(std::ptrdiff_t i) noexcept { return p_ += i, *this; }
  // The same bytes as another type (a tile of halves as 16-byte rows).
  template <class U> smem_ptr<U> cast() const noexcept {
    return smem_ptr<U>(reinterpret_cast<U *>(p_));
  }
  operator smem_ptr<const T>() const noexcept { return smem_ptr<const T>(p_); }

private:
  explicit smem_ptr(T *p) noexcept : p_(p) {}
  template <class U> friend class smem_ptr;
  template <class U> friend smem_ptr<U> assume_shared(U *) noexcept;
  T *p_ = nullptr;
};

// `p` points into shared memory: the caller's promise (CUDA's
// __cvta_generic_to_shared); a pointer elsewhere is undefined behaviour.
template <class T> smem_ptr<T> assume_shared(T *p) noexcept {
  return smem_ptr<T>(p);
}
template <class T, size_t N>
smem_ptr<T> shared_ptr_to(shared_array<T, N> &a) noexcept {
  return assume_shared(a.data());
}
// The launch's dynamic shared memory (16-byte aligned).
template <class T> smem_ptr<T> dynamic_shared_ptr() noexcept {
  return assume_shared(static_cast<T *>(detail::dynamic_shared_base()));
}

// --- Asynchronous copies (sm_80) -------------------------------------------
// cp.async: BYTES (4, 8 or 16) from global `src` to shared `dst`, both
// aligned to BYTES, in the background; `src_bytes` < BYTES copies that many
// and zero-fills the rest (ragged edges; 0 fills with zeros and reads
// nothing). 16-byte copies bypass L1 (.cg) unless `keep_in_l1`.
enum class cache { global, all };
template <int Bytes, cache Policy = (Bytes == 16 ? cache::global : cache::all),
          class T>
void cp_async(smem_ptr<T> dst, const T *src) noexcept {
  static_assert(Bytes == 4 || Bytes == 8 || Bytes == 16,
                "gpu::cp_async copies 4, 8 or 16 bytes");
  static_assert(Policy == cache::all || Bytes == 16,
                "gpu::cp_async: cache::global (cp.async.cg) needs 16 bytes");
  static_assert(!std::is_const_v<T>, "gpu::cp_async: the destination is const");
  detail::cp_async<Bytes, Policy == cache::global, false>(dst.get(), src,
                                                          Bytes);
}
template <int Bytes, cache Policy = (Bytes == 16 ? cache::global : cache::all),
          class T>
void cp_async(smem_ptr<T> dst, const T *src, uint32_t src_bytes) noexcept {
  static_assert(Bytes == 4 || Bytes == 8 || Bytes == 16,
                "gpu::cp_async copies 4, 8 or 16 bytes");
  static_assert(Policy == cache::all || Bytes == 16,
                "gpu::cp_async: cache::global (cp.async.cg) needs 16 bytes");
  static_assert(!std::is_const_v<T>, "gpu::cp_async: the destination is const");
  detail::cp_async<Bytes, Policy == cache::global, true>(dst.get(), src,
                                                         src_bytes);
}
// Ends the current group of copies (cp.async.commit_group).
inline void cp_async_commit() noexcept { detail::cp_async_commit(); }
// Waits until at most N of this thread's groups are still in flight
// (cp.async.wait_group N); the copies' data is visible to this thread, and
// to the block after a sync_threads().
template <int N> void cp_async_wait() noexcept {
  static_assert(N >= 0 && N <= 7, "gpu::cp_async_wait<N>: N is 0 to 7");
  detail::cp_async_wait<N>();
}
inline void cp_async_wait_all() noexcept { detail::cp_async_wait<0>(); }

// A ring of STAGES buffers filled by cp.async, one commit group per stage:
//   pipeline<3> p;
//   for (s = 0; s < 2; ++s) { issue copies of stage s; p.commit(); }
//   for (k ...) { p.wait_for_oldest(); sync_threads(); compute on stage p.read();
//                 issue copies of k + 2 into p.write(); p.commit(); }
template <int Stages> class pipeline {
  static_assert(Stages >= 2 && Stages <= 8, "gpu::pipeline: 2 to 8 stages");

public:
  static constexpr int stages = Stages;
  // Commits the copies issued since the last commit as one stage.
  void commit() noexcept {
    cp_async_commit();
    write_ = write_ + 1 == Stages ? 0 : write_ + 1;
  }
  // Waits for the oldest stage in flight (all but STAGES - 2 groups).
  void wait_for_oldest() noexcept { cp_async_wait<Stages - 2>(); }
  // Advances the stage to read (after its computation).
  void release() noexcept { read_ = read_ + 1 == Stages ? 0 : read_ + 1; }
  int read() const noexcept { return read_; }
  int write() const noexcept { return write_; }

private:
  int read_ = 0, write_ = 0;
};

namespace mma {

// mma.sync shapes.
struct m16n8k16 {
  static constexpr int m = 16, n = 8, k = 16;
};
struct m16n8k8 {
  static constexpr int m = 16, n = 8, k = 8;
};
struct m16n8k32 {
  static constexpr int m = 16, n = 8, k = 32;
};

// An operand of float values that the tensor cores read as TF32.
struct tf32 {};

enum class role { a, b, accumulator };

// How a tile is stored in shared memory: row_major (each row contiguous)
// or col_major (each column contiguous). load() picks ldmatrix or
// ldmatrix.trans from it.
struct row_major_t {};
struct col_major_t {};
inline constexpr row_major_t row_major{};
inline constexpr col_major_t col_major{};

namespace detail {
using gpu::detail::mma_type;
template <class T> constexpr mma_type type_of() {
  if constexpr (std::is_same_v<T, gpu::half>)
    return mma_type::f16;
  else if constexpr (std::is_same_v<T, gpu::bfloat16>)
    return mma_type::bf16;
  else if constexpr (std::is_same_v<T, tf32>)
    return mma_type::tf32;
  else if constexpr (std::is_same_v<T, int8_t>)
    return mma_type::s8;
  else if constexpr (std::is_same_v<T, uint8_t>)
    return mma_type::u8;
  else if constexpr (std::is_same_v<T, gpu::fp8_e4m3>)
    return mma_type::e4m3;
  else if constexpr (std::is_same_v<T, gpu::fp8_e5m2>)
    return mma_type::e5m2;
  else if constexpr (std::is_same_v<T, float>)
    return mma_type::f32;
  else
    return mma_type::s32;
}
// Bits of one element of a multiplicand (tf32 travels as a 32-bit float).
template <class T> constexpr int bits_of() {
  if constexpr (std::is_same_v<T, tf32>)
    return 32;
  else
    return int(sizeof(T)) * 8;
}
// The shapes and types PTX's mma.sync has (and Alloy wraps): multiplicand
// T with accumulator Acc.
template <class Shape, class T, class Acc> constexpr bool supported() {
  constexpr bool half_like =
      std::is_same_v<T, gpu::half> || std::is_same_v<T, gpu::bfloat16>;
  if constexpr (std::is_same_v<Shape, m16n8k16>)
    return (half_like && std::is_same_v<Acc, float>) ||
           (std::is_same_v<T, gpu::half> && std::is_same_v<Acc, gpu::half>);
  else if constexpr (std::is_same_v<Shape, m16n8k8>)
    return std::is_same_v<T, tf32> && std::is_same_v<Acc, float>;
  else if constexpr (std::is_same_v<Shape, m16n8k32>)
    return ((std::is_same_v<T, int8_t> || std::is_same_v<T, uint8_t>) &&
            std::is_same_v<Acc, int32_t>) ||
           ((std::is_same_v<T, gpu::fp8_e4m3> ||
             std::is_same_v<T, gpu::fp8_e5m2>) &&
            std::is_same_v<Acc, float>);
  else
    return false;
}
template <class Shape, class T> constexpr bool supported_multiplicand() {
  return supported<Shape, T, float>() || supported<Shape, T, int32_t>() ||
         supported<Shape, T, gpu::half>();
}
} // namespace detail

template <role R, class Shape, class T> struct fragment;

// A multiplicand fragment: this lane's `size` elements of the M x K (A) or
// K x N (B) tile, packed into 32-bit registers as mma.sync takes them.
template <role R, class Shape, class T>
  requires(R != role::accumulator)
struct fragment<R, Shape, T> {
  static_assert(detail::supported_multiplicand<Shape, T>(),
                "gpu::mma::fragment: this element type has no mma.sync of "
                "this shape (m16n8k16: half, bfloat16; m16n8k8: tf32; "
                "m16n8k32: int8_t, uint8_t, fp8_e4m3, fp8_e5m2)");
  using shape = Shape;
  using element_type = T;
  static constexpr mma::role role = R;
  static constexpr int size =
      (R == role::a ? Shape::m * Shape::k : Shape::k * Shape::n) / 32;
  static constexpr int registers = size * detail::bits_of<T>() / 32;
  static constexpr int per_register = size / registers;

  uint32_t reg[registers];

  // Row and column (in the M x K or K x N tile) of element i on this lane
  // (PTX ISA, "Matrix Fragments for mma.m16n8k*").
  static uint32_t row(int i) noexcept { return coord(i).first; }
  static uint32_t col(int i) noexcept { return coord(i).second; }

private:
  struct rc {
    uint32_t first, second;
  };
  static rc coord(int i) noexcept {
    uint32_t lane = gpu::detail::lane_id();
    uint32_t group = lane >> 2, tig = lane & 3;
    uint32_t i_ = uint32_t(i);
    if constexpr (detail::bits_of<T>() == 32) { // tf32, m16n8k8
      if constexpr (R == role::a)
        return {group + 8 * (i_ % 2), tig + 4 * (i_ / 2)};
      else
        return {tig + 4 * i_, group};
    } else if constexpr (detail::bits_of<T>() == 16) { // m16n8k16
      if constexpr (R == role::a)
        return {group + 8 * ((i_ / 2) % 2), tig * 2 + (i_ % 2) + 8 * (i_ / 4)};
      else
        return {tig * 2 + (i_ % 2) + 8 * (i_ / 2), group};
    } else { // 8-bit, m16n8k32
      if constexpr (R == role::a)
        return {group + 8 * ((i_ / 4) % 2), tig * 4 + (i_ % 4) + 16 * (i_ / 8)};
      else
        return {tig * 4 + (i_ % 4) + 16 * (i_ / 4), group};
    }
  }
};

// An accumulator fragment: this lane's 4 elements of the M x N tile.
template <class Shape, class Acc>
struct fragment<role::accumulator, Shape, Acc> {
  static_assert(std::is_same_v<Acc, float> || std::is_same_v<Acc, int32_t> ||
                    std::is_same_v<Acc, gpu::half>,
                "gpu::mma::fragment: an accumulator is float, int32_t or "
                "gpu::half");
  using shape = Shape;
  using element_type = Acc;
  static constexpr mma::role role = role::accumulator;
  static constexpr int size = Shape::m * Shape::n / 32;
  // half accumulators travel as pairs in 32-bit registers.
  static constexpr int registers = std::is_same_v<Acc, gpu::half> ? 2 : 4;
  using register_type =
      std::conditional_t<std::is_same_v<Acc, gpu::half>, uint32_t, Acc>;

  register_type reg[registers];

  Acc operator[](int i) const noexcept {
    if constexpr (std::is_same_v<Acc, gpu::half>)
      return gpu::half::from_bits(uint16_t(reg[i / 2] >> (16 * (i % 2))));
    else
      return reg[i];
  }
  // Sets element i (a float or int32_t accumulator).
  void set(int i, Acc v) noexcept
    requires(!std::is_same_v<Acc, gpu::half>)
  {
    reg[i] = v;
  }
  void fill(Acc v) noexcept {
    for (int i = 0; i < registers; ++i) {
      if constexpr (std::is_same_v<Acc, gpu::half>)
        reg[i] = uint32_t(v.bits()) * 0x10001u;
      else
        reg[i] = v;
    }
  }
  // Row and column (in the M x N tile) of element i on this lane.
  static uint32_t row(int i) noexcept {
    return (gpu::detail::lane_id() >> 2) + 8 * uint32_t(i / 2);
  }
  static uint32_t col(int i) noexcept {
    return (gpu::detail::lane_id() & 3) * 2 + uint32_t(i % 2);
  }
};

template <class F> constexpr bool is_fragment = false;
template <role R, class S, class T>
constexpr bool is_fragment<fragment<R, S, T>> = true;

// d = a * b + c over the warp: every lane of a full warp calls it with its
// own fragments (mma.sync.aligned is warp-synchronous).
template <class Shape, class T, class Acc>
void mma(fragment<role::accumulator, Shape, Acc> &d,
         const fragment<role::a, Shape, T> &a,
         const fragment<role::b, Shape, T> &b,
         const fragment<role::accumulator, Shape, Acc> &c) noexcept {
  static_assert(detail::supported<Shape, T, Acc>(),
                "gpu::mma::mma: PTX's mma.sync has no such combination of "
                "shape, multiplicand and accumulator types");
  gpu::detail::mma_sync<Shape::m, Shape::n, Shape::k, detail::type_of<T>(),
                        detail::type_of<Acc>()>(d.reg, a.reg, b.reg, c.reg);
}
// acc += a * b.
template <class Shape, class T, class Acc>
void mma(fragment<role::accumulator, Shape, Acc> &acc,
         const fragment<role::a, Shape, T> &a,
         const fragment<role::b, Shape, T> &b) noexcept {
  mma(acc, a, b, acc);
}

// Anything else: a fragment in the wrong role, of another shape, or of
// another element type than its partner. The instantiation note names the
// types.
template <class D, class A, class B, class C>
void mma(D &, const A &, const B &, const C &) noexcept {
  static_assert(is_fragment<D> && is_fragment<A> && is_fragment<B> &&
                    is_fragment<C>,
                "gpu::mma::mma(d, a, b, c) takes gpu::mma::fragment objects");
  static_assert(A::role == role::a,
                "gpu::mma::mma: the second argument must be a fragment of "
                "role::a (it is another role)");
  static_assert(B::role == role::b,
                "gpu::mma::mma: the third argument must be a fragment of "
                "role::b (it is another role)");
  static_assert(D::role == role::accumulator && C::role == role::accumulator,
                "gpu::mma::mma: d and c must be accumulator fragments");
  static_assert(std::is_same_v<typename A::shape, typename B::shape> &&
                    std::is_same_v<typename A::shape, typename D::shape> &&
                    std::is_same_v<typename C::shape, typename D::shape>,
                "gpu::mma::mma: the fragments have different shapes");
  static_assert(std::is_same_v<typename A::element_type,
                               typename B::element_type>,
                "gpu::mma::mma: the A and B fragments have different "
                "element types");
  static_assert(std::is_same_v<D, C>,
                "gpu::mma::mma: d and c have different accumulator types");
}
template <class D, class A, class B>
void mma(D &d, const A &a, const B &b) noexcept {
  mma(d, a, b, d);
}

// --- ldmatrix / stmatrix ----------------------------------------------------
// Raw ldmatrix.xCOUNT[.trans]: lane i passes the address of row i % 8 of
// matrix i / 8 (16 bytes: eight 16-bit elements); regs[j] receives this
// lane's two elements of matrix j.
template <int Count, bool Trans = false, class T>
void ldmatrix(uint32_t (&regs)[Count], smem_ptr<const T> row) noexcept {
  static_assert(Count == 1 || Count == 2 || Count == 4,
                "gpu::mma::ldmatrix loads 1, 2 or 4 matrices");
  static_assert(sizeof(T) == 2 || sizeof(T) == 16 || sizeof(T) == 4,
                "gpu::mma::ldmatrix reads rows of 16-bit elements");
  gpu::detail::ldmatrix<Count, Trans>(regs, row.get());
}
template <int Count, bool Trans = false, class T>
void stmatrix(smem_ptr<T> row, const uint32_t (&regs)[Count]) noexcept {
  static_assert(Count == 1 || Count == 2 || Count == 4,
                "gpu::mma::stmatrix stores 1, 2 or 4 matrices");
  gpu::detail::stmatrix<Count, Trans>(row.get(), regs);
}

namespace detail {
template <class F, class T>
concept tile_address = requires(F f, uint32_t r, uint32_t c) {
  { f(r, c) } -> std::convertible_to<smem_ptr<const T>>;
};
} // namespace detail

// Loads a 16-bit multiplicand fragment from a tile in shared memory with
// ldmatrix. `at(row, col)` gives the address of element (row, col) of the
// tile (so any padding or swizzle is the caller's); it is asked for the
// first element of 8 contiguous ones (a row of a row-major tile, a column
// of a column-major one), 16-byte aligned.
template <role R, class T, class Layout, class At>
  requires detail::tile_address<At, T>
void load(fragment<R, m16n8k16, T> &f, Layout, At &&at) noexcept {
  static_assert(R != role::accumulator,
                "gpu::mma::load reads multiplicands (role::a or role::b)");
  static_assert(std::is_same_v<Layout, row_major_t> ||
                    std::is_same_v<Layout, col_major_t>,
                "gpu::mma::load: the layout is row_major or col_major");
  uint32_t lane = gpu::detail::lane_id();
  // Lane l addresses row l % 8 of matrix l / 8. A (16x16) is four 8x8
  // matrices in the order of its registers: (rows 0-7, cols 0-7), (8-15,
  // 0-7), (0-7, 8-15), (8-15, 8-15); B (16x8) two: k 0-7 and k 8-15.
  // A stored row by row is read as it is; stored column by column, with
  // .trans (and the same for B, whose fragment is column-major).
  uint32_t j = lane / 8 % 4, r = lane % 8;
  smem_ptr<const T> p;
  if constexpr (R == role::a) {
    if constexpr (std::is_same_v<Layout, row_major_t>)
      p = at(r + 8 * (j % 2), 8 * (j / 2));
    else
      p = at(8 * (j % 2), r + 8 * (j / 2));
    ldmatrix<4, std::is_same_v<Layout, col_major_t>>(f.reg, p);
  } else {
    if constexpr (std::is_same_v<Layout, row_major_t>) // [k][n]
      p = at(r + 8 * (j % 2), 0);
    else // [n][k]
      p = at(8 * (j % 2), r);
    ldmatrix<2, std::is_same_v<Layout, row_major_t>>(f.reg, p);
  }
}

// Stores an accumulator through `at(row, col)` (a pointer to element (row,
// col) of the destination, any memory): each lane writes its 4 elements.
template <class Shape, class Acc, class At>
void store(const fragment<role::accumulator, Shape, Acc> &f, At &&at) noexcept {
  for (int i = 0; i < f.size; ++i)
    *at(f.row(i), f.col(i)) = f[i];
}

} // namespace mma
} // namespace gpu

#endif // GPU_TENSOR_CORE_HPP
