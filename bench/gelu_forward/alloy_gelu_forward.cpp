// gelu_forward: llm.c's dev/cuda/gelu_forward.cu, kernel 2 (the tanh
// approximation of GELU, four floats per thread through the 128-bit
// Packed128, loaded with the streaming cache hint), in fp32, on
// B*T*4C = 8*1024*3072 floats, 128 threads per block.
// llm.c: https://github.com/karpathy/llm.c (MIT License, (c) 2024 Andrej
// Karpathy). "Alloy:" comments mark where the port differs.
// build.sh and run.sh also build it with -DBENCH_FAST --use_fast_math, as
// gelu_forward_fast.
#include "../common/alloy_bench.hpp"

#include <cmath>

#define GELU_SCALING_FACTOR sqrtf(2.0f / M_PI)

typedef float floatX;

// Alloy: llm.c builds Packed128 from CUDA's int4; Alloy has no int4, so the
// 16-byte aligned struct itself is what the 128-bit load and store move
// (as in examples/llmc_layernorm).
template <class ElementType> struct alignas(16) Packed128 {
  ElementType &operator[](int index) { return payload[index]; }
  const ElementType &operator[](int index) const { return payload[index]; }
  static constexpr const size_t size = 16 / sizeof(ElementType);
  ElementType payload[size];
};
typedef Packed128<floatX> x128;

// load a Packed128 from an aligned memory address with streaming cache hint
template <class ElementType>
Packed128<ElementType> load128cs(const ElementType *address) {
  return gpu::load_streaming(
      reinterpret_cast<const Packed128<ElementType> *>(address));
}
// store a Packed128 to an aligned memory address
template <class ElementType>
void store128(ElementType *target, Packed128<ElementType> value) {
  *reinterpret_cast<Packed128<ElementType> *>(target) = value;
}

namespace kernels {
// elementwise ops are nice and ez
[[gpu::kernel, gpu::launch_contract(1, 128)]]
void gelu_forward_kernel2(floatX *out, const floatX *inp, int N) {
  int i = (gpu::block_idx().x * gpu::block_dim().x + gpu::thread_idx().x) *
          x128::size;
  if (i < N) {
    x128 packed_out;
    x128 packed_inp = load128cs(inp + i); // load and do not keep in cache
    for (int k = 0; k < packed_inp.size; ++k) {
      float xi = (float)packed_inp[k];
      float cube = 0.044715f * xi * xi * xi;
      packed_out[k] =
          (floatX)(0.5f * xi *
                   (1.0f + tanhf(GELU_SCALING_FACTOR * (xi + cube))));
    }
    // store instead of storecs (without cache streaming) in case it is useful
    // for the data to be in the cache for the next operation after this GeLU
    store128(out + i, packed_out);
  }
}
} // namespace kernels

int main(int, char **argv) {
  return bench::alloy_main(argv[0], [](gpu::context &ctx) {
    int B = 8, T = 1024, C = 768 * 4, N = B * T * C;
    const int block_size = 128;
    auto &s = ctx.default_stream();
    auto host = bench::random_floats(N, -1.0f, 1.0f, 17);
    auto inp = gpu::device_buffer<float>::from_host(s, host).value();
    auto out = gpu::device_buffer<float>::zeroed(s, N).value();
    int grid_size = (N + block_size * 4 - 1) / (block_size * 4);
    auto p = gpu::prepare<kernels::gelu_forward_kernel2>(
                 ctx, gpu::launch_config_1d{grid_size, block_size})
                 .value();
    gpu::launch(s, p, out, inp, N).value();
    bool ok = bench::check_gelu(host, out.to_host(s).value());
    double us = bench::time_alloy(s, p, out, inp, N);
    return bench::report(bench::name("gelu_forward"), "alloy", us, "GB/s",
                         bench::gbps(2.0 * N * sizeof(float), us), ok);
  });
}
