// Atomics and warp operations compile to CUDA's PTX instructions; wrong
// types do not compile.
// RUN: rm -rf %t && %alloy_cc1 -O2 -c %s -o %t.o -fplugin-arg-alloy-trace=%t
// RUN: FileCheck %s --check-prefix=ALLOY < %t/atomics-warp.alloy.mlir
// RUN: FileCheck %s --check-prefix=PTX < %t/atomics-warp.ptx
// RUN: %alloy_cc1 -fsyntax-only -DERRORS -Xclang -verify \
// RUN:   -Xclang -verify-ignore-unexpected=note %s
#include <gpu/gpu.hpp>
#include <cstdint>

namespace kernels {
#ifndef ERRORS
// ALLOY-LABEL: alloy.kernel @_ZN7kernels7atomics
// PTX-LABEL: .entry _ZN7kernels7atomics
[[gpu::kernel]] void atomics(uint32_t *u32, int32_t *i32, uint64_t *u64,
                             long long *ll, float *f, double *d,
                             uint16_t *u16) {
  uint32_t lane = gpu::warp::lane_id();
  // ALLOY: alloy.atomic_rmw add %{{.*}} : !alloy.ptr, i32
  // PTX: atom.global.add.u32 {{.*}}, 1;
  gpu::atomic_add(u32, 1);
  // PTX: atom.global.add.u32 {{.*}}, -2;
  gpu::atomic_sub(i32, 2);
  // ALLOY: alloy.atomic_rmw smin %{{.*}} : !alloy.ptr, i32
  // PTX: atom.global.min.s32
  gpu::atomic_min(i32 + 1, int(lane));
  // ALLOY: alloy.atomic_rmw umax %{{.*}} : !alloy.ptr, i32
  // PTX: atom.global.max.u32
  gpu::atomic_max(u32 + 1, lane);
  // PTX: atom.global.min.u64
  gpu::atomic_min(u64, 5);
  // PTX: atom.global.max.s64
  gpu::atomic_max(ll, -5);
  // PTX: atom.global.and.b32
  gpu::atomic_and(u32 + 2, 0xf0u);
  // PTX: atom.global.or.b64
  gpu::atomic_or(u64 + 1, 1);
  // PTX: atom.global.xor.b64
  gpu::atomic_xor(ll + 1, 3);
  // PTX: atom.global.exch.b32
  gpu::atomic_exch(f, 2.0f);
  // ALLOY: alloy.atomic_rmw fadd %{{.*}} : !alloy.ptr, f32
  // PTX: atom.global.add.f32
  gpu::atomic_add(f + 1, 1.5f);
  // PTX: atom.global.add.f64
  gpu::atomic_add(d, 1);
  // PTX: atom.global.exch.b64
  gpu::atomic_exch(d + 1, 3.0);
  // ALLOY: alloy.atomic_cas %{{.*}} : !alloy.ptr, i32
  // PTX: atom.relaxed.gpu.global.cas.b32
  i32[3] = gpu::atomic_cas(i32 + 2, 0, 1);
  // PTX: atom.relaxed.gpu.global.cas.b64
  ll[2] = gpu::atomic_cas(ll + 3, 7, 8);
  // ALLOY: alloy.atomic_cas %{{.*}} : !alloy.ptr, i16
  // (LLVM's NVPTX backend makes a 16-bit CAS a loop of 32-bit ones.)
  // PTX: st.global.b16
  u16[1] = gpu::atomic_cas(u16, 3, 4);
}

// Atomics on shared memory, in a device function.
template <class T> void count(T *bins, uint32_t i) { gpu::atomic_add(bins + i, T(1)); }

// PTX-LABEL: .entry _ZN7kernels9histogram
// PTX: atom.shared.add.u32
// PTX: atom.shared.add.f32
// PTX: bar.sync
// PTX: atom.global.add.u32
[[gpu::kernel, gpu::launch_contract(1, 256)]]
void histogram(std::span<const uint32_t> in, uint32_t *out) {
  gpu::shared_array<uint32_t, 16> bins;
  gpu::shared_array<float, 16> weights;
  uint32_t t = gpu::thread_idx().x;
  if (t < 16) {
    bins[t] = 0;
    weights[t] = 0;
  }
  gpu::sync_threads();
  size_t i = gpu::thread::index_1d().get();
  if (i < in.size()) {
    count(bins.data(), in[i] % 16);
    count(weights.data(), in[i] % 16);
  }
  gpu::sync_threads();
  if (t < 16)
    gpu::atomic_add(out + t, bins[t] + uint32_t(weights[t]));
}

// ALLOY-LABEL: alloy.kernel @_ZN7kernels5warps
// PTX-LABEL: .entry _ZN7kernels5warps
[[gpu::kernel]] void warps(float *f, double *d, long long *ll, uint32_t *u,
                           int *i) {
  uint32_t lane = gpu::warp::lane_id();
  float v = f[lane];
  // ALLOY-DAG: alloy.shfl down %{{.*}} : f32
  // PTX: shfl.sync.down.b32 {{.*}}, 16, 31, -1;
  // PTX: shfl.sync.down.b32 {{.*}}, 1, 31, -1;
  for (uint32_t o = 16; o > 0; o /= 2)
    v += gpu::warp::shfl_down(v, o);
  // ALLOY-DAG: alloy.shfl idx %{{.*}} : f32
  // PTX: shfl.sync.idx.b32 {{.*}}, 0, 31, -1;
  f[lane] = v + gpu::warp::shfl(v, 0);
  double w = d[lane];
  // ALLOY-DAG: alloy.shfl bfly %{{.*}} : f64
  // PTX-COUNT-2: shfl.sync.bfly.b32 {{.*}}, 1, 31, -1;
  w += gpu::warp::shfl_xor(w, 1);
  // ALLOY-DAG: alloy.shfl up %{{.*}} : f64
  // PTX-COUNT-2: shfl.sync.up.b32 {{.*}}, 2, 0, 65535;
  d[lane] = gpu::warp::shfl_up(w, 2, 0x0000ffffu);
  // ALLOY-DAG: alloy.shfl bfly %{{.*}} : i64
  // PTX-COUNT-2: shfl.sync.bfly.b32 {{.*}}, 3, 31, -1;
  ll[lane] = gpu::warp::shfl_xor(ll[lane], 3);
  // ALLOY-DAG: alloy.shfl down %{{.*}} : i32
  // PTX: shfl.sync.down.b32 {{.*}}, 4, 31, -1;
  i[lane] = gpu::warp::shfl_down(i[lane], 4);
  // ALLOY-DAG: alloy.vote ballot %{{.*}} : i32
  // ALLOY-DAG: alloy.vote all %{{.*}} : i1
  // ALLOY-DAG: alloy.vote any %{{.*}} : i1
  // PTX: vote.sync.ballot.b32 {{.*}}, -1;
  // PTX: vote.sync.all.pred {{.*}}, -1;
  // PTX: vote.sync.any.pred {{.*}}, 255;
  u[lane] = gpu::warp::ballot(lane % 3 == 0) + gpu::warp::all(v > 0) +
            gpu::warp::any(w < 0, 0xffu);
  // ALLOY-DAG: alloy.warp_sync
  // PTX: bar.warp.sync -1;
  gpu::warp::sync();
}

// Reductions of 32-bit integers are one redux.sync; others shuffle.
// PTX-LABEL: .entry _ZN7kernels10reductions
[[gpu::kernel]] void reductions(int *i, uint32_t *u, long long *ll, float *f) {
  uint32_t lane = gpu::warp::lane_id();
  // PTX: redux.sync.add.s32
  i[0] = gpu::warp::sum(i[lane]);
  // PTX: redux.sync.min.s32
  i[1] = gpu::warp::min(i[lane]);
  // PTX: redux.sync.max.u32
  u[0] = gpu::warp::max(u[lane]);
  // PTX: redux.sync.xor.b32
  u[1] = gpu::warp::reduce(u[lane], gpu::bit_xor{});
  // PTX-NOT: redux
  // PTX-COUNT-10: shfl.sync.bfly.b32
  ll[0] = gpu::warp::sum(ll[lane]);
  // PTX-COUNT-5: shfl.sync.bfly.b32
  f[0] = gpu::warp::sum(f[lane]);
}
#else
// expected-error@gpu/atomic.hpp:* {{gpu::atomic_sub is for int32_t, uint32_t, int64_t and uint64_t}}
[[gpu::kernel]] void sub_float(float *f) { gpu::atomic_sub(f, 1.0f); }
// expected-error@gpu/atomic.hpp:* {{gpu::atomic_add is for int32_t, uint32_t, int64_t, uint64_t, float and double}}
[[gpu::kernel]] void add_short(short *s) { gpu::atomic_add(s, 1); }
// expected-error@gpu/atomic.hpp:* {{gpu::atomic_cas is for int16_t, uint16_t, int32_t, uint32_t, int64_t and uint64_t}}
[[gpu::kernel]] void cas_double(double *d) { gpu::atomic_cas(d, 0.0, 1.0); }
// expected-error@gpu/atomic.hpp:* {{gpu::atomic_max is for int32_t, uint32_t, int64_t and uint64_t}}
[[gpu::kernel]] void max_const(const int *p) { gpu::atomic_max(p, 1); }
struct Counted {
  int v;
  Counted(const Counted &o) : v(o.v + 1) {}
};
// expected-error@gpu/warp.hpp:* {{gpu::warp::shfl moves trivially copyable types}}
[[gpu::kernel]] void shfl_counted(Counted *c) { c[0] = gpu::warp::shfl(c[0], 1); }
#endif
} // namespace kernels
