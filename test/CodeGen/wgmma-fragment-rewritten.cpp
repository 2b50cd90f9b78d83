// An A fragment in registers belongs to the tensor cores until a wait
// covers its mma's group. A loop that does not unroll writes the fragment's
// registers again in its next iteration: a warning at the mma. Waiting for
// the group inside the loop, or a loop that unrolls (fresh registers each
// time), or a change after the mma in straight-line code are fine.
// REQUIRES: ptxas
// RUN: %alloy_cc1 -O2 -c %s -o %t.o -fplugin-arg-alloy-gpu-arch=sm_90a -Xclang -verify
#include <gpu/gpu.hpp>
#include <gpu/hopper.hpp>
#include <gpu/wgmma.hpp>

using namespace gpu::wgmma;
using gpu::half;

inline void load(a_fragment<half> &p, const half *a, int k) {
  for (int i = 0; i < p.size; ++i)
    p[i] = a[k * 1024 + p.row(i) * 16 + p.col(i)];
}
template <int N> inline void store(const accumulator<N> &o, float *out) {
  for (int i = 0; i < o.size; ++i)
    out[o.row(i) * N + o.col(i)] = o[i];
}

[[gpu::kernel, gpu::launch_contract(1, 128)]] void rolled(const half *a,
                                                        float *out, int k_tiles) {
  [[gpu::shared]] tile<half, 64, 64> b;
  accumulator<64> o;
  o.zero();
  a_fragment<half> p;
#pragma unroll 1
  for (int k = 0; k < k_tiles; ++k) {
    load(p, a, k);
    fence(o);
    mma_async(o, p, b.desc(0, 0)); // expected-warning {{the registers of this wgmma's A fragment are written again before a gpu::wgmma::wait covers its group (in 'rolled(gpu::basic_half<_Float16> const*, float*, int)'), while the tensor cores may still read them, which PTX leaves undefined: a loop that does not unroll rewrites them in its next iteration; wait for the group inside the loop, or let the loop unroll}}
    commit();
  }
  wait<0>(o);
  store(o, out);
}

// wait<1> leaves the newest group in flight: the next iteration's fragment
// is written while this mma may still run.
[[gpu::kernel, gpu::launch_contract(1, 128)]] void one_pending(const half *a,
                                                             float *out, int k_tiles) {
  [[gpu::shared]] tile<half, 64, 64> b;
  accumulator<64> o;
  o.zero();
#pragma unroll 1
  for (int k = 0; k < k_tiles; ++k) {
    a_fragment<half> p;
    load(p, a, k);
    fence(o);
    mma_async(o, p, b.desc(0, 0)); // expected-warning {{the registers of this wgmma's A fragment are written again}}
    commit();
    wait<1>();
  }
  wait<0>(o);
  store(o, out);
}

// Waited inside the loop: fine.
[[gpu::kernel, gpu::launch_contract(1, 128)]] void waited(const half *a,
                                                        float *out, int k_tiles) {
  [[gpu::shared]] tile<half, 64, 64> b;
  accumulator<64> o;
  o.zero();
#pragma unroll 1
  for (int k = 0; k < k_tiles; ++k) {
    a_fragment<half> p;
    load(p, a, k);
    fence(o);
    mma_async(o, p, b.desc(0, 0));
    commit();
    wait<0>(o);
  }
  store(o, out);
}

// Unrolled: each iteration's fragment has its own registers; one wait
// after the loop.
[[gpu::kernel, gpu::launch_contract(1, 128)]] void unrolled(const half *a,
                                                          float *out) {
  [[gpu::shared]] tile<half, 64, 64> b;
  accumulator<64> o;
  o.zero();
  fence(o);
  for (int k = 0; k < 4; ++k) {
    a_fragment<half> p;
    load(p, a, k);
    mma_async(o, p, b.desc(16 * k, 0));
  }
  commit();
  wait<0>(o);
  store(o, out);
}

// Modified after the mma in straight-line code: the new values get new
// registers, the mma's stay untouched.
[[gpu::kernel, gpu::launch_contract(1, 128)]] void modified_after(const half *a,
                                                                float *out) {
  [[gpu::shared]] tile<half, 64, 64> b;
  accumulator<64> o;
  o.zero();
  a_fragment<half> p;
  load(p, a, 0);
  fence(o);
  mma_async(o, p, b.desc(0, 0));
  p[0] = half(2.0f);
  mma_async(o, p, b.desc(16, 0));
  commit();
  wait<0>(o);
  store(o, out);
}
