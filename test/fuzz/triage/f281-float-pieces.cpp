// Triage of the fuzzer's recurring GPU mismatch (FINDINGS.md, tu0.f281): its float
// pieces alone on the GPU and the host. Build: alloy++ -O2 --gpu-arch=sm_90 THIS -o tri
#include <gpu/gpu.hpp>
#include <bit>
#include <cstdio>
#include <cstring>
#include <random>
#include <vector>

struct R { uint32_t conv, div1, div5, f2i, m2; };

inline R piece(uint64_t p0) {
  R r{};
  float a = static_cast<float>(p0);
  r.conv = std::bit_cast<uint32_t>(a);
  float v2 = std::bit_cast<float>(static_cast<uint32_t>(p0));
  v2 /= a;
  r.div1 = std::bit_cast<uint32_t>(v2);
  for (int k = 1; k < 5; ++k) v2 /= a;
  r.div5 = std::bit_cast<uint32_t>(v2);
  r.f2i = (v2 > -1.0f && v2 < 4294967296.0f) ? uint32_t(v2) : 7u;
  uint32_t m2 = 0;
  float w = std::bit_cast<float>(static_cast<uint32_t>(p0));
  for (uint32_t k5 = 0; k5 < 5; ++k5) {
    w /= static_cast<float>(p0);
    uint32_t f = (w > -1.0f && w < 4294967296.0f) ? uint32_t(w) : 7u;
    m2 = (k5 >= f) ? k5 : static_cast<uint32_t>(p0);
  }
  r.m2 = m2;
  return r;
}

namespace kernels {
[[gpu::kernel, gpu::launch_contract(1, 256)]]
void run(std::span<const uint64_t> in, gpu::disjoint_span<R> out) {
  auto i = gpu::thread::index_1d();
  if (R *o = out.get_mut(i)) *o = piece(in[i.get()]);
}
}

int main() {
  const size_t n = 4096;
  std::vector<uint64_t> in(n);
  std::mt19937_64 g(1);
  for (auto &v : in) {
    uint64_t x = g();
    switch (g() % 4) { case 0: v = x; break; case 1: v = x >> (g() % 64); break; case 2: v = uint32_t(x); break; default: v = x & 0xffff; }
  }
  auto ctx = gpu::context::create(0).value();
  auto &s = ctx.default_stream();
  auto din = gpu::device_buffer<uint64_t>::from_host(s, in).value();
  auto dout = gpu::device_buffer<R>::zeroed(s, n).value();
  auto p = gpu::prepare<kernels::run>(ctx, gpu::launch_config_1d{n / 256, 256}).value();
  gpu::launch(s, p, din, dout).value();
  auto out = dout.to_host(s).value();
  size_t bad[5] = {};
  int shown = 0;
  for (size_t i = 0; i < n; ++i) {
    R h = piece(in[i]), d = out[i];
    uint32_t hv[5] = {h.conv, h.div1, h.div5, h.f2i, h.m2}, dv[5] = {d.conv, d.div1, d.div5, d.f2i, d.m2};
    for (int k = 0; k < 5; ++k) if (hv[k] != dv[k]) { ++bad[k];
      if (shown++ < 12) std::printf("p0=%#llx field %d host %#x gpu %#x\n", (unsigned long long)in[i], k, hv[k], dv[k]); }
  }
  std::printf("mismatches: conv %zu div1 %zu div5 %zu f2i %zu m2 %zu of %zu\n", bad[0], bad[1], bad[2], bad[3], bad[4], n);
}
