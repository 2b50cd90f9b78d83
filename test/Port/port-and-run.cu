// A CUDA program as CUDA users write it (a 2-D kernel, a shared-memory
// reduction with dynamic shared memory, a template kernel, streams,
// events, pinned memory, error codes, a __constant__ table), ported by
// alloy port with no hand edit, compiled by alloy++ and run on the CPU
// device, checking its own results.
// RUN: alloy-port %s -o %t.cpp 2> %t.report
// RUN: FileCheck %s --check-prefix=REPORT < %t.report
// RUN: alloy++ -O2 %t.cpp -o %t.bin
// RUN: env ALLOY_DEVICE=cpu %t.bin | FileCheck %s
// REPORT: 3 launches and {{[0-9]+}} runtime calls rewritten, 0 places left to finish by hand
// CHECK: transpose: ok
// CHECK: reduce: 523776 (expected 523776)
// CHECK: axpy on two streams: ok
// CHECK: Test PASSED
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CHECK(call)                                                          \
  do {                                                                       \
    cudaError_t e = (call);                                                  \
    if (e != cudaSuccess) {                                                  \
      fprintf(stderr, "CUDA error %s at line %d\n", cudaGetErrorString(e),   \
              __LINE__);                                                     \
      exit(1);                                                               \
    }                                                                        \
  } while (0)

__constant__ float c_scale[2];

__global__ void transpose(float *out, const float *in, int width, int height) {
  __shared__ float tile[16][17];
  int x = blockIdx.x * 16 + threadIdx.x, y = blockIdx.y * 16 + threadIdx.y;
  if (x < width && y < height)
    tile[threadIdx.y][threadIdx.x] = in[y * width + x];
  __syncthreads();
  x = blockIdx.y * 16 + threadIdx.x;
  y = blockIdx.x * 16 + threadIdx.y;
  if (x < height && y < width)
    out[y * height + x] = tile[threadIdx.x][threadIdx.y];
}

__global__ void reduce(const int *in, int *out, unsigned n) {
  extern __shared__ int partial[];
  unsigned t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
  partial[t] = i < n ? in[i] : 0;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (t < s)
      partial[t] += partial[t + s];
    __syncthreads();
  }
  if (t == 0)
    atomicAdd(out, partial[0]);
}

template <class T> __global__ void axpy(T *y, const T *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = c_scale[0] * x[i] + y[i];
}

int main() {
  const int W = 48, H = 32;
  float *h_in = (float *)malloc(W * H * sizeof(float));
  float *h_out = (float *)malloc(W * H * sizeof(float));
  for (int i = 0; i < W * H; ++i)
    h_in[i] = float(i);
  float *d_in, *d_out;
  CHECK(cudaMalloc((void **)&d_in, W * H * sizeof(float)));
  CHECK(cudaMalloc((void **)&d_out, W * H * sizeof(float)));
  CHECK(cudaMemcpy(d_in, h_in, W * H * sizeof(float), cudaMemcpyHostToDevice));
  dim3 block(16, 16), grid((W + 15) / 16, (H + 15) / 16);
  transpose<<<grid, block>>>(d_out, d_in, W, H);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(h_out, d_out, W * H * sizeof(float), cudaMemcpyDeviceToHost));
  int wrong = 0;
  for (int y = 0; y < H; ++y)
    for (int x = 0; x < W; ++x)
      wrong += h_out[x * H + y] != h_in[y * W + x];
  printf("transpose: %s\n", wrong ? "FAILED" : "ok");

  const unsigned n = 1024;
  int h_vals[n], total = 0, *d_vals, *d_total;
  for (unsigned i = 0; i < n; ++i)
    h_vals[i] = int(i);
  CHECK(cudaMalloc((void **)&d_vals, sizeof h_vals));
  CHECK(cudaMalloc((void **)&d_total, sizeof(int)));
  CHECK(cudaMemcpy(d_vals, h_vals, sizeof h_vals, cudaMemcpyHostToDevice));
  CHECK(cudaMemset(d_total, 0, sizeof(int)));
  reduce<<<n / 128, 128, 128 * sizeof(int)>>>(d_vals, d_total, n);
  CHECK(cudaMemcpy(&total, d_total, sizeof(int), cudaMemcpyDeviceToHost));
  printf("reduce: %d (expected %d)\n", total, int(n * (n - 1) / 2));

  const float scale[2] = {2.0f, 0.0f};
  CHECK(cudaMemcpyToSymbol(c_scale, scale, sizeof(scale)));
  const int m = 4096;
  float *h_x, *h_y;
  CHECK(cudaMallocHost((void **)&h_x, m * sizeof(float)));
  CHECK(cudaMallocHost((void **)&h_y, m * sizeof(float)));
  for (int i = 0; i < m; ++i) {
    h_x[i] = 1.0f;
    h_y[i] = float(i);
  }
  float *d_x, *d_y;
  CHECK(cudaMalloc((void **)&d_x, m * sizeof(float)));
  CHECK(cudaMalloc((void **)&d_y, m * sizeof(float)));
  cudaStream_t streams[2];
  cudaEvent_t start, stop;
  for (int s = 0; s < 2; ++s)
    CHECK(cudaStreamCreate(&streams[s]));
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&stop));
  CHECK(cudaEventRecord(start, 0));
  const int half = m / 2;
  for (int s = 0; s < 2; ++s) {
    CHECK(cudaMemcpyAsync(d_x + s * half, h_x + s * half, half * sizeof(float),
                          cudaMemcpyHostToDevice, streams[s]));
    CHECK(cudaMemcpyAsync(d_y + s * half, h_y + s * half, half * sizeof(float),
                          cudaMemcpyHostToDevice, streams[s]));
    axpy<<<half / 256, 256, 0, streams[s]>>>(d_y + s * half, d_x + s * half,
                                            half);
    CHECK(cudaMemcpyAsync(h_y + s * half, d_y + s * half, half * sizeof(float),
                          cudaMemcpyDeviceToHost, streams[s]));
  }
  CHECK(cudaEventRecord(stop, 0));
  for (int s = 0; s < 2; ++s)
    CHECK(cudaStreamSynchronize(streams[s]));
  CHECK(cudaEventSynchronize(stop));
  float ms = 0;
  CHECK(cudaEventElapsedTime(&ms, start, stop));
  wrong = 0;
  for (int i = 0; i < m; ++i)
    wrong += h_y[i] != 2.0f + float(i);
  printf("axpy on two streams: %s\n", wrong ? "FAILED" : "ok");

  for (int s = 0; s < 2; ++s)
    CHECK(cudaStreamDestroy(streams[s]));
  CHECK(cudaEventDestroy(start));
  CHECK(cudaEventDestroy(stop));
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  CHECK(cudaFree(d_vals));
  CHECK(cudaFree(d_total));
  CHECK(cudaFree(d_x));
  CHECK(cudaFree(d_y));
  CHECK(cudaFreeHost(h_x));
  CHECK(cudaFreeHost(h_y));
  free(h_in);
  free(h_out);
  bool ok = wrong == 0 && total == int(n * (n - 1) / 2);
  printf(ok ? "Test PASSED\n" : "Test FAILED\n");
  return ok ? 0 : 1;
}
