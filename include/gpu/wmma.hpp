// CUDA's WMMA API (<mma.h>, namespace nvcuda::wmma) for ported code, built
// on Alloy's typed mma.sync fragments (<gpu/tensor_core.hpp>). Alloy's own
// name is gpu::wmma; nvcuda::wmma is the same namespace.
//
//   using namespace nvcuda;
//   wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> a;
//   wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::col_major> b;
//   wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
//   wmma::fill_fragment(acc, 0.0f);
//   wmma::load_matrix_sync(a, a_ptr, lda);       // global or shared memory
//   wmma::load_matrix_sync(b, b_ptr, ldb);
//   wmma::mma_sync(acc, a, b, acc);              // acc = a * b + acc
//   for (int i = 0; i < acc.num_elements; ++i) acc.x[i] *= alpha;
//   wmma::store_matrix_sync(c_ptr, acc, ldc, wmma::mem_row_major);
//
// Shapes m16n16k16, m32n8k16 and m8n32k16; matrix_a and matrix_b of
// gpu::half (__half) or gpu::bfloat16 (__nv_bfloat16), row_major or
// col_major; accumulators of float, or gpu::half for half multiplicands.
// Every operation is a warp operation: all 32 lanes of the warp call it
// with the same arguments (pointer, ldm, layout), as in CUDA.
//
// How: a fragment is this lane's elements (x[], num_elements of them) of
// one or two gpu::mma fragments of mma.sync.m16n8k16, in their register
// order. m16n16k16 is two m16n8k16 products (the two 8-column halves of B
// and C); m32n8k16 two (the two 16-row halves of A and C); m8n32k16 is
// computed transposed, C^T = B^T A^T, as two m16n8k16 products (B^T's two
// 16-row halves are the A operands, A^T the B operand). load_matrix_sync
// reads a tile in shared memory with ldmatrix (one 8x8 matrix per 32-bit
// register of the fragment), as nvcc's wmma.load does: it tests the
// pointer with isspacep.shared, a test the compiler folds away wherever it
// knows the pointer's address space (a [[gpu::shared]] array, a global
// pointer), and a gpu::smem_ptr overload skips it. From any other memory
// (global, local) it reads each element where the gpu::mma fragment's
// row(i)/col(i) puts it, with ordinary loads; two elements that the layout
// puts side by side are one 32-bit load (64-bit for float accumulators,
// which load this way from shared memory too). The pointer and ldm must be
// what CUDA asks for:
// the pointer 256-bit (32-byte) aligned, ldm a multiple of 8 elements for
// 16-bit types and of 4 for float. Misuse does not compile (a static_assert
// names the expectation): a fragment in the wrong role or of another
// shape or element type in mma_sync, a matrix_a/matrix_b fragment without
// a layout, an accumulator with one, a pointer of another element type.
//
// Not provided: tf32 (m16n16k8), double (m8n8k4), 8-bit integer, 4-bit and
// 1-bit fragments, mma_sync's satf argument, and the experimental bmma_sync
// functions. docs/tensor-cores.md has the porting table.
//
// On the host (a thread is not a warp) mma_sync stops the program, as
// gpu::mma::mma does; loads and stores act as lane 0.
#ifndef GPU_WMMA_HPP
#define GPU_WMMA_HPP

#include <gpu/half.hpp>
#include <gpu/tensor_core.hpp>

#include <cstdint>
#include <type_traits>

