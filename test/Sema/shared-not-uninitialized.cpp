// A [[gpu::shared]] variable that one thread writes and the block reads
// after a barrier is not "used uninitialized" (-Wall); an ordinary local
// still is.
// RUN: %alloy_cc1 -Wall -fsyntax-only -Xclang -verify %s
#include <gpu/device.hpp>

namespace kernels {
[[gpu::kernel, gpu::launch_contract(1, 64)]]
void broadcast(gpu::disjoint_span<int> out) {
  [[gpu::shared]] int value;
  [[gpu::shared]] float table[64];
  int local; // expected-note {{initialize the variable 'local'}}
  if (gpu::thread_idx().x == 0) { // expected-warning {{variable 'local' is used uninitialized whenever 'if' condition is false}} expected-note {{remove the 'if'}}
    value = 5;
    local = 1;
  }
  table[gpu::thread_idx().x] = 1.0f;
  gpu::sync_threads();
  int sum = value + local; // expected-note {{uninitialized use occurs here}}
  if (int *o = out.get_mut(gpu::thread::index_1d()))
    *o = sum + int(table[0]);
}
} // namespace kernels
