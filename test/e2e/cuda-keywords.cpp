// CUDA source as it is written, compiled through <gpu/cuda_compat.hpp>:
// __global__ (also after `static` and with __launch_bounds__), __device__
// and __host__ __device__ helpers, __forceinline__, __shared__ arrays,
// __restrict__, extern __shared__ arrays (in a kernel, at namespace scope
// and in a templated accessor, as the CUDA samples write it: all the
// launch's dynamic shared memory), threadIdx/blockIdx/blockDim/gridDim,
// warpSize,
// __syncthreads and its _count/_and/_or forms, the *_sync warp functions
// with CUDA's `width` segments, __reduce_*_sync with full and partial
// masks, CUDA's atomics, vector types and integer min/max, and in-place
// kernels ([[gpu::may_alias]] outputs given the input's buffer). Each
// result is checked against a host model of CUDA's definition.
#include <gpu/cuda_compat.hpp>
#include <gpu/gpu.hpp>

#include "check.hpp"

#include <cstdio>
#include <vector>

static_assert(sizeof(float4) == 16 && alignof(float4) == 16);
static_assert(sizeof(float3) == 12 && alignof(float3) == 4);
static_assert(sizeof(int2) == 8 && alignof(int2) == 8);
static_assert(sizeof(uchar4) == 4 && alignof(uchar4) == 4);
static_assert(sizeof(double2) == 16 && alignof(double2) == 16);
static_assert(sizeof(short2) == 4 && alignof(short2) == 4);
static_assert(std::is_same_v<decltype(min(1, 2u)), unsigned>);
static_assert(std::is_same_v<decltype(max(1, 2LL)), long long>);
static_assert(std::is_same_v<decltype(min(1.0f, 2)), float>);

__host__ __device__ inline float square(float x) { return x * x; }
static __device__ __forceinline__ int twice(int x) { return 2 * x; }

__global__ void saxpy_sq(int n, float a, const float *__restrict__ x,
                         float *__restrict__ y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * square(x[i]) + y[i];
}

// Block sums through shared memory, then warp shuffles, then one atomic.
static __global__ void __launch_bounds__(256)
    block_sum(const int *in, int *total, int n) {
  __shared__ int partial[256];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  partial[t] = i < n ? twice(in[i]) : 0;
  __syncthreads();
  for (int s = blockDim.x / 2; s >= warpSize; s /= 2) {
    if (t < s)
      partial[t] += partial[t + s];
    __syncthreads();
  }
  if (t < warpSize) {
    int v = partial[t];
    for (int offset = warpSize / 2; offset > 0; offset /= 2)
      v += __shfl_down_sync(0xffffffff, v, offset);
    if (t == 0)
      atomicAdd(total, v);
  }
}

// Per thread: 8 shuffles with width 8 and 16, votes, reductions.
__global__ void warp_fns(int *out) {
  int lane = threadIdx.x % warpSize;
  int v = 100 + lane;
  int *o = out + 16 * (blockIdx.x * blockDim.x + threadIdx.x);
  o[0] = __shfl_sync(0xffffffff, v, 3, 8);
  o[1] = __shfl_up_sync(0xffffffff, v, 2, 8);
  o[2] = __shfl_down_sync(0xffffffff, v, 3, 16);
  o[3] = __shfl_xor_sync(0xffffffff, v, 9, 8);
  o[4] = __shfl_xor_sync(0xffffffff, v, 4);
  o[5] = int(__ballot_sync(0xffffffff, lane % 3 == 0));
  o[6] = __any_sync(0xffffffff, lane == 7) + 2 * __all_sync(0xffffffff, lane < 31);
  o[7] = int(__reduce_add_sync(0xffffffffu, unsigned(lane)));
  o[8] = __reduce_min_sync(0xffffffffu, 50 - lane);
  o[9] = int(__reduce_or_sync(0xffffffffu, 1u << (lane % 8)));
  o[10] = -1;
  if (lane < 12) // partial mask: lanes 0..11
    o[10] = __reduce_max_sync(0xfffu, lane * 7 % 12);
  o[11] = __syncthreads_count(lane % 4 == 0);
  o[12] = __syncthreads_and(lane < 40);
  o[13] = __syncthreads_or(lane == 31 && threadIdx.x > 40);
  __syncwarp();
  o[14] = min(lane, 9) + max(lane, 20u);
  __threadfence_block();
  o[15] = gridDim.x * 1000 + blockDim.x;
}