namespace gpu::wmma {

// What a fragment holds (CUDA's tags).
struct matrix_a {};
struct matrix_b {};
struct accumulator {};
// How a matrix_a or matrix_b tile is stored: row_major (each row
// contiguous, element (r, c) at ptr[r * ldm + c]) or col_major (ptr[c * ldm
// + r]).
struct row_major {};
struct col_major {};
// The same for accumulators, as an argument of load/store_matrix_sync.
enum layout_t { mem_row_major, mem_col_major };

namespace detail {

template <class T>
constexpr bool multiplicand_type =
    std::is_same_v<T, gpu::half> || std::is_same_v<T, gpu::bfloat16>;
template <class T>
constexpr bool accumulator_type =
    std::is_same_v<T, float> || std::is_same_v<T, gpu::half>;

// How a WMMA tile of use U and shape M x N x K is made of gpu::mma
// m16n8k16 fragments: `tiles` fragments of `role`; element i of fragment t
// is the WMMA tile's element (row, col) = the fragment's (row(i), col(i)),
// swapped when `transposed`, plus t * (row_step, col_step).
template <class U, int M, int N, int K> struct shape_traits {
  static constexpr bool valid = false;
  static constexpr gpu::mma::role role = gpu::mma::role::accumulator;
  static constexpr int tiles = 1, row_step = 0, col_step = 0;
  static constexpr bool transposed = false;
};
// 16 x 16 x 16: A whole, B and C in two 8-column halves.
template <> struct shape_traits<matrix_a, 16, 16, 16> {
  static constexpr bool valid = true;
  static constexpr gpu::mma::role role = gpu::mma::role::a;
  static constexpr int tiles = 1, row_step = 0, col_step = 0;
  static constexpr bool transposed = false;
};
template <> struct shape_traits<matrix_b, 16, 16, 16> {
  static constexpr bool valid = true;
  static constexpr gpu::mma::role role = gpu::mma::role::b;
  static constexpr int tiles = 2, row_step = 0, col_step = 8;
  static constexpr bool transposed = false;
};
template <> struct shape_traits<accumulator, 16, 16, 16> {
  static constexpr bool valid = true;
  static constexpr gpu::mma::role role = gpu::mma::role::accumulator;
  static constexpr int tiles = 2, row_step = 0, col_step = 8;
  static constexpr bool transposed = false;
};
// 32 x 8 x 16: A and C in two 16-row halves, B whole.
template <> struct shape_traits<matrix_a, 32, 8, 16> {
  static constexpr bool valid = true;
  static constexpr gpu::mma::role role = gpu::mma::role::a;
  static constexpr int tiles = 2, row_step = 16, col_step = 0;
  static constexpr bool transposed = false;
};
template <> struct shape_traits<matrix_b, 32, 8, 16> {
  static constexpr bool valid = true;
  static constexpr gpu::mma::role role = gpu::mma::role::b;
  static constexpr int tiles = 1, row_step = 0, col_step = 0;
  static constexpr bool transposed = false;
};
template <> struct shape_traits<accumulator, 32, 8, 16> {
  static constexpr bool valid = true;
  static constexpr gpu::mma::role role = gpu::mma::role::accumulator;
  static constexpr int tiles = 2, row_step = 16, col_step = 0;
  static constexpr bool transposed = false;
};
// 8 x 32 x 16, transposed: A (8 x 16) is the B operand (A^T, 16 x 8), B (16
// x 32) two A operands (B^T's rows 0-15 and 16-31), C two accumulators (C^T's
// rows 0-15 and 16-31).
template <> struct shape_traits<matrix_a, 8, 32, 16> {
  static constexpr bool valid = true;
  static constexpr gpu::mma::role role = gpu::mma::role::b;
  static constexpr int tiles = 1, row_step = 0, col_step = 0;
  static constexpr bool transposed = true;
};
template <> struct shape_traits<matrix_b, 8, 32, 16> {
  static constexpr bool valid = true;
  static constexpr gpu::mma::role role = gpu::mma::role::a;
  static constexpr int tiles = 2, row_step = 0, col_step = 16;
  static constexpr bool transposed = true;
};
template <> struct shape_traits<accumulator, 8, 32, 16> {
  static constexpr bool valid = true;
  static constexpr gpu::mma::role role = gpu::mma::role::accumulator;
  static constexpr int tiles = 2, row_step = 0, col_step = 16;
  static constexpr bool transposed = true;
};

// Elements per lane of gpu::mma fragment Tile (1 for an invalid fragment,
// whose Tile is not instantiated: its static_assert would repeat ours).
template <bool Valid, class Tile> constexpr int tile_size() {
  if constexpr (Valid)
    return Tile::size;
  else
    return 1;
}

template <class U, class T, class Layout> constexpr bool valid_types() {
  if constexpr (std::is_same_v<U, accumulator>)
    return accumulator_type<T> && std::is_void_v<Layout>;
  else if constexpr (std::is_same_v<U, matrix_a> ||
                     std::is_same_v<U, matrix_b>)
    return multiplicand_type<T> && (std::is_same_v<Layout, row_major> ||
                                    std::is_same_v<Layout, col_major>);
  else
    return false;
}

} // namespace detail

// One lane's share of a WMMA tile: x[0 .. num_elements) are its elements,
// in an order CUDA leaves unspecified (here: the registers of the
// underlying gpu::mma fragments, fragment after fragment), so element-wise
// work over x[] (scaling, conversion, an activation) is all that x is for.
template <class Use, int M, int N, int K, class T, class Layout = void>
struct fragment {
  static_assert(std::is_same_v<Use, matrix_a> ||
                    std::is_same_v<Use, matrix_b> ||
                    std::is_same_v<Use, accumulator>,
                "wmma::fragment: the first argument is wmma::matrix_a, "
                "wmma::matrix_b or wmma::accumulator");
  static_assert(detail::shape_traits<Use, M, N, K>::valid ||
                    !(std::is_same_v<Use, matrix_a> ||
                      std::is_same_v<Use, matrix_b> ||
                      std::is_same_v<Use, accumulator>),
                "wmma::fragment: the shape (M, N, K) is 16x16x16, 32x8x16 or "
                "8x32x16 (tf32 16x16x8, double 8x8x4 and the sub-byte shapes "
                "are not supported)");
  static_assert(!std::is_same_v<Use, accumulator> ||
                    detail::accumulator_type<T>,
                "wmma::fragment: an accumulator holds float or __half "
                "(gpu::half); int accumulators are not supported");
  static_assert(!std::is_same_v<Use, accumulator> || std::is_void_v<Layout>,
                "wmma::fragment: an accumulator takes no layout argument (its "
                "layout is load_matrix_sync's and store_matrix_sync's "
                "wmma::mem_row_major or wmma::mem_col_major)");
  static_assert(!(std::is_same_v<Use, matrix_a> ||
                  std::is_same_v<Use, matrix_b>) ||
                    detail::multiplicand_type<T>,
                "wmma::fragment: matrix_a and matrix_b hold __half "
                "(gpu::half) or __nv_bfloat16 (gpu::bfloat16); tf32, double "
                "and integer fragments are not supported");
  static_assert(!(std::is_same_v<Use, matrix_a> ||
                  std::is_same_v<Use, matrix_b>) ||
                    std::is_same_v<Layout, row_major> ||
                    std::is_same_v<Layout, col_major>,
                "wmma::fragment: a matrix_a or matrix_b fragment needs its "
                "layout as the last argument, wmma::row_major or "
                "wmma::col_major");

