// matmul_forward: llm.c's dev/cuda/matmul_forward.cu, kernel 4 (the
// handwritten non-tensor-core matmul: 16x16 threads per block, each block a
// 128x128 tile of out, each thread an 8x8 tile of it in registers; 128x32
// chunks of inp and weight staged in shared memory with float4 loads and
// stores; the bias fused in), in fp32: out = inp @ weight^T + bias with
// B*T = 8*1024, C = 768, OC = 4*C = 3072 (llm.c's main uses B = 32).
// llm.c: https://github.com/karpathy/llm.c (MIT License, (c) 2024 Andrej
// Karpathy). "Alloy:" comments mark where the port differs.
// build.sh and run.sh also build it with -DBENCH_FAST --use_fast_math, as
// matmul_forward_fast.
#include "../common/alloy_bench.hpp"

// From llm.c's dev/cuda/common.h: the parts used here.
template <class T> T ceil_div(T dividend, T divisor) {
  return (dividend + divisor - 1) / divisor;
}

// Alloy: CUDA's float4 is a built-in vector type; Alloy has none, so a
// 16-byte aligned struct of four floats (its copies are one 128-bit access).
struct alignas(16) float4 {
  float x, y, z, w;
};

// kernel 4: semi-efficient handwritten kernel
// see trimat_forward.cu for some intermediate development steps
float4 ld_vec(const float *address) {
  return *reinterpret_cast<const float4 *>(address);
}

void st_vec(float *address, float4 val) {
  *reinterpret_cast<float4 *>(address) = val;
}

namespace kernels {
[[gpu::kernel, gpu::launch_bounds(16 * 16), gpu::launch_contract(2, 16, 16)]]
void matmul_forward_kernel4(float *out, const float *inp, const float *weight,
                            const float *bias, int C, int OC) {
  const gpu::dim3 threadIdx = gpu::thread_idx(), blockIdx = gpu::block_idx(),
                  blockDim = gpu::block_dim();
  // out is (B,T,OC). OC is short for "output channels", e.g. OC = 4 * C
  // inp is (B,T,C), weight is (OC, C), bias is (OC)
  // each thread handles 8x8 elements; each block 128 by 128 elements.
  int oc = 8 * (blockIdx.y * blockDim.y + threadIdx.y);

  // buffers to cache chunks of the input matrices
  [[gpu::shared]] float lhs_s[128][32];
  [[gpu::shared]] float rhs_s[128][32];

  // adjust our pointers for the current block
  inp += 128 * blockIdx.x * C;
  weight += 128 * blockIdx.y * C;
  out += 128 * blockIdx.x * OC + 128 * blockIdx.y;

  float vals[8][8] = {};
  if (bias != nullptr) {
    for (int i = 0; i < 8; i++) {
      for (int j = 0; j < 8; j += 4) {
        float4 b = ld_vec(bias + oc + j);
        vals[i][j + 0] = b.x;
        vals[i][j + 1] = b.y;
        vals[i][j + 2] = b.z;
        vals[i][j + 3] = b.w;
      }
    }
  }

  int si_start = 4 * (16 * threadIdx.y + threadIdx.x);
  for (int so = 0; so < C; so += 32) {
    gpu::sync_threads();
    int xmod8 = threadIdx.x % 8;
    int xby8 = threadIdx.x / 8;
    int xo = 4 * xmod8;
    for (int y = 2 * threadIdx.y + xby8; y < 128; y += 32) {
      st_vec(&lhs_s[y][xo], ld_vec(inp + y * C + so + xo));
      st_vec(&rhs_s[y][xo], ld_vec(weight + y * C + so + xo));
    }
    gpu::sync_threads();

    for (int si = si_start; si < si_start + 32; si += 4) {
      float4 rhs[8];
      for (int u = 0; u < 8; ++u) {
        rhs[u] = ld_vec(&rhs_s[u + 8 * threadIdx.y][si % 32]);
      }

      // Alloy: kept as in llm.c, without #pragma unroll. nvcc unrolls this
      // loop by itself so that vals stays in 64 registers; Alloy does the
      // same (alloy-unroll-indexed-arrays: a loop that indexes a private
      // array with its induction variable is fully unrolled). Before that
      // pass the 8x8 tile lived in local memory and this kernel ran at
      // 0.22x nvcc.
      for (int ii = 0; ii < 8; ++ii) {
        float4 lhs = ld_vec(&lhs_s[ii + 8 * threadIdx.x][si % 32]);
        for (int ji = 0; ji < 8; ++ji) {
          vals[ii][ji] += lhs.x * rhs[ji].x;
          vals[ii][ji] += lhs.y * rhs[ji].y;
          vals[ii][ji] += lhs.z * rhs[ji].z;
          vals[ii][ji] += lhs.w * rhs[ji].w;
        }
      }
    }
  }

  for (int i = 0; i < 8; ++i) {
    for (int j = 0; j < 8; j += 4) {
      float4 result;
      result.x = vals[i][j + 0];
      result.y = vals[i][j + 1];
      result.z = vals[i][j + 2];
      result.w = vals[i][j + 3];
      st_vec(out + (8 * threadIdx.x + i) * OC + 8 * threadIdx.y + j, result);
    }
  }
}
} // namespace kernels

int main(int, char **argv) {
  return bench::alloy_main(argv[0], [](gpu::context &ctx) {
    int B = 8, T = 1024, C = 768, OC = 768 * 4, BT = B * T;
    // handwritten, relatively efficient non-tensorcore matmul kernel
    const int sqrt_block_size = 16;
    auto &s = ctx.default_stream();
    auto hinp = bench::random_floats(size_t(BT) * C, -1.0f, 1.0f, 25);
    auto hweight = bench::random_floats(size_t(OC) * C, -1.0f, 1.0f, 26);
    auto hbias = bench::random_floats(OC, -1.0f, 1.0f, 27);
    auto inp = gpu::device_buffer<float>::from_host(s, hinp).value();
    auto weight = gpu::device_buffer<float>::from_host(s, hweight).value();
    auto bias = gpu::device_buffer<float>::from_host(s, hbias).value();
    auto out = gpu::device_buffer<float>::zeroed(s, size_t(BT) * OC).value();
    gpu::dim2 gridDim(ceil_div(BT, 8 * sqrt_block_size),
                      ceil_div(OC, 8 * sqrt_block_size));
    gpu::dim2 blockDim(sqrt_block_size, sqrt_block_size);
    auto p = gpu::prepare<kernels::matmul_forward_kernel4>(
                 ctx, gpu::launch_config_2d{gridDim, blockDim})
                 .value();
    gpu::launch(s, p, out, inp, weight, bias, C, OC).value();
    bool ok = bench::check_matmul_forward(hinp, hweight, hbias,
                                          out.to_host(s).value(), BT, C, OC);
    double us = bench::time_alloy(s, p, out, inp, weight, bias, C, OC);
    return bench::report(bench::name("matmul_forward"), "alloy", us, "GFLOP/s",
                         bench::gflops(2.0 * BT * C * OC, us), ok);
  });
}
