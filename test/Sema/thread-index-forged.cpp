// A gpu::thread_index names the thread that holds it: only
// gpu::thread::index_1d()/index_2d() make one. Device code that would make
// one from other bits (a shuffle from another lane, std::bit_cast, memcpy
// into it, a reinterpreting cast, a writable pointer to its bytes, a union
// member beside it, a kernel parameter) is rejected; copies
// and members holding one are fine.
// RUN: %alloy_cc1 -fsyntax-only -Xclang -verify -Xclang -verify-ignore-unexpected=note %s
#include <gpu/gpu.hpp>

#include <bit>
#include <cstring>

struct Holder {
  gpu::thread_index idx;
  int extra;
};

namespace kernels {
[[gpu::kernel, gpu::launch_contract(1, 64)]]
void shuffle_forge(gpu::disjoint_span<int> out) {
  auto idx = gpu::thread::index_1d();
  // expected-error@gpu/warp.hpp:* {{writing its bytes (memcpy) would make a gpu::thread_index from other bits}}
  auto other = gpu::warp::shfl(idx, 0);
  if (int *o = out.get_mut(other))
    *o = 1;
}
[[gpu::kernel, gpu::launch_contract(1, 64)]]
void bitcast_forge(gpu::disjoint_span<int> out, size_t n) {
  // expected-error@*:* {{std::bit_cast would make a gpu::thread_index from other bits}}
  auto idx = std::bit_cast<gpu::thread_index>(n);
  if (int *o = out.get_mut(idx))
    *o = 1;
}
[[gpu::kernel, gpu::launch_contract(1, 64)]]
void memcpy_forge(gpu::disjoint_span<int> out, size_t n) {
  auto idx = gpu::thread::index_1d();
  std::memcpy(&idx, &n, sizeof n); // expected-error {{writing its bytes (memcpy) would make a gpu::thread_index}}
  if (int *o = out.get_mut(idx))
    *o = 1;
}
[[gpu::kernel, gpu::launch_contract(1, 64)]]
void cast_forge(gpu::disjoint_span<int> out, size_t n) {
  auto *p = reinterpret_cast<gpu::thread_index *>(&n); // expected-error {{this cast would make a gpu::thread_index}}
  if (int *o = out.get_mut(*p))
    *o = 1;
}
[[gpu::kernel, gpu::launch_contract(1, 64)]]
void bytes_forge(gpu::disjoint_span<int> out) {
  gpu::thread_index idx = gpu::thread::index_1d();
  auto *bytes = reinterpret_cast<unsigned char *>(&idx); // expected-error {{a writable pointer to its bytes would make a gpu::thread_index}}
  bytes[0] = 0;
  Holder h{idx, 1};
  (void)(unsigned char *)&h; // expected-error {{a writable pointer to its bytes would make a gpu::thread_index}}
  if (int *o = out.get_mut(idx))
    *o = 1;
}
[[gpu::kernel, gpu::launch_contract(1, 64)]]
void union_forge(gpu::disjoint_span<int> out) {
  union Pun {
    gpu::thread_index t;
    size_t n;
  } u{gpu::thread::index_1d()};
  u.n = 0; // expected-error {{a union member beside it would make a gpu::thread_index}}
  (void)out.get_mut(u.t); // expected-error {{a union member beside it would make a gpu::thread_index}}
}
[[gpu::kernel, gpu::launch_contract(1, 64)]]
void param_forge(gpu::disjoint_span<int> out, Holder h) { // expected-error {{a kernel parameter of type 'Holder' would make a gpu::thread_index}}
  if (int *o = out.get_mut(h.idx))
    *o = 1;
}
[[gpu::kernel, gpu::launch_contract(1, 64)]]
void fine(gpu::disjoint_span<int> out) {
  auto idx = gpu::thread::index_1d();
  Holder h{idx, 3};
  Holder copy = h;
  size_t lane0 = gpu::warp::shfl(idx.get(), 0);
  // Reading its bytes is fine.
  unsigned char first;
  std::memcpy(&first, &idx, 1);
  const auto *view = reinterpret_cast<const unsigned char *>(&idx);
  lane0 += first + view[0];
  if (int *o = out.get_mut(copy.idx))
    *o = int(lane0);
}
} // namespace kernels