__global__ void atomics(unsigned *u, int *s, unsigned long long *ull,
                        float *f) {
  int t = threadIdx.x;
  atomicInc(&u[0], 9);         // counts modulo 10
  atomicDec(&u[1], 6);         // from 0: 6, 5, ... wraps at 0 to 6
  atomicMax(&s[0], t * 3 - 50);
  atomicMin(&s[1], 20 - t);
  atomicSub(&s[2], 2);
  atomicOr(&u[2], 1u << (t % 32));
  atomicAnd(&u[3], ~(1u << (t % 16)));
  atomicXor(&u[4], unsigned(t));
  atomicAdd(&ull[0], 1ull << 33);
  atomicAdd(f, 0.5f);
  if (t == 5)
    atomicExch(&s[3], 77);
  atomicCAS(&s[4], 0, t + 1); // the first thread to get there wins
}

// Dynamic shared memory through extern __shared__.
template <class T> struct SharedMemory {
  __device__ T *getPointer() {
    extern __shared__ int __smem[];
    return reinterpret_cast<T *>(__smem);
  }
};
extern __shared__ float dynamic_floats[];

__global__ void reduce_dynamic(const float *in, float *out, int n) {
  extern __shared__ float sdata[];
  unsigned t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
  sdata[t] = i < unsigned(n) ? in[i] : 0.0f;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (t < s)
      sdata[t] += sdata[t + s];
    __syncthreads();
  }
  if (t == 0)
    out[blockIdx.x] = sdata[0];
}

__global__ void reverse_dynamic(int *out) {
  int *s = SharedMemory<int>().getPointer();
  s[threadIdx.x] = 3 * int(threadIdx.x) + 1;
  __syncthreads();
  // The same memory under another declaration (as floats: bit patterns).
  float other = dynamic_floats[blockDim.x - 1 - threadIdx.x];
  out[threadIdx.x] = __float_as_int(other);
}

// In place: the same buffer as input and output.
__global__ void square_in_place(const float *in, [[gpu::may_alias]] float *out,
                                int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[i] * in[i];
}
[[gpu::kernel, gpu::launch_contract(1, 64)]] void
negate_in_place(std::span<const int> in,
                [[gpu::may_alias]] gpu::disjoint_span<int> out) {
  auto i = gpu::thread::index_1d();
  if (int *o = out.get_mut(i))
    *o = -in[i.get()];
}

__global__ void vectors(const float4 *in, float4 *out, int2 *pairs) {
  int i = threadIdx.x;
  float4 v = in[i];
  out[i] = make_float4(v.w, v.z, v.y, v.x);
  pairs[i] = make_int2(i, -i);
}

