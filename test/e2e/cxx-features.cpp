// Ordinary C++ on the GPU, checked against the same functions run on the
// host: templates, structs with operators, lambdas, loops, local arrays,
// references, recursion and <cmath>.
#include <gpu/gpu.hpp>
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <vector>

namespace shapes {
struct vec2 {
  float x, y;
  vec2 operator+(const vec2 &o) const { return {x + o.x, y + o.y}; }
  vec2 operator*(float s) const { return {x * s, y * s}; }
  float length() const { return std::sqrt(x * x + y * y); }
};
int collatz_steps(unsigned v) {
  return v <= 1 ? 0 : 1 + collatz_steps(v % 2 ? 3 * v + 1 : v / 2);
}
template <class T> T clamp_to(T v, T lo, T hi) {
  return std::clamp(v, lo, hi);
}
union Bits {
  float f;
  uint32_t u;
};
// Keeps the sign and exponent bits of `v` (type punning through a union, as
// CUDA code does) and counts the steps with a goto loop.
inline float coarse(float v) {
  Bits b{};
  b.f = v;
  b.u &= 0xff800000u;
  int steps = 0;
again:
  if (++steps < 3)
    goto again;
  return b.f + float(steps);
}

// The per-element function both sides compute.
inline float compute(size_t i, float x) {
  std::array<float, 4> weights{0.5f, 0.25f, 0.125f, 0.125f};
  float acc = 0.0f;
  for (size_t k = 0; k < weights.size(); ++k)
    acc += weights[k] * (x + float(k));
  float table[3] = {};
  for (int k = 0; k < 3; ++k)
    table[k] = float(k * k);
  int steps = collatz_steps(unsigned(i % 27) + 1);
  vec2 p{x, acc};
  vec2 q = (p + vec2{1.0f, 2.0f}) * 0.5f;
  float &ref = q.x;
  ref += table[i % 3];
  auto bump = [&](float v) { return v + float(steps) * 0.01f; };
  float r = bump(q.length()) + std::exp(-x * 0.001f) + std::log1p(x) +
            std::sin(x) * std::cos(x) + std::pow(1.5f, float(i % 5));
  int w = 0;
  while (w < int(i % 4))
    ++w;
  do {
    r += 0.5f;
  } while (--w > 0);
  return clamp_to(r, -1e6f, 1e6f) + (i % 2 == 0 ? 1.0f : -1.0f) +
         coarse(x);
}
} // namespace shapes

namespace kernels {
template <class T>
[[gpu::kernel, gpu::launch_contract(1, 256)]]
void apply(std::span<const T> in, gpu::disjoint_span<T> out) {
  auto i = gpu::thread::index_1d();
  if (T *o = out.get_mut(i))
    *o = shapes::compute(i.get(), in[i.get()]);
}

// A function object as a kernel argument: a stateless one (an empty class,
// which has no PTX parameter), a captureless lambda, and one with state.
struct square {
  float operator()(float x) const { return x * x; }
};
struct affine {
  float a, b;
  float operator()(float x) const { return a * x + b; }
};
template <class F, class G>
[[gpu::kernel, gpu::launch_contract(1, 256)]] void
map2(std::span<const float> in, gpu::disjoint_span<float> out, F f, G g) {
  auto i = gpu::thread::index_1d();
  if (float *o = out.get_mut(i))
    *o = g(f(in[i.get()]));
}

// 2-D, raw output pointer, scalar parameters, no contract.
[[gpu::kernel]] void fill2d(float *out, uint32_t width, uint32_t height) {
  auto idx = gpu::thread::index_2d();
  if (idx.row() < height && idx.col() < width)
    out[idx.row() * width + idx.col()] = float(idx.row() * 1000 + idx.col());
}
} // namespace kernels

