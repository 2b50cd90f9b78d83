// gelu_forward: llm.c's dev/cuda/gelu_forward.cu, kernel 2 (the tanh
// approximation of GELU, four floats per thread through the 128-bit
// Packed128, loaded with the streaming cache hint), in fp32, on
// B*T*4C = 8*1024*3072 floats, 128 threads per block.
// llm.c: https://github.com/karpathy/llm.c (MIT License, (c) 2024 Andrej
// Karpathy).
// build.sh and run.sh also build it with -DBENCH_FAST --use_fast_math, as
// gelu_forward_fast.
#include "cuda_bench.hpp"

#include <cmath>
#include <cstring>

#define GELU_SCALING_FACTOR sqrtf(2.0f / M_PI)

typedef float floatX;

// From llm.c's common.h: the parts used here.
template <class ElementType> struct alignas(16) Packed128 {
  Packed128() = default;
  __device__ explicit Packed128(int4 bits) {
    static_assert(sizeof(bits) == sizeof(payload), "Size mismatch.");
    memcpy(&payload, &bits, sizeof(bits));
  }
  __device__ ElementType &operator[](int index) { return payload[index]; }
  __device__ const ElementType &operator[](int index) const {
    return payload[index];
  }
  __device__ int4 get_bits() const {
    int4 bits;
    static_assert(sizeof(bits) == sizeof(payload), "Size mismatch.");
    memcpy(&bits, &payload, sizeof(bits));
    return bits;
  }
  static constexpr const size_t size = sizeof(int4) / sizeof(ElementType);
  ElementType payload[size];
};
typedef Packed128<floatX> x128;

// load a Packed128 from an aligned memory address with streaming cache hint
template <class ElementType>
__device__ Packed128<ElementType> load128cs(const ElementType *address) {
  return Packed128<ElementType>{
      __ldcs(reinterpret_cast<const int4 *>(address))};
}
// store a Packed128 to an aligned memory address
template <class ElementType>
__device__ void store128(ElementType *target, Packed128<ElementType> value) {
  *reinterpret_cast<int4 *>(target) = value.get_bits();
}

// elementwise ops are nice and ez
__global__ void gelu_forward_kernel2(floatX *out, const floatX *inp, int N) {
  int i = (blockIdx.x * blockDim.x + threadIdx.x) * x128::size;
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

int main() {
  int B = 8, T = 1024, C = 768 * 4, N = B * T * C;
  const int block_size = 128;
  auto host = bench::random_floats(N, -1.0f, 1.0f, 17);
  bench::cuda_buffer<float> inp(host), out(N);
  int grid_size = (N + block_size * 4 - 1) / (block_size * 4);
  auto launch = [&] {
    gelu_forward_kernel2<<<grid_size, block_size>>>(out.get(), inp.get(), N);
  };
  launch();
  bool ok = bench::check_gelu(host, out.to_host());
  double us = bench::time_cuda(launch);
  return bench::report(bench::name("gelu_forward"), "nvcc", us, "GB/s",
                       bench::gbps(2.0 * N * sizeof(float), us), ok);
}