  using use = Use;
  using layout = Layout;
  using element_type = T;
  using storage_element_type = T;
  static constexpr int m = M, n = N, k = K;
  static constexpr bool valid = detail::shape_traits<Use, M, N, K>::valid &&
                                detail::valid_types<Use, T, Layout>();
  using traits = detail::shape_traits<Use, M, N, K>;
  // The gpu::mma fragment type this one is made of.
  using tile_type = gpu::mma::fragment<traits::role, gpu::mma::m16n8k16, T>;
  static constexpr int tiles = traits::tiles;
  static constexpr int per_tile = detail::tile_size<valid, tile_type>();
  static constexpr int num_elements = tiles * per_tile;
  static constexpr int num_storage_elements = num_elements;

  T x[num_elements];

  // Row and column (in the M x N, M x K or K x N tile) of x[e] on this lane.
  static uint32_t row(int e) noexcept {
    int t = e / per_tile, i = e % per_tile;
    return (traits::transposed ? tile_type::col(i) : tile_type::row(i)) +
           uint32_t(t * traits::row_step);
  }
  static uint32_t col(int e) noexcept {
    int t = e / per_tile, i = e % per_tile;
    return (traits::transposed ? tile_type::row(i) : tile_type::col(i)) +
           uint32_t(t * traits::col_step);
  }

