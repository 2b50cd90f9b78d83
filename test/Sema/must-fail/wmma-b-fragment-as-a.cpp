// nvcuda::wmma::mma_sync(acc, b, a, acc): the matrix_a and matrix_b
// fragments swapped. Each static_assert names the argument in the wrong role.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/wmma.hpp>
using namespace nvcuda;

[[gpu::kernel]] void k(const gpu::half *p, float *out) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, gpu::half, wmma::row_major> a;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, gpu::half, wmma::col_major> b;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  wmma::fill_fragment(acc, 0.0f);
  wmma::load_matrix_sync(a, p, 16);
  wmma::load_matrix_sync(b, p, 16);
  // CHECK: wmma.hpp:{{[0-9]+}}:{{[0-9]+}}: error: static assertion failed due to requirement 'std::is_same_v<gpu::wmma::matrix_b, gpu::wmma::matrix_a>': wmma::mma_sync: the second argument (a) must be a wmma::matrix_a fragment
  // CHECK: wmma-b-fragment-as-a.cpp:[[@LINE+3]]:9: note: in instantiation of function template specialization 'gpu::wmma::mma_sync<gpu::wmma::fragment<gpu::wmma::accumulator, 16, 16, 16, float>, gpu::wmma::fragment<gpu::wmma::matrix_b, 16, 16, 16, gpu::basic_half<_Float16>, gpu::wmma::col_major>, gpu::wmma::fragment<gpu::wmma::matrix_a, 16, 16, 16, gpu::basic_half<_Float16>, gpu::wmma::row_major>, gpu::wmma::fragment<gpu::wmma::accumulator, 16, 16, 16, float>>' requested here
  // CHECK: wmma.hpp:{{[0-9]+}}:{{[0-9]+}}: error: static assertion failed due to requirement 'std::is_same_v<gpu::wmma::matrix_a, gpu::wmma::matrix_b>': wmma::mma_sync: the third argument (b) must be a wmma::matrix_b fragment
  // CHECK: 2 errors generated.
  wmma::mma_sync(acc, b, a, acc);
  wmma::store_matrix_sync(out, acc, 16, wmma::mem_row_major);
}
