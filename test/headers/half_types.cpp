// RUN: %clangxx -fsyntax-only -Wall -Wextra -Wno-unknown-attributes -Xclang -verify -Xclang -verify-ignore-unexpected=note %s
// <gpu/half.hpp> and the half-precision part of <gpu/cuda_compat.hpp>
// compile without the plugin, in kernels and in host code; mixing a half
// with a float or an int is ambiguous, as with CUDA's __half.
#include <gpu/cuda_compat.hpp>
#include <gpu/gpu.hpp>

#include <type_traits>
#include <vector>

namespace kernels {
// y = a * x + y on pairs, with the gpu:: names.
[[gpu::kernel, gpu::launch_contract(1, 256)]]
void axpy2(gpu::half2 a, std::span<const gpu::half2> x,
           gpu::disjoint_span<gpu::half2> y) {
  auto i = gpu::thread::index_1d();
  if (gpu::half2 *o = y.get_mut(i))
    *o = gpu::fma(a, x[i.get()], *o);
}
// The same written against cuda_fp16.h / cuda_bf16.h.
[[gpu::kernel, gpu::launch_contract(1, 256)]]
void ported(const __half *in, __nv_bfloat162 *out, float scale, int n) {
  int i = int(gpu::block_idx().x * gpu::block_dim().x + gpu::thread_idx().x);
  if (i >= n)
    return;
  __half h = __hmul(in[i], __float2half(scale));
  __half2 p = __halves2half2(h, __hneg(h));
  float2 f = __half22float2(__hmax2(p, __float2half2_rn(0.0f)));
  __nv_bfloat162 b = __float22bfloat162_rn(f);
  if (__hbgt2(b, __float2bfloat162_rn(1.0f)) || __hisnan(h))
    b = __hfma2(b, b, __floats2bfloat162_rn(1.0f, 2.0f));
  out[i] = b;
}
// Shared memory, shuffles and a warp reduction of halves.
[[gpu::kernel, gpu::launch_contract(1, 32)]]
void tile(std::span<const gpu::half> in, gpu::disjoint_span<gpu::half> out) {
  [[gpu::shared]] gpu::half t[32];
  gpu::shared_array<gpu::bfloat162, 32> u;
  auto i = gpu::thread::index_1d();
  t[gpu::thread_idx().x] = in[i.get()];
  u[gpu::thread_idx().x] = gpu::bfloat162::broadcast(gpu::bfloat16(1.0f));
  gpu::sync_threads();
  gpu::half v = gpu::warp::shfl_xor(t[gpu::thread_idx().x], 1);
  gpu::bfloat162 w = gpu::warp::shfl(u[0], 0);
  if (gpu::half *o = out.get_mut(i))
    *o = v + gpu::half(w.low_float());
}
} // namespace kernels

void host(gpu::stream &s) {
  std::vector<gpu::half2> h(16, gpu::half2::from_floats(1.0f, 2.0f));
  auto x = gpu::device_buffer<gpu::half2>::from_host(s, h);
  auto y = gpu::device_buffer<gpu::half2>::zeroed(s, 16);
  (void)x;
  (void)y;
}

static_assert(std::is_same_v<decltype(gpu::half() + gpu::half()), gpu::half>);

void mixed(gpu::half h, gpu::bfloat16 b, gpu::half2 p) {
  (void)(h + 1.0f); // expected-error {{use of overloaded operator '+' is ambiguous}}
  (void)(h * 2);    // expected-error {{use of overloaded operator '*' is ambiguous}}
  (void)(h == 0.0f); // expected-error {{use of overloaded operator '==' is ambiguous}}
  (void)(p + 1.0f); // expected-error {{invalid operands to binary expression}}
  (void)(h + gpu::half(1.0f));
  (void)(float(h) + 1.0f);
  (void)(h + b); // both convert to float
  gpu::bfloat16 c = h; // expected-error {{no viable conversion from}}
  gpu::bfloat16 d(h);   // explicit: through float
  (void)c;
  (void)d;
}