  // Fragment t as the gpu::mma fragment mma.sync takes, and back.
  tile_type tile(int t) const noexcept {
    tile_type f;
    if constexpr (traits::role == gpu::mma::role::accumulator &&
                  std::is_same_v<T, float>) {
#pragma unroll
      for (int i = 0; i < per_tile; ++i)
        f.reg[i] = x[t * per_tile + i];
    } else { // 16-bit values, two to a 32-bit register
#pragma unroll
      for (int r = 0; r < per_tile / 2; ++r)
        f.reg[r] = uint32_t(x[t * per_tile + 2 * r].bits()) |
                   uint32_t(x[t * per_tile + 2 * r + 1].bits()) << 16;
    }
    return f;
  }
  void set_tile(int t, const tile_type &f) noexcept {
    if constexpr (std::is_same_v<T, float>) {
#pragma unroll
      for (int i = 0; i < per_tile; ++i)
        x[t * per_tile + i] = f.reg[i];
    } else {
#pragma unroll
      for (int r = 0; r < per_tile / 2; ++r) {
        x[t * per_tile + 2 * r] = T::from_bits(uint16_t(f.reg[r]));
        x[t * per_tile + 2 * r + 1] = T::from_bits(uint16_t(f.reg[r] >> 16));
      }
    }
  }
};

namespace detail {

// A fragment's M x N x K, as a type (so that a mismatch names both).
template <int M, int N, int K> struct shape {};

template <class F> struct fragment_info {
  static constexpr bool is = false, valid = false;
  using use = void;
  using element_type = void;
  using layout = void;
  using shape_type = shape<0, 0, 0>;
};
template <class U, int M, int N, int K, class T, class L>
struct fragment_info<fragment<U, M, N, K, T, L>> {
  static constexpr bool is = true;
  static constexpr bool valid = fragment<U, M, N, K, T, L>::valid;
  using use = U;
  using element_type = T;
  using layout = L;
  using shape_type = shape<M, N, K>;
};

template <class A, class B>
constexpr bool same_shape = std::is_same_v<typename fragment_info<A>::shape_type,
                                           typename fragment_info<B>::shape_type>;

// Elements 2j and 2j + 1 of a fragment are neighbours in its gpu::mma
// fragment: along the row for A and accumulators ((r, c), (r, c + 1)),
// along the column for B ((k, n), (k + 1, n)); in the WMMA tile, swapped
// when the tile is transposed.
template <class F> constexpr bool pairs_along_row() {
  constexpr bool along_cols = F::traits::role != gpu::mma::role::b;
  return along_cols != F::traits::transposed;
}

// One element of a 16-bit tile, or two neighbours, from `p`.
template <class T> struct alignas(2 * sizeof(T)) pair_of {
  T lo, hi;
};

// Reads the fragment's elements; element (r, c) is at p[r * rs + c * cs].
// `contiguous`: each pair is at consecutive addresses (one load).
template <class F, class T>
void load_elements(F &f, const T *p, uint32_t rs, uint32_t cs,
                   bool contiguous) noexcept {
  if (contiguous) {
#pragma unroll
    for (int e = 0; e < F::num_elements; e += 2) {
      pair_of<T> v =
          *reinterpret_cast<const pair_of<T> *>(p + F::row(e) * rs + F::col(e) * cs);
      f.x[e] = v.lo;
      f.x[e + 1] = v.hi;
    }
  } else {
#pragma unroll
    for (int e = 0; e < F::num_elements; ++e)
      f.x[e] = p[F::row(e) * rs + F::col(e) * cs];
  }
}

// --- ldmatrix from shared memory ------------------------------------------
// Each 32-bit register of a fragment of 16-bit elements (elements 2q and
// 2q + 1) is one 8x8 block of the WMMA tile, in which this lane holds the
// pair (g, 2t), (g, 2t + 1) when pairs_along_row, else (2t, g), (2t + 1, g)
// (g = lane / 4, t = lane % 4). That is the fragment ldmatrix gives lane l
// of an 8x8 matrix of 16-bit elements: without .trans the pair (l / 4,
// 2(l % 4)), (l / 4, 2(l % 4) + 1) of the matrix's rows as stored, with
// .trans (2(l % 4), l / 4), (2(l % 4) + 1, l / 4). So one ldmatrix matrix
// per register: .trans exactly when the pairs run across the stored rows.

// Fragments whose elements ldmatrix loads: 16-bit multiplicands and half
// accumulators (float accumulators keep the 64-bit loads).
template <class F> constexpr bool ldmatrix_fragment() {
  return F::valid && sizeof(typename F::element_type) == 2;
}

// The top-left corner in the WMMA tile of the 8x8 block of register q
// (lane 0's element 2q: its offset in the block is (0, 0)); q may vary
// across lanes.
struct block_corner {
  uint32_t row, col;
};
template <class F> block_corner register_block(uint32_t q) noexcept {
  using Tr = typename F::traits;
  constexpr uint32_t regs = uint32_t(F::per_tile / 2); // per gpu::mma tile
  uint32_t t = q / regs, j = q % regs, r, c;
  if constexpr (Tr::role == gpu::mma::role::a) { // a0a1 a2a3 a4a5 a6a7
    r = 8 * (j % 2);
    c = 8 * (j / 2);
  } else { // B: k 0-7, k 8-15; accumulators: rows 0-7, rows 8-15
    r = 8 * j;
    c = 0;
  }
  if constexpr (Tr::transposed) {
    uint32_t x = r;
    r = c;
    c = x;
  }
  return {r + t * uint32_t(Tr::row_step), c + t * uint32_t(Tr::col_step)};
}

// Loads the fragment from shared memory with ldmatrix.x4 (x2 for fragments
// of two registers): element (r, c) at p[r * ldm + c] (RowMajor) or p[c *
// ldm + r]. Matrix j of a load is register q0 + j; lane l gives the address
// of stored row l % 8 of matrix l / 8 (8 contiguous elements: p and ldm
// must make every such row 16-byte aligned).
template <bool RowMajor, class F, class T>
void load_ldmatrix(F &f, const T *p, uint32_t ldm) noexcept {
  constexpr int regs = F::num_elements / 2; // 2, 4 or 8
  constexpr int per_load = regs >= 4 ? 4 : regs;
  constexpr bool trans = pairs_along_row<F>() != RowMajor;
  uint32_t lane = gpu::detail::lane_id();
  uint32_t m = lane / 8 % uint32_t(per_load), r = lane % 8;
#pragma unroll
  for (int q0 = 0; q0 < regs; q0 += per_load) {
    block_corner b = register_block<F>(uint32_t(q0) + m);
    const T *row = RowMajor ? p + (b.row + r) * ldm + b.col
                            : p + (b.col + r) * ldm + b.row;
    uint32_t out[per_load];
    gpu::detail::ldmatrix<per_load, trans>(out, row);
#pragma unroll
    for (int j = 0; j < per_load; ++j) {
      f.x[2 * (q0 + j)] = T::from_bits(uint16_t(out[j]));
      f.x[2 * (q0 + j) + 1] = T::from_bits(uint16_t(out[j] >> 16));
    }
  }
}

// Whether ldmatrix may read the tile at a shared `p` with leading
// dimension ldm: every stored row 16-byte aligned. ldm is tested (a
// constant in most kernels, so the test folds away); p's alignment is
// CUDA's own condition (32 bytes, as for wmma.load) and is not tested: a
// run-time test of it would not fold (the compiler learns that a pointer
// is shared only in the backend, after the folding passes).
inline bool ldmatrix_aligned(uint32_t ldm) noexcept { return ldm % 8 == 0; }

template <class F, class T>
void store_elements(T *p, const F &f, uint32_t rs, uint32_t cs,
                    bool contiguous) noexcept {
  if (contiguous) {
#pragma unroll
    for (int e = 0; e < F::num_elements; e += 2)
      *reinterpret_cast<pair_of<T> *>(p + F::row(e) * rs + F::col(e) * cs) =
          pair_of<T>{f.x[e], f.x[e + 1]};
  } else {
#pragma unroll
    for (int e = 0; e < F::num_elements; ++e)
      p[F::row(e) * rs + F::col(e) * cs] = f.x[e];
  }
}

// The calls the overloads above take; the catch-alls below only the
// others (a plain `T *` would otherwise prefer a catch-all's `P *` to the
// overloads' `const T *`).
template <class F, class P, class... Rest> constexpr bool loadable() {
  using I = fragment_info<F>;
  if constexpr (!I::is)
    return false;
  else if constexpr (!std::is_same_v<std::remove_cv_t<P>,
                                     typename I::element_type>)
    return false;
  else if constexpr (std::is_same_v<typename I::use, accumulator>)
    return sizeof...(Rest) == 1 && (std::is_same_v<Rest, layout_t> && ...);
  else
    return sizeof...(Rest) == 0;
}
template <class F, class P, class... Rest>
constexpr bool loadable_v = loadable<F, P, Rest...>();
template <class P, class F, class... Rest> constexpr bool storable() {
  using I = fragment_info<F>;
  if constexpr (!I::is)
    return false;
  else
    return std::is_same_v<typename I::use, accumulator> &&
           std::is_same_v<P, typename I::element_type> &&
           sizeof...(Rest) == 1 && (std::is_same_v<Rest, layout_t> && ...);
}
template <class P, class F, class... Rest>
constexpr bool storable_v = storable<P, F, Rest...>();

} // namespace detail

// Sets every element of the fragment to v.
template <class U, int M, int N, int K, class T, class L>
void fill_fragment(fragment<U, M, N, K, T, L> &f,
                   const std::type_identity_t<T> &v) noexcept {
#pragma unroll
  for (int e = 0; e < f.num_elements; ++e)
    f.x[e] = v;
}

// Loads a matrix_a or matrix_b fragment from a tile of any memory:
// element (r, c) at p[r * ldm + c] (row_major) or p[c * ldm + r]
// (col_major). p 32-byte aligned, ldm a multiple of 8.
// From shared memory (a pointer the compiler sees is shared, or one that
// isspacep.shared finds shared at run time) this is ldmatrix, as CUDA's
// wmma.load is; from anywhere else, or with a row not 16-byte aligned, the
// element loads below.
template <class U, int M, int N, int K, class T, class L>
  requires(!std::is_same_v<U, accumulator>)
void load_matrix_sync(fragment<U, M, N, K, T, L> &f, const T *p,
                      unsigned ldm) noexcept {
  using F = fragment<U, M, N, K, T, L>;
  if constexpr (F::valid) {
    constexpr bool row = std::is_same_v<L, row_major>;
    if (gpu::detail::is_shared(p) && detail::ldmatrix_aligned(ldm))
      detail::load_ldmatrix<row>(f, p, ldm);
    else
      detail::load_elements(f, p, row ? ldm : 1u, row ? 1u : ldm,
                            detail::pairs_along_row<F>() == row);
  }
}

// The same from a pointer the program says is shared (gpu::smem_ptr): no
// run-time test of the address space.
template <class U, int M, int N, int K, class T, class L>
  requires(!std::is_same_v<U, accumulator>)
void load_matrix_sync(fragment<U, M, N, K, T, L> &f,
                      std::type_identity_t<gpu::smem_ptr<const T>> p,
                      unsigned ldm) noexcept {
  using F = fragment<U, M, N, K, T, L>;
  if constexpr (F::valid) {
    constexpr bool row = std::is_same_v<L, row_major>;
    if (detail::ldmatrix_aligned(ldm))
      detail::load_ldmatrix<row>(f, p.get(), ldm);
    else
      detail::load_elements(f, p.get(), row ? ldm : 1u, row ? 1u : ldm,
                            detail::pairs_along_row<F>() == row);
  }
}

// Loads an accumulator: element (r, c) at p[r * ldm + c] (mem_row_major)
// or p[c * ldm + r] (mem_col_major). p 32-byte aligned, ldm a multiple of
// 8 (half) or 4 (float).
// Half accumulators in shared memory load with ldmatrix, as multiplicands
// do.
template <int M, int N, int K, class T>
void load_matrix_sync(fragment<accumulator, M, N, K, T> &f, const T *p,
                      unsigned ldm, layout_t layout) noexcept {
  using F = fragment<accumulator, M, N, K, T>;
  if constexpr (F::valid) {
    if constexpr (detail::ldmatrix_fragment<F>()) {
      if (gpu::detail::is_shared(p) && detail::ldmatrix_aligned(ldm)) {
        if (layout == mem_row_major)
          detail::load_ldmatrix<true>(f, p, ldm);
        else
          detail::load_ldmatrix<false>(f, p, ldm);
        return;
      }
    }
    constexpr bool pairs_row = detail::pairs_along_row<F>();
    if (layout == mem_row_major)
      detail::load_elements(f, p, ldm, 1u, pairs_row);
    else
      detail::load_elements(f, p, 1u, ldm, !pairs_row);
  }
}
template <int M, int N, int K, class T>
void load_matrix_sync(fragment<accumulator, M, N, K, T> &f,
                      std::type_identity_t<gpu::smem_ptr<const T>> p,
                      unsigned ldm, layout_t layout) noexcept {
  using F = fragment<accumulator, M, N, K, T>;
  if constexpr (F::valid) {
    if constexpr (detail::ldmatrix_fragment<F>()) {
      if (detail::ldmatrix_aligned(ldm)) {
        if (layout == mem_row_major)
          detail::load_ldmatrix<true>(f, p.get(), ldm);
        else
          detail::load_ldmatrix<false>(f, p.get(), ldm);
        return;
      }
    }
    load_matrix_sync(f, p.get(), ldm, layout);
  }
}

// Stores an accumulator, as load_matrix_sync reads one.
template <int M, int N, int K, class T>
void store_matrix_sync(T *p, const fragment<accumulator, M, N, K, T> &f,
                       unsigned ldm, layout_t layout) noexcept {
  using F = fragment<accumulator, M, N, K, T>;
  if constexpr (F::valid) {
    constexpr bool pairs_row = detail::pairs_along_row<F>();
    if (layout == mem_row_major)
      detail::store_elements(p, f, ldm, 1u, pairs_row);
    else
      detail::store_elements(p, f, 1u, ldm, !pairs_row);
  }
}

// Anything else given to load_matrix_sync: says what was expected.
template <class F, class P, class... Rest>
  requires(!detail::loadable_v<F, P, Rest...>)
void load_matrix_sync(F &, P *, unsigned, Rest...) noexcept {
  using I = detail::fragment_info<F>;
  static_assert(I::is, "wmma::load_matrix_sync: the first argument must be "
                       "a wmma::fragment");
  if constexpr (I::is) {
    constexpr bool acc = std::is_same_v<typename I::use, accumulator>;
    static_assert(std::is_same_v<std::remove_cv_t<P>,
                                 typename I::element_type>,
                  "wmma::load_matrix_sync: the pointer's element type must "
                  "be the fragment's");
    static_assert(!acc || sizeof...(Rest) == 1,
                  "wmma::load_matrix_sync: an accumulator needs a layout "
                  "argument, wmma::mem_row_major or wmma::mem_col_major");
    static_assert(acc || sizeof...(Rest) == 0,
                  "wmma::load_matrix_sync: a matrix_a or matrix_b fragment "
                  "takes no layout argument (the layout is its type's last "
                  "argument, row_major or col_major)");
    static_assert(((std::is_same_v<Rest, layout_t>) && ...),
                  "wmma::load_matrix_sync: the layout argument is a "
                  "wmma::layout_t");
  }
}

// Anything else given to store_matrix_sync.
template <class P, class F, class... Rest>
  requires(!detail::storable_v<P, F, Rest...>)
void store_matrix_sync(P *, const F &, unsigned, Rest...) noexcept {
  using I = detail::fragment_info<F>;
  static_assert(I::is, "wmma::store_matrix_sync: the second argument must be "
                       "a wmma::fragment");
  if constexpr (I::is) {
    static_assert(std::is_same_v<typename I::use, accumulator>,
                  "wmma::store_matrix_sync stores accumulator fragments "
                  "(not matrix_a or matrix_b)");
    static_assert(std::is_same_v<P, typename I::element_type>,
                  "wmma::store_matrix_sync: the pointer's element type must "
                  "be the fragment's (and not const)");
    static_assert(sizeof...(Rest) == 1,
                  "wmma::store_matrix_sync: the layout argument "
                  "(wmma::mem_row_major or wmma::mem_col_major) is missing");
  }
}

// d = a * b + c over the warp (every lane calls it). a is a matrix_a
// fragment, b a matrix_b fragment of the same shape and element type, c
// and d accumulators of that shape (float or, for __half multiplicands,
// __half; c and d may differ: the sum is formed in float, then rounded to
// d's type once). d may be c.
template <class D, class A, class B, class C>
void mma_sync(D &d, const A &a, const B &b, const C &c) noexcept {
  using ID = detail::fragment_info<D>;
  using IA = detail::fragment_info<A>;
  using IB = detail::fragment_info<B>;
  using IC = detail::fragment_info<C>;
  static_assert(ID::is && IA::is && IB::is && IC::is,
                "wmma::mma_sync(d, a, b, c) takes wmma::fragment objects");
  static_assert(std::is_same_v<typename IA::use, matrix_a>,
                "wmma::mma_sync: the second argument (a) must be a "
                "wmma::matrix_a fragment");
  static_assert(std::is_same_v<typename IB::use, matrix_b>,
                "wmma::mma_sync: the third argument (b) must be a "
                "wmma::matrix_b fragment");
  static_assert(std::is_same_v<typename ID::use, accumulator> &&
                    std::is_same_v<typename IC::use, accumulator>,
                "wmma::mma_sync: the first and last arguments (d and c) must "
                "be wmma::accumulator fragments");
  static_assert(std::is_same_v<typename IA::shape_type,
                               typename IB::shape_type> &&
                    std::is_same_v<typename IA::shape_type,
                                   typename IC::shape_type> &&
                    std::is_same_v<typename IA::shape_type,
                                   typename ID::shape_type>,
                "wmma::mma_sync: the fragments have different shapes (M, N "
                "and K must be the same for d, a, b and c)");
  static_assert(std::is_same_v<typename IA::element_type,
                               typename IB::element_type>,
                "wmma::mma_sync: a and b have different element types");
  constexpr bool bf16 =
      std::is_same_v<typename IA::element_type, gpu::bfloat16>;
  static_assert(!bf16 || (std::is_same_v<typename ID::element_type, float> &&
                          std::is_same_v<typename IC::element_type, float>),
                "wmma::mma_sync: __nv_bfloat16 fragments accumulate in float "
                "(c and d must be float accumulators)");
  if constexpr (ID::is && IA::is && IB::is && IC::is && ID::valid &&
                IA::valid && IB::valid && IC::valid &&
                std::is_same_v<typename IA::use, matrix_a> &&
                std::is_same_v<typename IB::use, matrix_b> &&
                std::is_same_v<typename ID::use, accumulator> &&
                std::is_same_v<typename IC::use, accumulator> &&
                detail::same_shape<A, B> && detail::same_shape<A, C> &&
                detail::same_shape<A, D> &&
                std::is_same_v<typename IA::element_type,
                               typename IB::element_type> &&
                (!bf16 || (std::is_same_v<typename ID::element_type, float> &&
                           std::is_same_v<typename IC::element_type, float>))) {
    using TD = typename ID::element_type;
    using TC = typename IC::element_type;
    // The fragment whose tiles are mma.sync's A and B operands (swapped
    // for the transposed 8x32x16).
    constexpr bool transposed = A::traits::transposed;
#pragma unroll
    for (int t = 0; t < D::tiles; ++t) {
      auto op_a = [&] {
        if constexpr (transposed)
          return b.tile(B::tiles == 1 ? 0 : t);
        else
          return a.tile(A::tiles == 1 ? 0 : t);
      }();
      auto op_b = [&] {
        if constexpr (transposed)
          return a.tile(A::tiles == 1 ? 0 : t);
        else
          return b.tile(B::tiles == 1 ? 0 : t);
      }();
      if constexpr (std::is_same_v<TD, TC>) {
        typename D::tile_type out;
        gpu::mma::mma(out, op_a, op_b, c.tile(t));
        d.set_tile(t, out);
      } else { // float and half: in float, rounded to d's type once
        gpu::mma::fragment<gpu::mma::role::accumulator, gpu::mma::m16n8k16,
                           float>
            cf, out;
#pragma unroll
        for (int i = 0; i < C::per_tile; ++i)
          cf.reg[i] = float(c.x[t * C::per_tile + i]);
        gpu::mma::mma(out, op_a, op_b, cf);
#pragma unroll
        for (int i = 0; i < D::per_tile; ++i)
          d.x[t * D::per_tile + i] = TD(out.reg[i]);
      }
    }
  }
}

} // namespace gpu::wmma

// CUDA's name for it.
namespace nvcuda {
namespace wmma = ::gpu::wmma;
} // namespace nvcuda

#endif // GPU_WMMA_HPP
