// wmma::load_matrix_sync (<gpu/wmma.hpp>) reads a tile in shared memory
// with ldmatrix, as nvcc's wmma.load does: its run-time test of the address
// space (alloy.in_space, llvm.nvvm.isspacep.shared) folds away once the
// pointer is known to be a [[gpu::shared]] array, and so does the other
// path. A global pointer keeps the element loads, with no ldmatrix; a
// pointer that may be either keeps both behind isspacep.shared.
// RUN: %alloy_cc1 -fsyntax-only -fplugin-arg-alloy-print-alloy %s | FileCheck %s --check-prefix=IR
// RUN: rm -rf %t && %alloy_cc1 -O2 -c %s -o %t.o -fplugin-arg-alloy-gpu-arch=sm_90 -fplugin-arg-alloy-trace=%t
// RUN: FileCheck %s --check-prefix=PTX < %t/wmma-ldmatrix.ptx
#include <gpu/gpu.hpp>
#include <gpu/wmma.hpp>

using namespace nvcuda;
using gpu::half;

// IR: alloy.in_space %{{.*}}, shared : !alloy.ptr

namespace kernels {

constexpr int LD = 24; // halves per shared row: 48 bytes, rows 16-byte aligned

template <class FA, class FB>
void multiply(const FA &a, const FB &b, float *out) {
  wmma::fragment<wmma::accumulator, FA::m, FA::n, FA::k, float> acc;
  wmma::fill_fragment(acc, 0.0f);
  wmma::mma_sync(acc, a, b, acc);
  wmma::store_matrix_sync(out, acc, FA::n, wmma::mem_row_major);
}

// Fills a shared tile from `in` (every thread a share).
template <size_t R> void fill(half (&tile)[R][LD], const half *in) {
  for (int i = gpu::thread_idx().x; i < int(R * LD); i += 32)
    tile[i / LD][i % LD] = in[i];
  gpu::sync_threads();
}

// A row-major and B column-major (the usual GEMM): ldmatrix.x4 each, no
// .trans, no element loads.
// PTX-LABEL: .entry {{.*}}shared_row_col
// PTX-NOT: isspacep
// PTX-NOT: ld.shared.b32
// PTX-COUNT-2: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// PTX-NOT: ld.shared.b32
// PTX: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// PTX: ret;
[[gpu::kernel]] void shared_row_col(const half *in, float *out) {
  [[gpu::shared]] alignas(32) half as[16][LD];
  [[gpu::shared]] alignas(32) half bs[16][LD];
  fill(as, in);
  fill(bs, in + 16 * LD);
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> a;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> b;
  wmma::load_matrix_sync(a, &as[0][0], LD);
  wmma::load_matrix_sync(b, &bs[0][0], LD);
  multiply(a, b, out);
}

// A column-major and B row-major: ldmatrix.x4.trans each.
// PTX-LABEL: .entry {{.*}}shared_col_row
// PTX-NOT: isspacep
// PTX-NOT: ld.shared.b32
// PTX-COUNT-2: ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16
// PTX-NOT: ld.shared.b32
// PTX: ret;
[[gpu::kernel]] void shared_col_row(const half *in, float *out) {
  [[gpu::shared]] alignas(32) half as[16][LD];
  [[gpu::shared]] alignas(32) half bs[16][LD];
  fill(as, in);
  fill(bs, in + 16 * LD);
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::col_major> a;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::row_major> b;
  wmma::load_matrix_sync(a, &as[0][0], LD);
  wmma::load_matrix_sync(b, &bs[0][0], LD);
  multiply(a, b, out);
}

// 32x8x16: A is two x4 loads, B one x2; 8x32x16: A one x2, B two x4.
// PTX-LABEL: .entry {{.*}}shared_other_shapes
// PTX-NOT: ld.shared.b32
// PTX-DAG: ldmatrix.sync.aligned.m8n8.x2.shared.b16
// PTX-DAG: ldmatrix.sync.aligned.m8n8.x2.shared.b16
// PTX-NOT: ld.shared.b32
// PTX: ret;
[[gpu::kernel]] void shared_other_shapes(const half *in, float *out) {
  [[gpu::shared]] alignas(32) half as[32][LD];
  [[gpu::shared]] alignas(32) half bs[32][LD];
  fill(as, in);
  fill(bs, in + 32 * LD);
  wmma::fragment<wmma::matrix_a, 32, 8, 16, half, wmma::row_major> a1;
  wmma::fragment<wmma::matrix_b, 32, 8, 16, half, wmma::col_major> b1;
  wmma::load_matrix_sync(a1, &as[0][0], LD);
  wmma::load_matrix_sync(b1, &bs[0][0], LD);
  multiply(a1, b1, out);
  wmma::fragment<wmma::matrix_a, 8, 32, 16, half, wmma::row_major> a2;
  wmma::fragment<wmma::matrix_b, 8, 32, 16, half, wmma::col_major> b2;
  wmma::load_matrix_sync(a2, &as[0][0], LD);
  wmma::load_matrix_sync(b2, &bs[0][0], LD);
  multiply(a2, b2, out + 256);
}

// A half accumulator in shared memory: ldmatrix too (float accumulators
// keep their 64-bit loads).
// PTX-LABEL: .entry {{.*}}shared_half_accumulator
// PTX-NOT: ld.shared.b32
// PTX: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// PTX-NOT: ld.shared.b32
// PTX: ret;
[[gpu::kernel]] void shared_half_accumulator(const half *in, half *out) {
  [[gpu::shared]] alignas(32) half cs[16][LD];
  fill(cs, in);
  wmma::fragment<wmma::accumulator, 16, 16, 16, half> c;
  wmma::load_matrix_sync(c, &cs[0][0], LD, wmma::mem_row_major);
  for (int i = 0; i < c.num_elements; ++i)
    c.x[i] = c.x[i] + c.x[i];
  wmma::store_matrix_sync(out, c, 16, wmma::mem_row_major);
}

// The program's word (gpu::smem_ptr): no test of the address space.
// PTX-LABEL: .entry {{.*}}smem_ptr_overload
// PTX-NOT: isspacep
// PTX: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// PTX: ret;
[[gpu::kernel]] void smem_ptr_overload(const half *in, float *out) {
  [[gpu::shared]] alignas(32) half as[16][LD];
  fill(as, in);
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> a;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> b;
  wmma::load_matrix_sync(a, gpu::assume_shared(&as[0][0]), LD);
  wmma::load_matrix_sync(b, in, 16);
  multiply(a, b, out);
}

// From global memory: the element loads, no ldmatrix, no test.
// PTX-LABEL: .entry {{.*}}global_loads
// PTX-NOT: ldmatrix
// PTX-NOT: isspacep
// PTX: ld.global
// PTX-NOT: ldmatrix
// PTX: ret;
[[gpu::kernel]] void global_loads(const half *a_in, const half *b_in,
                                  float *out) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> a;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> b;
  wmma::load_matrix_sync(a, a_in, 16);
  wmma::load_matrix_sync(b, b_in, 16);
  multiply(a, b, out);
}

// A pointer that is shared or global as the kernel's argument says: both
// paths, chosen by isspacep.shared.
// PTX-LABEL: .entry {{.*}}either_space
// PTX: isspacep.shared
// PTX-DAG: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// PTX-DAG: ld.b32
// PTX: ret;
[[gpu::kernel]] void either_space(const half *in, float *out, int use_shared) {
  [[gpu::shared]] alignas(32) half as[16][LD];
  fill(as, in);
  const half *p = use_shared ? &as[0][0] : in;
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> a;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> b;
  wmma::load_matrix_sync(a, p, LD);
  wmma::load_matrix_sync(b, in, 16);
  multiply(a, b, out);
}

} // namespace kernels
