// nvcuda::wmma::mma_sync with 16x16x16 matrix_a and matrix_b fragments and
// 32x8x16 accumulators: the static_assert names both shapes.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/wmma.hpp>
using namespace nvcuda;

[[gpu::kernel]] void k(const gpu::half *p, float *out) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, gpu::half, wmma::row_major> a;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, gpu::half, wmma::col_major> b;
  wmma::fragment<wmma::accumulator, 32, 8, 16, float> acc;
  wmma::fill_fragment(acc, 0.0f);
  wmma::load_matrix_sync(a, p, 16);
  wmma::load_matrix_sync(b, p, 16);
  // CHECK: wmma.hpp:{{[0-9]+}}:{{[0-9]+}}: error: static assertion failed due to requirement 'std::is_same_v<gpu::wmma::detail::shape<16, 16, 16>, gpu::wmma::detail::shape<32, 8, 16>>': wmma::mma_sync: the fragments have different shapes (M, N and K must be the same for d, a, b and c)
  // CHECK: wmma-different-shapes.cpp:[[@LINE+2]]:9: note: in instantiation of function template specialization 'gpu::wmma::mma_sync<gpu::wmma::fragment<gpu::wmma::accumulator, 32, 8, 16, float>, gpu::wmma::fragment<gpu::wmma::matrix_a, 16, 16, 16, gpu::basic_half<_Float16>, gpu::wmma::row_major>, gpu::wmma::fragment<gpu::wmma::matrix_b, 16, 16, 16, gpu::basic_half<_Float16>, gpu::wmma::col_major>, gpu::wmma::fragment<gpu::wmma::accumulator, 32, 8, 16, float>>' requested here
  // CHECK: 1 error generated.
  wmma::mma_sync(acc, a, b, acc);
  wmma::store_matrix_sync(out, acc, 32, wmma::mem_row_major);
}
