// <gpu/tensor_core.hpp> compiles to Alloy's tensor-core operations
// (alloy.mma_sync, alloy.ldmatrix, alloy.stmatrix, alloy.cp_async and its
// commit and wait) and from them to PTX's mma.sync, ldmatrix, stmatrix and
// cp.async: every shape and type of mma, every ldmatrix/stmatrix count with
// and without .trans, cp.async of 4, 8 and 16 bytes (.ca and .cg), the
// zero-filling form, commit and wait, and gpu::pipeline.
// RUN: %alloy_cc1 -fsyntax-only -fplugin-arg-alloy-print-alloy %s | FileCheck %s --check-prefix=IR
// RUN: rm -rf %t && %alloy_cc1 -O2 -c %s -o %t.o -fplugin-arg-alloy-gpu-arch=sm_90 -fplugin-arg-alloy-trace=%t
// RUN: FileCheck %s --check-prefix=PTX < %t/tensor-core.ptx
#include <gpu/gpu.hpp>
#include <gpu/tensor_core.hpp>

#include <cstdint>

namespace kernels {
using namespace gpu::mma;

// Fills a fragment's registers from `in` (lane by lane) and returns it.
template <class F> F load_regs(const uint32_t *in) {
  F f;
  uint32_t lane = gpu::thread_idx().x % 32;
  for (int i = 0; i < F::registers; ++i)
    f.reg[i] = in[lane * F::registers + i];
  return f;
}

// Writes an accumulator's registers to `out`.
template <class F> void store_regs(const F &f, uint32_t *out) {
  uint32_t lane = gpu::thread_idx().x % 32;
  for (int i = 0; i < F::registers; ++i)
    out[lane * F::registers + i] = std::bit_cast<uint32_t>(f.reg[i]);
}

// d = a * b + c for one shape and pair of types.
template <class Shape, class T, class Acc>
void one_mma(const uint32_t *a_in, const uint32_t *b_in, uint32_t *out) {
  auto a = load_regs<fragment<role::a, Shape, T>>(a_in);
  auto b = load_regs<fragment<role::b, Shape, T>>(b_in);
  fragment<role::accumulator, Shape, Acc> c{};
  mma(c, a, b);
  store_regs(c, out);
}

// IR-DAG: alloy.mma_sync m16n8k16 f16 a[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] b[%{{.*}}, %{{.*}}] c[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] : f32, f32, f32, f32 -> f32, f32, f32, f32
// IR-DAG: alloy.mma_sync m16n8k16 bf16 a[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] b[%{{.*}}, %{{.*}}] c[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] : f32, f32, f32, f32 -> f32, f32, f32, f32
// IR-DAG: alloy.mma_sync m16n8k16 f16 a[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] b[%{{.*}}, %{{.*}}] c[%{{.*}}, %{{.*}}] : i32, i32 -> i32, i32
// IR-DAG: alloy.mma_sync m16n8k8 tf32 a[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] b[%{{.*}}, %{{.*}}] c[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] : f32, f32, f32, f32 -> f32, f32, f32, f32
// IR-DAG: alloy.mma_sync m16n8k32 s8 a[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] b[%{{.*}}, %{{.*}}] c[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] : i32, i32, i32, i32 -> i32, i32, i32, i32
// IR-DAG: alloy.mma_sync m16n8k32 u8 a[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] b[%{{.*}}, %{{.*}}] c[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] : i32, i32, i32, i32 -> i32, i32, i32, i32

// PTX-LABEL: .entry _ZN7kernels3mmaEPKjS1_Pj(
// PTX: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// PTX-NEXT: {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}},
// PTX-NEXT: {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}},
// PTX-NEXT: {%r{{[0-9]+}}, %r{{[0-9]+}}},
// PTX-NEXT: {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}};
// PTX: mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
// PTX: mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16
// PTX-NEXT: {%r{{[0-9]+}}, %r{{[0-9]+}}},
// PTX-NEXT: {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}},
// PTX-NEXT: {%r{{[0-9]+}}, %r{{[0-9]+}}},
// PTX-NEXT: {%r{{[0-9]+}}, %r{{[0-9]+}}};
// PTX: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
// PTX: mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32
// PTX: mma.sync.aligned.m16n8k32.row.col.s32.u8.u8.s32
// PTX: ret;
[[gpu::kernel]] void mma(const uint32_t *a, const uint32_t *b, uint32_t *out) {
  one_mma<m16n8k16, gpu::half, float>(a, b, out);
  one_mma<m16n8k16, gpu::bfloat16, float>(a, b, out + 128);
  one_mma<m16n8k16, gpu::half, gpu::half>(a, b, out + 256);
  one_mma<m16n8k8, tf32, float>(a, b, out + 384);
  one_mma<m16n8k32, int8_t, int32_t>(a, b, out + 512);
  one_mma<m16n8k32, uint8_t, int32_t>(a, b, out + 640);
}

// ldmatrix .x1, .x2, .x4, each plain and .trans, from a shared tile; then
// stmatrix (sm_90) of the same counts.
// IR-DAG: alloy.ldmatrix %{{.*}} : !alloy.ptr<shared> -> i32{{$}}
// IR-DAG: alloy.ldmatrix %{{.*}} : !alloy.ptr<shared> -> i32, i32{{$}}
// IR-DAG: alloy.ldmatrix %{{.*}} : !alloy.ptr<shared> -> i32, i32, i32, i32{{$}}
// IR-DAG: alloy.ldmatrix %{{.*}} trans : !alloy.ptr<shared> -> i32{{$}}
// IR-DAG: alloy.ldmatrix %{{.*}} trans : !alloy.ptr<shared> -> i32, i32{{$}}
// IR-DAG: alloy.ldmatrix %{{.*}} trans : !alloy.ptr<shared> -> i32, i32, i32, i32{{$}}
// IR-DAG: alloy.stmatrix %{{.*}}, %{{.*}} : !alloy.ptr<shared>, i32{{$}}
// IR-DAG: alloy.stmatrix %{{.*}}, %{{.*}}, %{{.*}} trans : !alloy.ptr<shared>, i32, i32{{$}}
// IR-DAG: alloy.stmatrix %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : !alloy.ptr<shared>, i32, i32, i32, i32{{$}}

// PTX-LABEL: .entry _ZN7kernels8matricesEPKtPj(
// PTX: ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%r{{[0-9]+}}}, [%r{{[0-9]+}}];
// PTX: ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%r{{[0-9]+}}, %r{{[0-9]+}}}, [%r{{[0-9]+}}];
// PTX: ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, [%r{{[0-9]+}}];
// PTX: ldmatrix.sync.aligned.m8n8.x1.trans.shared.b16
// PTX: ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16
// PTX: ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, [%r{{[0-9]+}}];
// PTX: stmatrix.sync.aligned.m8n8.x1.shared.b16 [%r{{[0-9]+}}], {%r{{[0-9]+}}};
// PTX: stmatrix.sync.aligned.m8n8.x2.trans.shared.b16 [%r{{[0-9]+}}], {%r{{[0-9]+}}, %r{{[0-9]+}}};
// PTX: stmatrix.sync.aligned.m8n8.x4.shared.b16 [%r{{[0-9]+}}], {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}};
// PTX: ret;
[[gpu::kernel, gpu::launch_contract(1, 32)]]
void matrices(const uint16_t *in, uint32_t *out) {
  alignas(16) gpu::shared_array<uint16_t, 4 * 64> tile;
  uint32_t lane = gpu::thread_idx().x;
  for (uint32_t i = lane; i < 4 * 64; i += 32)
    tile[i] = in[i];
  gpu::sync_threads();
  gpu::smem_ptr<uint16_t> row = gpu::shared_ptr_to(tile) + lane * 8;
  gpu::smem_ptr<const uint16_t> crow = row;
  uint32_t r1[1], r2[2], r4[4], t1[1], t2[2], t4[4];
  ldmatrix<1>(r1, crow);
  ldmatrix<2>(r2, crow);
  ldmatrix<4>(r4, crow);
  ldmatrix<1, true>(t1, crow);
  ldmatrix<2, true>(t2, crow);
  ldmatrix<4, true>(t4, crow);
  uint32_t sum = r1[0] ^ r2[1] ^ r4[3] ^ t1[0] ^ t2[1] ^ t4[3];
  gpu::sync_threads();
  stmatrix<1>(row, r1);
  stmatrix<2, true>(row, t2);
  stmatrix<4>(row, r4);
  gpu::sync_threads();
  out[lane] = sum + tile[lane];
}

// cp.async: 4 and 8 bytes (.ca, the only kind for them), 16 bytes through L1
// (cache::all, .ca) and around it (the default for 16, .cg), the
// zero-filling form (a register operand with the bytes to read), then the
// group's commit and a wait for all but 2 groups, and wait_all.
// IR-DAG: alloy.cp_async %{{[0-9]+}}, %{{[0-9]+}} {bytes = 4 : i32} : !alloy.ptr<shared>, !alloy.ptr<global>
// IR-DAG: alloy.cp_async %{{[0-9]+}}, %{{[0-9]+}} {bytes = 8 : i32} : !alloy.ptr<shared>, !alloy.ptr<global>
// IR-DAG: alloy.cp_async %{{[0-9]+}}, %{{[0-9]+}} {bytes = 16 : i32} : !alloy.ptr<shared>, !alloy.ptr<global>
// IR-DAG: alloy.cp_async %{{[0-9]+}}, %{{[0-9]+}} {bytes = 16 : i32, cache_global} : !alloy.ptr<shared>, !alloy.ptr<global>
// IR-DAG: alloy.cp_async %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9a-z_]+}} {bytes = 4 : i32} : !alloy.ptr<shared>, !alloy.ptr<global>
// IR-DAG: alloy.cp_async %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9a-z_]+}} {bytes = 16 : i32, cache_global} : !alloy.ptr<shared>, !alloy.ptr<global>
// IR-DAG: alloy.cp_async_commit
// IR-DAG: alloy.cp_async_wait 2
// IR-DAG: alloy.cp_async_wait 0

// PTX-LABEL: .entry _ZN7kernels6copiesEPKfPfj(
// PTX: cp.async.ca.shared.global {{\[%r[0-9]+(\+[0-9]+)?\]}}, {{\[%rd[0-9]+(\+[0-9]+)?\]}}, 4;
// PTX: cp.async.ca.shared.global {{\[%r[0-9]+(\+[0-9]+)?\]}}, {{\[%rd[0-9]+(\+[0-9]+)?\]}}, 8;
// PTX: cp.async.ca.shared.global {{\[%r[0-9]+(\+[0-9]+)?\]}}, {{\[%rd[0-9]+(\+[0-9]+)?\]}}, 16;
// PTX: cp.async.cg.shared.global {{\[%r[0-9]+(\+[0-9]+)?\]}}, {{\[%rd[0-9]+(\+[0-9]+)?\]}}, 16;
// PTX: cp.async.ca.shared.global {{\[%r[0-9]+(\+[0-9]+)?\]}}, {{\[%rd[0-9]+(\+[0-9]+)?\]}}, 4, %r{{[0-9]+}};
// PTX: cp.async.cg.shared.global {{\[%r[0-9]+(\+[0-9]+)?\]}}, {{\[%rd[0-9]+(\+[0-9]+)?\]}}, 16, %r{{[0-9]+}};
// PTX: cp.async.commit_group;
// PTX: cp.async.wait_group 2;
// PTX: cp.async.wait_group 0;
// PTX: ret;
[[gpu::kernel, gpu::launch_contract(1, 32)]]
void copies(const float *in, float *out, uint32_t valid) {
  alignas(16) gpu::shared_array<float, 32 * 16> s;
  uint32_t t = gpu::thread_idx().x;
  gpu::smem_ptr<float> base = gpu::shared_ptr_to(s);
  gpu::cp_async<4>(base + t, in + t);
  gpu::cp_async<8>(base + 64 + 2 * t, in + 64 + 2 * t);
  gpu::cp_async<16, gpu::cache::all>(base + 128 + 4 * t, in + 128 + 4 * t);
  gpu::cp_async<16>(base + 256 + 4 * t, in + 256 + 4 * t);
  gpu::cp_async<4>(base + 384 + t, in + 384 + t, t < valid ? 4u : 0u);
  gpu::cp_async<16>(base + 416 + 4 * (t % 16), in + 416 + 4 * (t % 16),
                    valid % 17);
  gpu::cp_async_commit();
  gpu::cp_async_wait<2>();
  gpu::cp_async_wait_all();
  gpu::sync_threads();
  for (uint32_t i = t; i < 32 * 16; i += 32)
    out[i] = s[i];
}

// gpu::pipeline<3>: commit per stage, wait_group STAGES - 2 = 1.
// IR-DAG: alloy.cp_async_wait 1
// PTX-LABEL: .entry _ZN7kernels8pipelineEPKfPfi(
// PTX: cp.async.cg.shared.global
// PTX: cp.async.commit_group;
// PTX: cp.async.wait_group 1;
// PTX: bar.sync 0;
// PTX: ret;
[[gpu::kernel, gpu::launch_contract(1, 32)]]
void pipeline(const float *in, float *out, int tiles) {
  alignas(16) gpu::shared_array<float, 3 * 128> ring;
  gpu::smem_ptr<float> base = gpu::shared_ptr_to(ring);
  uint32_t t = gpu::thread_idx().x;
  gpu::pipeline<3> p;
  for (int s = 0; s < 2; ++s) {
    if (s < tiles)
      gpu::cp_async<16>(base + p.write() * 128 + 4 * t, in + s * 128 + 4 * t);
    p.commit();
  }
  float acc = 0;
  for (int k = 0; k < tiles; ++k) {
    p.wait_for_oldest();
    gpu::sync_threads();
    acc += ring[p.read() * 128 + t];
    gpu::sync_threads();
    if (k + 2 < tiles)
      gpu::cp_async<16>(base + p.write() * 128 + 4 * t,
                        in + (k + 2) * 128 + 4 * t);
    p.commit();
    p.release();
  }
  out[t] = acc;
}

// gpu::mma::load: ldmatrix.x4 for a row-major A, .x2.trans for a
// row-major ([k][n]) B, .x2 for a column-major one.
// PTX-LABEL: .entry _ZN7kernels12load_and_mmaEPKtPf(
// PTX: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// PTX: ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16
// PTX: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// PTX: ldmatrix.sync.aligned.m8n8.x2.shared.b16
// PTX: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// PTX: ret;
[[gpu::kernel, gpu::launch_contract(1, 32)]]
void load_and_mma(const uint16_t *in, float *out) {
  alignas(16) gpu::shared_array<gpu::half, 16 * 16 + 16 * 8 + 8 * 16> tile;
  uint32_t lane = gpu::thread_idx().x;
  for (uint32_t i = lane; i < tile.size(); i += 32)
    tile[i] = gpu::half::from_bits(in[i]);
  gpu::sync_threads();
  gpu::smem_ptr<const gpu::half> a_tile = gpu::shared_ptr_to(tile);
  gpu::smem_ptr<const gpu::half> b_tile = a_tile + 16 * 16;
  gpu::smem_ptr<const gpu::half> bt_tile = b_tile + 16 * 8;
  fragment<role::a, m16n8k16, gpu::half> a;
  fragment<role::b, m16n8k16, gpu::half> b, bt;
  fragment<role::accumulator, m16n8k16, float> acc{};
  load(a, row_major,
       [&](uint32_t r, uint32_t c) { return a_tile + r * 16 + c; });
  load(b, row_major,
       [&](uint32_t k, uint32_t n) { return b_tile + k * 8 + n; });
  gpu::mma::mma(acc, a, b);
  load(bt, col_major,
       [&](uint32_t k, uint32_t n) { return bt_tile + n * 16 + k; });
  gpu::mma::mma(acc, a, bt);
  store(acc, [&](uint32_t r, uint32_t c) { return out + r * 8 + c; });
}
} // namespace kernels
