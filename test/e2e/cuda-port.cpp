// CUDA code as ported code has it, through <gpu/cuda_compat.hpp>: a warp's
// 16x8x16 product written with inline PTX (cp.async into shared memory
// through __cvta_generic_to_shared, ldmatrix, mma.sync with "+f"
// accumulators), and cuda_fp16.h's intrinsics (__hfma2, __floats2half2_rn,
// __half22float2, __hmax2, __hadd, __float2half, __half2float), checked
// against the host: the product exactly (small integers and quarters), the
// intrinsics bit for bit (the host runs the same functions).
#include <gpu/cuda_compat.hpp>
#include <gpu/gpu.hpp>

#include "check.hpp"

#include <bit>
#include <cstdint>
#include <cstdio>
#include <vector>

namespace kernels {
// d (16 x 8, row-major) = a (16 x 16, row-major) * b (16 x 8, [k][n]).
[[gpu::kernel, gpu::launch_contract(1, 32)]] void
ptx_mma(const __half *a, const __half *b, float *d) {
  [[gpu::shared]] alignas(16) __half sa[16 * 16];
  [[gpu::shared]] alignas(16) __half sb[16 * 8];
  unsigned lane = gpu::thread_idx().x;
  unsigned dst = static_cast<unsigned>(__cvta_generic_to_shared(sa + lane * 8));
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(dst),
               "l"(a + lane * 8));
  if (lane < 16) {
    dst = static_cast<unsigned>(__cvta_generic_to_shared(sb + lane * 8));
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(dst),
                 "l"(b + lane * 8));
  }
  asm volatile("cp.async.commit_group;\n" ::);
  asm volatile("cp.async.wait_group 0;\n" ::);
  gpu::sync_threads();
  unsigned a0, a1, a2, a3, b0, b1;
  unsigned at = static_cast<unsigned>(
      __cvta_generic_to_shared(sa + (lane % 16) * 16 + (lane / 16) * 8));
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];\n"
               : "=r"(a0), "=r"(a1), "=r"(a2), "=r"(a3)
               : "r"(at));
  unsigned bt =
      static_cast<unsigned>(__cvta_generic_to_shared(sb + (lane % 16) * 8));
  asm volatile("ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {%0,%1}, [%2];\n"
               : "=r"(b0), "=r"(b1)
               : "r"(bt));
  float c0 = 0, c1 = 0, c2 = 0, c3 = 0;
  asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
               "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
               : "+f"(c0), "+f"(c1), "+f"(c2), "+f"(c3)
               : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
  unsigned g = lane / 4, t = lane % 4;
  d[g * 8 + 2 * t] = c0;
  d[g * 8 + 2 * t + 1] = c1;
  d[(g + 8) * 8 + 2 * t] = c2;
  d[(g + 8) * 8 + 2 * t + 1] = c3;
}

inline float2 half_math(__half2 x, __half2 y, __half2 z, float f) {
  __half2 p = __hfma2(x, y, z);
  __half2 q = __hmax2(p, __floats2half2_rn(f, -f));
  __half h = __hadd(__low2half(q), __float2half(f * 0.5f));
  float2 r = __half22float2(q);
  r.x += __half2float(h);
  return r;
}

[[gpu::kernel, gpu::launch_contract(1, 256)]] void
fp16(std::span<const __half2> x, std::span<const __half2> y,
     std::span<const __half2> z, std::span<const float> f,
     gpu::disjoint_span<float2> out) {
  auto i = gpu::thread::index_1d();
  if (float2 *o = out.get_mut(i))
    *o = half_math(x[i.get()], y[i.get()], z[i.get()], f[i.get()]);
}
} // namespace kernels

int main() {
  auto ctx = gpu::context::create(0);
  if (!ctx) {
    std::printf("FAILED: context: %s\n", ctx.error().message().c_str());
    return 2;
  }
  auto &s = ctx->default_stream();
  int failures = 0;

  std::vector<__half> a(256), b(128);
  for (int i = 0; i < 256; ++i)
    a[i] = __float2half(float((i * 7) % 9 - 4) * 0.25f);
  for (int i = 0; i < 128; ++i)
    b[i] = __float2half(float((i * 5) % 7 - 3));
  auto da = gpu::device_buffer<__half>::from_host(s, a).value();
  auto db = gpu::device_buffer<__half>::from_host(s, b).value();
  auto dd = gpu::device_buffer<float>::zeroed(s, 128).value();
  auto p = gpu::prepare<kernels::ptx_mma>(*ctx, gpu::launch_config_1d{1, 32});
  failures += check(bool(p), "prepare ptx_mma", describe(p));
  if (p) {
    auto r = gpu::launch(s, *p, da, db, dd);
    failures += check(bool(r), "launch ptx_mma", describe(r));
    std::vector<float> d = dd.to_host(s).value();
    int wrong = 0;
    for (int m = 0; m < 16; ++m)
      for (int n = 0; n < 8; ++n) {
        float ref = 0;
        for (int k = 0; k < 16; ++k)
          ref += float(a[m * 16 + k]) * float(b[k * 8 + n]);
        wrong += d[m * 8 + n] != ref;
      }
    failures += check(wrong == 0, "inline PTX cp.async + ldmatrix + mma.sync",
                      std::to_string(wrong) + " of 128 elements differ");
  }

  constexpr size_t n = 4096;
  std::vector<__half2> x(n), y(n), z(n);
  std::vector<float> f(n);
  uint32_t state = 12345;
  auto next = [&] { return state = state * 1664525u + 1013904223u; };
  for (size_t i = 0; i < n; ++i) {
    x[i] = __half2::from_bits(next());
    y[i] = __floats2half2_rn(float(int(next() % 200) - 100) / 16.0f,
                             float(int(next() % 200) - 100) / 16.0f);
    z[i] = __half2::from_bits(next());
    f[i] = float(int(next() % 1000) - 500) / 7.0f;
  }
  auto dx = gpu::device_buffer<__half2>::from_host(s, x).value();
  auto dy = gpu::device_buffer<__half2>::from_host(s, y).value();
  auto dz = gpu::device_buffer<__half2>::from_host(s, z).value();
  auto df = gpu::device_buffer<float>::from_host(s, f).value();
  auto dout = gpu::device_buffer<float2>::zeroed(s, n).value();
  auto q = gpu::prepare<kernels::fp16>(*ctx, gpu::launch_config_1d{n / 256, 256});
  failures += check(bool(q), "prepare fp16", describe(q));
  if (q) {
    auto r = gpu::launch(s, *q, dx, dy, dz, df, dout);
    failures += check(bool(r), "launch fp16", describe(r));
    std::vector<float2> out = dout.to_host(s).value();
    size_t wrong = 0;
    for (size_t i = 0; i < n; ++i) {
      float2 ref = kernels::half_math(x[i], y[i], z[i], f[i]);
      bool same = std::bit_cast<uint32_t>(out[i].x) ==
                      std::bit_cast<uint32_t>(ref.x) &&
                  std::bit_cast<uint32_t>(out[i].y) ==
                      std::bit_cast<uint32_t>(ref.y);
      bool both_nan = out[i].x != out[i].x && ref.x != ref.x;
      wrong += !same && !both_nan;
    }
    failures += check(wrong == 0, "cuda_fp16.h intrinsics, GPU against host",
                      std::to_string(wrong) + " of " + std::to_string(n) +
                          " differ");
  }
  if (failures == 0)
    std::printf("PASSED: all checks\n");
  return failures == 0 ? 0 : 1;
}
