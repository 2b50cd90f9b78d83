// alloy port rewrites each kernel<<<...>>>(...) launch into
// gpu::launch_unchecked: the configuration into a launch_config (1-D for
// integers, 3-D for dim3), the stream (0 is the default stream), pointer
// arguments into gpu::device_ptr, a scalar that Alloy's launch would
// reject as narrowing into a static_cast, deduced template arguments
// spelled out, and .value() after it. A launch in a macro is reported.
// RUN: alloy-port %s -o %t.cpp 2> %t.report
// RUN: FileCheck %s < %t.cpp
// RUN: FileCheck %s --check-prefix=REPORT < %t.report
#include <cuda_runtime.h>

__global__ void scale(float *out, const float *in, int n, float a) {}
__global__ void grid2d(float *out, int width) {}
template <int BLOCK, class T> __global__ void fill(T *out, T value) {}
template <class T> __global__ void copy(T *out, const T *in) {}
__global__ void defaults(int *p = NULL, int n = 4) {}

// REPORT: launches.cu:[[@LINE+1]]:20: not translated: a launch in a macro definition: rewrite it by hand
#define LAUNCH(k) k<<<1, 1>>>(nullptr, nullptr, 0, 0.0f)

void run(float *d_out, float *d_in, size_t n, cudaStream_t stream) {
  // CHECK: gpu::launch_unchecked<scale>(gpu::default_stream(), gpu::launch_config_1d{(n + 255) / 256, 256}, gpu::device_ptr(d_out), gpu::device_ptr(d_in), static_cast<int>(n), 2.0f).value();
  scale<<<(n + 255) / 256, 256>>>(d_out, d_in, n, 2.0f);
  dim3 block(16, 16), grid(4, 4);
  // CHECK: gpu::launch_unchecked<grid2d>(stream, gpu::launch_config_3d{grid, block, 1024}, gpu::device_ptr(d_out + 64), 64).value();
  grid2d<<<grid, block, 1024, stream>>>(d_out + 64, 64);
  // CHECK: gpu::launch_unchecked<fill<128, float>>(gpu::default_stream(), gpu::launch_config_1d{1, 128}, gpu::device_ptr(d_out), 1.0f).value();
  fill<128, float><<<1, 128, 0, 0>>>(d_out, 1.0f);
  // CHECK: gpu::launch_unchecked<copy<float>>(gpu::default_stream(), gpu::launch_config_1d{2, 64}, gpu::device_ptr(d_out), gpu::device_ptr(d_in)).value();
  copy<<<2, 64>>>(d_out, d_in);
  // CHECK: gpu::launch_unchecked<scale>(gpu::default_stream(), gpu::launch_config_1d{1, 32}, gpu::device_ptr(d_out), gpu::device_ptr<const float>(), 0, 1.0f).value();
  scale<<<1, 32>>>(d_out, NULL, 0, 1.0f);
  // Default arguments are written out, with or without written ones.
  // CHECK: gpu::launch_unchecked<defaults>(gpu::default_stream(), gpu::launch_config_1d{1, 1}, gpu::device_ptr<int>(), 4).value();
  defaults<<<1, 1>>>();
  // CHECK: gpu::launch_unchecked<defaults>(gpu::default_stream(), gpu::launch_config_1d{1, 1}, gpu::device_ptr(reinterpret_cast<int *>(d_out)), 4).value();
  defaults<<<1, 1>>>(reinterpret_cast<int *>(d_out));
  // CHECK: LAUNCH(scale);
  LAUNCH(scale);
}
// REPORT: alloy port: {{.*}}launches.cu: 7 launches and 0 runtime calls rewritten, 1 places left to finish by hand