int main() {
  auto ctx = gpu::context::create(0);
  if (!ctx) {
    std::fprintf(stderr, "%s\n", ctx.error().message().c_str());
    return 2;
  }
  auto &stream = ctx->default_stream();
  int failures = 0;

  const size_t n = 4099;
  std::vector<float> in(n);
  for (size_t i = 0; i < n; ++i)
    in[i] = float(i % 97) * 0.37f;
  auto in_d = gpu::device_buffer<float>::from_host(stream, in).value();
  auto out_d = gpu::device_buffer<float>::uninitialized(stream, n).value();
  auto p = gpu::prepare<kernels::apply<float>>(
               *ctx, gpu::launch_config_1d{(n + 255) / 256, 256})
               .value();
  gpu::launch(stream, p, in_d, out_d).value();
  auto out = out_d.to_host(stream).value();
  size_t bad = 0;
  for (size_t i = 0; i < n; ++i) {
    float expect = shapes::compute(i, in[i]);
    if (!(std::fabs(out[i] - expect) <= 1e-4f * std::max(1.0f, std::fabs(expect))))
      ++bad;
  }
  std::printf("%s: C++ features, %zu of %zu elements match the host\n",
              bad ? "FAILED" : "PASSED", n - bad, n);
  failures += bad != 0;

  // Function objects as arguments: empty ones and one with state.
  auto negate = [](float x) { return -x; };
  auto mapped_d = gpu::device_buffer<float>::uninitialized(stream, n).value();
  gpu::launch_config_1d map_config{(n + 255) / 256, 256};
  gpu::launch(stream,
              gpu::prepare<kernels::map2<kernels::square, decltype(negate)>>(
                  *ctx, map_config)
                  .value(),
              in_d, mapped_d, kernels::square{}, negate)
      .value();
  auto mapped = mapped_d.to_host(stream).value();
  gpu::launch(stream,
              gpu::prepare<kernels::map2<kernels::affine, kernels::square>>(
                  *ctx, map_config)
                  .value(),
              in_d, out_d, kernels::affine{2.0f, -1.0f}, kernels::square{})
      .value();
  auto affined = out_d.to_host(stream).value();
  bad = 0;
  for (size_t i = 0; i < n; ++i) {
    float a = 2.0f * in[i] - 1.0f; // may be one fma on the GPU
    bad += mapped[i] != -(in[i] * in[i]) ||
           !(std::fabs(affined[i] - a * a) <= 1e-5f * std::max(1.0f, a * a));
  }
  std::printf("%s: function objects as kernel arguments, %zu wrong\n",
              bad ? "FAILED" : "PASSED", bad);
  failures += bad != 0;

  const uint32_t w = 300, h = 70;
  auto grid = gpu::device_buffer<float>::zeroed(stream, w * h).value();
  gpu::launch_unchecked<kernels::fill2d>(
      stream, gpu::launch_config_2d{gpu::dim2{(w + 15) / 16, (h + 15) / 16}, gpu::dim2{16, 16}},
      grid, w, h)
      .value();
  auto g = grid.to_host(stream).value();
  bad = 0;
  for (uint32_t r = 0; r < h; ++r)
    for (uint32_t c = 0; c < w; ++c)
      bad += g[r * w + c] != float(r * 1000 + c);
  std::printf("%s: 2-D launch_unchecked, %zu wrong\n", bad ? "FAILED" : "PASSED", bad);
  failures += bad != 0;

  // Rejected before launching: a block that breaks the contract.
  auto wrong = gpu::prepare<kernels::apply<float>>(*ctx, gpu::launch_config_1d{1, 128});
  bool rejected = !wrong && wrong.error().code() == gpu::errc::contract_violation;
  std::printf("%s: contract violation reported: %s\n", rejected ? "PASSED" : "FAILED",
              wrong ? "(launched)" : wrong.error().message().c_str());
  failures += !rejected;

  if (failures) {
    std::printf("FAILED: %d checks\n", failures);
    return 1;
  }
  std::printf("PASSED: all checks\n");
}
