// The standard library in kernels where it can throw: std::variant (visit,
// get, get_if), std::optional::value() and std::array::at. Used correctly
// they compute; a throw (an empty optional's value()) stops the kernel as a
// failed assertion does, naming the exception (docs/cxx-in-kernels.md).
#include <gpu/gpu.hpp>

#include <array>
#include <cstdio>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace shapes {
struct Circle {
  float r;
};
struct Square {
  float side;
};
using Shape = std::variant<Circle, Square>;
struct Area {
  float operator()(const Circle &c) const { return 3.0f * c.r * c.r; }
  float operator()(const Square &s) const { return s.side * s.side; }
};
} // namespace shapes

namespace kernels {
[[gpu::kernel, gpu::launch_contract(1, 256)]]
void areas(std::span<const float> in, gpu::disjoint_span<float> out) {
  auto i = gpu::thread::index_1d();
  size_t k = i.get();
  float *o = out.get_mut(i);
  if (!o)
    return;
  using namespace shapes;
  Shape s = k % 2 ? Shape{Circle{in[k]}} : Shape{Square{in[k]}};
  float a = std::visit(Area{}, s);
  if (std::holds_alternative<Circle>(s))
    a += std::get<Circle>(s).r; // checked first: never throws
  else if (const Square *q = std::get_if<Square>(&s))
    a -= q->side;
  std::array<float, 4> weights{1.0f, 2.0f, 3.0f, 4.0f};
  std::optional<float> bonus;
  if (k % 3 == 0)
    bonus = 0.5f;
  *o = a * weights.at(k % 4) + bonus.value_or(0.0f);
}

// value() of an empty optional where `k >= present`.
[[gpu::kernel, gpu::launch_contract(1, 64)]]
void values(gpu::disjoint_span<float> out, unsigned present) {
  auto i = gpu::thread::index_1d();
  std::optional<float> v;
  if (i.get() < present)
    v = float(i.get());
  if (float *o = out.get_mut(i))
    *o = v.value();
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
  const size_t n = 1000;
  std::vector<float> in(n);
  for (size_t k = 0; k < n; ++k)
    in[k] = 0.25f * float(k % 17);
  auto in_d = gpu::device_buffer<float>::from_host(stream, in).value();
  auto out_d = gpu::device_buffer<float>::zeroed(stream, n).value();
  auto p = gpu::prepare<kernels::areas>(
               *ctx, gpu::launch_config_1d{(n + 255) / 256, 256})
               .value();
  gpu::launch(stream, p, in_d, out_d).value();
  auto out = out_d.to_host(stream).value();
  size_t bad = 0;
  for (size_t k = 0; k < n; ++k) {
    float x = in[k];
    float a = k % 2 ? 3.0f * x * x + x : x * x - x;
    float expect = a * float(k % 4 + 1) + (k % 3 == 0 ? 0.5f : 0.0f);
    bad += out[k] != expect;
  }
  std::printf("%s: variant, optional and array::at: %zu wrong\n",
              bad ? "FAILED" : "PASSED", bad);
  failures += bad != 0;

  auto v_d = gpu::device_buffer<float>::zeroed(stream, 64).value();
  auto pv =
      gpu::prepare<kernels::values>(*ctx, gpu::launch_config_1d{1, 64}).value();
  gpu::launch(stream, pv, v_d, 64u).value();
  auto v = v_d.to_host(stream).value();
  bool all = true;
  for (size_t k = 0; k < 64; ++k)
    all = all && v[k] == float(k);
  std::printf("%s: optional::value() of present values\n",
              all ? "PASSED" : "FAILED");
  failures += !all;

  // The last launch: a failed assertion ends the context.
  auto launched = gpu::launch(stream, pv, v_d, 40u);
  auto synced = stream.synchronize();
  std::fflush(stdout);
  std::fflush(stderr);
  bool stopped = launched && !synced &&
                 synced.error().name() == "CUDA_ERROR_ASSERT";
  std::printf("%s: an empty optional's value() stops the kernel: %s\n",
              stopped ? "PASSED" : "FAILED",
              synced ? "no error"
                     : (synced.error().name() + ": " + synced.error().message())
                           .c_str());
  failures += !stopped;
  if (failures) {
    std::printf("FAILED: %d checks\n", failures);
    return 1;
  }
  std::printf("PASSED: all checks\n");
}
