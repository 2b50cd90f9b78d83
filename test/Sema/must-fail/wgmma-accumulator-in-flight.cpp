// An accumulator of gpu::wgmma::mma_async belongs to the tensor cores until
// gpu::wgmma::wait<0>(acc) releases it: reading it before, passing it on
// before, overwriting it before, or never releasing it are errors at the
// mma_async (alloy-check-wgmma, after inlining). wait<1> releases nothing,
// nor does wait<0>() without the accumulator.
// RUN: not %alloy_cc1 -O2 -c %s -o %t.o -fplugin-arg-alloy-gpu-arch=sm_90a 2>&1 | FileCheck %s --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/gpu.hpp>
#include <gpu/wgmma.hpp>

using namespace gpu::wgmma;

// CHECK-DAG: wgmma-accumulator-in-flight.cpp:[[@LINE+7]]:3: error: the accumulator of this wgmma is in flight until gpu::wgmma::wait<0>(acc): the program stores it before that
[[gpu::kernel, gpu::launch_contract(1, 128)]] void read_before_wait(float *out) {
  [[gpu::shared]] tile<gpu::half, 64, 64> a;
  [[gpu::shared]] tile<gpu::half, 64, 64> b;
  accumulator<64> acc;
  acc.zero();
  fence(acc);
  mma_async(acc, a.desc(0, 0), b.desc(0, 0));
  commit();
  out[gpu::thread_idx().x] = acc[0]; // in flight
  wait<0>(acc);
}

// CHECK-DAG: wgmma-accumulator-in-flight.cpp:[[@LINE+7]]:3: error: the accumulator of this wgmma is in flight until gpu::wgmma::wait<0>(acc): the program reads it (fadd)
[[gpu::kernel, gpu::launch_contract(1, 128)]] void pending_wait(float *out) {
  [[gpu::shared]] tile<gpu::half, 64, 64> a;
  [[gpu::shared]] tile<gpu::half, 64, 64> b;
  accumulator<64> acc;
  acc.zero();
  fence(acc);
  mma_async(acc, a.desc(0, 0), b.desc(0, 0));
  commit();
  wait<1>(); // the group may still be running
  float s = 0;
  for (int i = 0; i < acc.size; ++i)
    s += acc[i];
  out[gpu::thread_idx().x] = s;
  wait<0>();
}

// CHECK-DAG: wgmma-accumulator-in-flight.cpp:[[@LINE+7]]:3: error: the accumulator of this wgmma is overwritten or never released
[[gpu::kernel, gpu::launch_contract(1, 128)]] void overwritten(float *out) {
  [[gpu::shared]] tile<gpu::half, 64, 64> a;
  [[gpu::shared]] tile<gpu::half, 64, 64> b;
  accumulator<64> acc;
  acc.zero();
  fence(acc);
  mma_async(acc, a.desc(0, 0), b.desc(0, 0));
  commit();
  acc.zero(); // the tensor cores are still writing it
  wait<0>(acc);
  out[gpu::thread_idx().x] = acc[1];
}

// A helper that reads it, inlined or not.
[[gnu::noinline]] float consume(accumulator<64> &acc) { return acc[2]; }

// CHECK-DAG: wgmma-accumulator-in-flight.cpp:[[@LINE+7]]:3: error: the accumulator of this wgmma is in flight until gpu::wgmma::wait<0>(acc): the program stores it before that
[[gpu::kernel, gpu::launch_contract(1, 128)]] void passed_on(float *out) {
  [[gpu::shared]] tile<gpu::half, 64, 64> a;
  [[gpu::shared]] tile<gpu::half, 64, 64> b;
  accumulator<64> acc;
  acc.zero();
  fence(acc);
  mma_async(acc, a.desc(0, 0), b.desc(0, 0));
  commit();
  out[0] = consume(acc);
  wait<0>(acc);
}