int main() {
  auto ctx = gpu::context::create(0).value();
  auto &s = ctx.default_stream();
  int failures = 0;

  { // saxpy with __restrict__
    const int n = 1000;
    std::vector<float> hx(n), hy(n);
    for (int i = 0; i < n; ++i) {
      hx[i] = float(i % 13) * 0.5f;
      hy[i] = float(i);
    }
    auto x = gpu::device_buffer<float>::from_host(s, hx).value();
    auto y = gpu::device_buffer<float>::from_host(s, hy).value();
    dim3 grid((n + 127) / 128), block(128);
    gpu::launch_unchecked<saxpy_sq>(s, gpu::launch_config_1d{grid.x, block.x},
                                    n, 2.0f, x, y)
        .value();
    auto got = y.to_host(s).value();
    int wrong = 0;
    for (int i = 0; i < n; ++i)
      wrong += got[i] != 2.0f * hx[i] * hx[i] + hy[i];
    failures += check(wrong == 0, "__global__ saxpy with __restrict__",
                      std::to_string(wrong) + " wrong");
  }
  { // block sums
    const int n = 5000;
    std::vector<int> hin(n);
    long long expect = 0;
    for (int i = 0; i < n; ++i) {
      hin[i] = i % 17 - 8;
      expect += 2 * hin[i];
    }
    auto in = gpu::device_buffer<int>::from_host(s, hin).value();
    auto total = gpu::device_buffer<int>::zeroed(s, 1).value();
    gpu::launch_unchecked<block_sum>(
        s, gpu::launch_config_1d{(n + 255) / 256, 256}, in, total, n)
        .value();
    int got = total.to_host(s).value()[0];
    failures += check(got == expect, "__shared__, __syncthreads, shuffles",
                      std::to_string(got) + " vs " + std::to_string(expect));
  }
  { // warp functions, against CUDA's definitions
    const int blocks = 2, threads = 64;
    auto out = gpu::device_buffer<int>::zeroed(s, 16 * blocks * threads).value();
    gpu::launch_unchecked<warp_fns>(s, gpu::launch_config_1d{blocks, threads},
                                    out)
        .value();
    auto got = out.to_host(s).value();
    int wrong = 0;
    for (int g = 0; g < blocks * threads; ++g) {
      int t = g % threads, lane = t % 32;
      auto val = [](int l) { return 100 + l; };
      int e[16];
      e[0] = val((lane & ~7) | 3);
      e[1] = (lane & 7) < 2 ? val(lane) : val(lane - 2);
      e[2] = (lane & 15) + 3 >= 16 ? val(lane) : val(lane + 3);
      int x = lane ^ 9;
      e[3] = x <= (lane | 7) ? val(x) : val(lane);
      e[4] = val(lane ^ 4);
      e[5] = int(0x49249249u);
      e[6] = 1; // any: lane 7; all: lane 31 is not < 31
      e[7] = 31 * 32 / 2;
      e[8] = 50 - 31;
      e[9] = 0xff;
      int m = 0;
      for (int l = 0; l < 12; ++l)
        m = std::max(m, l * 7 % 12);
      e[10] = lane < 12 ? m : -1;
      e[11] = threads / 4;
      e[12] = 1;
      e[13] = 1; // thread 63 (lane 31) is past 40
      e[14] = std::min(lane, 9) + std::max(lane, 20);
      e[15] = blocks * 1000 + threads;
      for (int k = 0; k < 16; ++k)
        if (got[16 * g + k] != e[k]) {
          if (wrong < 5)
            std::printf("thread %d, result %d: %d, expected %d\n", g, k,
                        got[16 * g + k], e[k]);
          ++wrong;
        }
    }
    failures += check(wrong == 0, "warp functions, widths, votes, reductions",
                      std::to_string(wrong) + " wrong");
  }
  { // atomics
    const int threads = 96;
    std::vector<unsigned> hu = {0, 0, 0, 0xffffffffu, 0};
    std::vector<int> hs = {-1000, 1000, 0, 0, 0};
    auto u = gpu::device_buffer<unsigned>::from_host(s, hu).value();
    auto si = gpu::device_buffer<int>::from_host(s, hs).value();
    auto ull = gpu::device_buffer<unsigned long long>::zeroed(s, 1).value();
    auto f = gpu::device_buffer<float>::zeroed(s, 1).value();
    gpu::launch_unchecked<atomics>(s, gpu::launch_config_1d{1, threads}, u, si,
                                   ull, f)
        .value();
    auto gu = u.to_host(s).value();
    auto gs = si.to_host(s).value();
    unsigned x = 0;
    for (int t = 0; t < threads; ++t)
      x ^= unsigned(t);
    // atomicDec from 0 with limit 6: 0 -> 6, then 6,5,...,0 -> 6 (a cycle
    // of 7): after 96 steps, (7 - 96 % 7) % 7 steps below 6... modelled:
    unsigned d = 0;
    for (int t = 0; t < threads; ++t)
      d = d == 0 || d > 6 ? 6 : d - 1;
    bool ok = gu[0] == threads % 10 && gu[1] == d && gu[2] == 0xffffffffu &&
              gu[3] == 0xffff0000u && gu[4] == x &&
              gs[0] == (threads - 1) * 3 - 50 && gs[1] == 20 - (threads - 1) &&
              gs[2] == -2 * threads && gs[3] == 77 && gs[4] >= 1 &&
              gs[4] <= threads &&
              ull.to_host(s).value()[0] == (unsigned long long)threads << 33 &&
              f.to_host(s).value()[0] == 0.5f * threads;
    failures += check(ok, "CUDA's atomics",
                      "inc " + std::to_string(gu[0]) + ", dec " +
                          std::to_string(gu[1]) + ", max " +
                          std::to_string(gs[0]) + ", cas " +
                          std::to_string(gs[4]));
  }
  { // extern __shared__
    const int n = 1000, threads = 128, blocks = (n + threads - 1) / threads;
    std::vector<float> hin(n);
    float expect = 0;
    for (int i = 0; i < n; ++i)
      expect += hin[i] = float(i % 10);
    auto in = gpu::device_buffer<float>::from_host(s, hin).value();
    auto out = gpu::device_buffer<float>::zeroed(s, blocks).value();
    gpu::launch_unchecked<reduce_dynamic>(
        s, gpu::launch_config_1d{blocks, threads, threads * sizeof(float)}, in,
        out, n)
        .value();
    float total = 0;
    for (float v : out.to_host(s).value())
      total += v;
    auto rev = gpu::device_buffer<int>::zeroed(s, 64).value();
    gpu::launch_unchecked<reverse_dynamic>(
        s, gpu::launch_config_1d{1, 64, 64 * sizeof(int)}, rev)
        .value();
    auto got = rev.to_host(s).value();
    int wrong = 0;
    for (int t = 0; t < 64; ++t)
      wrong += got[t] != 3 * (63 - t) + 1;
    failures += check(total == expect && wrong == 0,
                      "extern __shared__ (kernel, namespace, template)",
                      "sum " + std::to_string(total) + ", " +
                          std::to_string(wrong) + " wrong");
  }
  { // in-place kernels: unchecked and checked launches
    const int n = 300;
    std::vector<float> hf(n);
    std::vector<int> hi(n);
    for (int i = 0; i < n; ++i) {
      hf[i] = float(i) * 0.5f;
      hi[i] = i * 3;
    }
    auto f = gpu::device_buffer<float>::from_host(s, hf).value();
    auto r = gpu::launch_unchecked<square_in_place>(
        s, gpu::launch_config_1d{(n + 127) / 128, 128}, f, f, n);
    auto v = gpu::device_buffer<int>::from_host(s, hi).value();
    auto p = gpu::prepare<negate_in_place>(
                 ctx, gpu::launch_config_1d{(n + 63) / 64, 64})
                 .value();
    auto r2 = gpu::launch(s, p, v, v);
    auto gf = f.to_host(s).value();
    auto gi = v.to_host(s).value();
    int wrong = 0;
    for (int i = 0; i < n; ++i)
      wrong += gf[i] != hf[i] * hf[i] || gi[i] != -hi[i];
    failures += check(r && r2 && wrong == 0,
                      "in-place kernels ([[gpu::may_alias]])",
                      describe(r) + ", " + describe(r2) + ", " +
                          std::to_string(wrong) + " wrong");
  }
  { // vector types
    const int n = 32;
    std::vector<float4> hin(n);
    for (int i = 0; i < n; ++i)
      hin[i] = make_float4(float(i), float(i) + 0.25f, float(i) + 0.5f,
                           float(i) + 0.75f);
    auto in = gpu::device_buffer<float4>::from_host(s, hin).value();
    auto out = gpu::device_buffer<float4>::zeroed(s, n).value();
    auto pairs = gpu::device_buffer<int2>::zeroed(s, n).value();
    gpu::launch_unchecked<vectors>(s, gpu::launch_config_1d{1, n}, in, out,
                                   pairs)
        .value();
    auto go = out.to_host(s).value();
    auto gp = pairs.to_host(s).value();
    int wrong = 0;
    for (int i = 0; i < n; ++i)
      wrong += go[i].x != hin[i].w || go[i].w != hin[i].x ||
               go[i].y != hin[i].z || gp[i].x != i || gp[i].y != -i;
    failures += check(wrong == 0, "float4, int2, make_*",
                      std::to_string(wrong) + " wrong");
  }
  if (failures == 0)
    std::printf("PASSED: all checks\n");
  return failures == 0 ? 0 : 1;
}
