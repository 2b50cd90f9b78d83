// Arguments that do not fit a kernel parameter are compile errors that name
// the kernel and the parameter.
// RUN: not %alloy_cc1 -fsyntax-only -ferror-limit=0 %s 2>&1 | FileCheck %s --implicit-check-not='static assertion'
#include <gpu/gpu.hpp>
#include <vector>

namespace kernels {
[[gpu::kernel, gpu::launch_contract(1, 128)]]
void scale(std::span<const float> in, gpu::disjoint_span<float> out,
           uint32_t count, float factor) {}
// Untyped memory, as CUDA code passes cudaMalloc'd bytes.
[[gpu::kernel, gpu::launch_contract(1, 128)]]
void fill(void *bytes, const void *pattern, size_t n) {}
}  // namespace kernels

void run(gpu::context& ctx, gpu::stream& stream, std::vector<float>& host) {
  auto in = gpu::device_buffer<float>::zeroed(stream, 16).value();
  auto out = gpu::device_buffer<float>::zeroed(stream, 16).value();
  auto ints = gpu::device_buffer<int>::zeroed(stream, 16).value();
  const auto& const_out = out;
  auto p = gpu::prepare<kernels::scale>(ctx, gpu::launch_config_1d{1, 128}).value();
  // CHECK-DAG: launch-argument-types.cpp:[[@LINE+1]]:{{.*}}error: argument for parameter 'out' of kernels::scale: pass a gpu::device_buffer<float>, not 'std::vector<float>'
  (void)gpu::launch(stream, p, in, host, 16u, 2.0f);
  // CHECK-DAG: launch-argument-types.cpp:[[@LINE+1]]:{{.*}}error: argument for parameter 'in' of kernels::scale: the buffer holds 'int', the parameter wants 'float'
  (void)gpu::launch(stream, p, ints, out, 16u, 2.0f);
  // CHECK-DAG: launch-argument-types.cpp:[[@LINE+1]]:{{.*}}error: argument for parameter 'out' of kernels::scale: an output needs a non-const gpu::device_buffer
  (void)gpu::launch(stream, p, in, const_out, 16u, 2.0f);
  // CHECK-DAG: launch-argument-types.cpp:[[@LINE+1]]:{{.*}}error: argument for parameter 'count' of kernels::scale: 'int' does not convert to 'uint32_t' without narrowing
  (void)gpu::launch(stream, p, in, out, 16, 2.0f);
  // CHECK-DAG: launch-argument-types.cpp:[[@LINE+1]]:{{.*}}error: argument for parameter 'factor' of kernels::scale: 'int' does not convert to 'float' without narrowing
  (void)gpu::launch(stream, p, in, out, 16u, 2);
  // CHECK-DAG: launch-argument-types.cpp:[[@LINE+1]]:{{.*}}error: argument for parameter 'in' of kernels::scale: pass a gpu::device_buffer<float>, or a pointer to device memory as gpu::device_ptr(p), not 'float *'
  (void)gpu::launch(stream, p, host.data(), out, 16u, 2.0f);
  // gpu::device_ptr: the element type, and const for an output.
  float *d_in = nullptr;
  const float *d_const = nullptr;
  int *d_ints = nullptr;
  (void)gpu::launch(stream, p, gpu::device_ptr(d_in), gpu::device_ptr(d_in), 16u, 2.0f);
  (void)gpu::launch(stream, p, gpu::device_ptr(d_const), out, 16u, 2.0f);
  // CHECK-DAG: launch-argument-types.cpp:[[@LINE+1]]:{{.*}}error: argument for parameter 'in' of kernels::scale: the gpu::device_ptr points to 'int', the parameter wants 'float'
  (void)gpu::launch(stream, p, gpu::device_ptr(d_ints), out, 16u, 2.0f);
  // CHECK-DAG: launch-argument-types.cpp:[[@LINE+1]]:{{.*}}error: argument for parameter 'out' of kernels::scale: an output needs a gpu::device_ptr to non-const 'float'
  (void)gpu::launch(stream, p, in, gpu::device_ptr(d_const), 16u, 2.0f);
  // CHECK-DAG: launch-argument-types.cpp:[[@LINE+1]]:{{.*}}error: argument for parameter 'count' of kernels::scale: a gpu::device_ptr cannot be passed as a scalar
  (void)gpu::launch(stream, p, in, out, gpu::device_ptr(d_ints), 2.0f);
  // CHECK-DAG: launch-argument-types.cpp:[[@LINE+1]]:{{.*}}error: kernels::scale takes 4 arguments, but 3 were given
  (void)gpu::launch(stream, p, in, out, 16u);
  // void * takes any element type (buffers and device_ptrs), as in C++;
  // const still matters for an output.
  auto f = gpu::prepare<kernels::fill>(ctx, gpu::launch_config_1d{1, 128}).value();
  void *d_void = nullptr;
  (void)gpu::launch(stream, f, out, ints, size_t(64));
  (void)gpu::launch(stream, f, gpu::device_ptr(d_void), gpu::device_ptr(d_const), size_t(64));
  (void)gpu::launch_unchecked<kernels::fill>(stream, gpu::launch_config_1d{1, 128}, gpu::device_ptr(d_ints), gpu::device_ptr(d_void), size_t(64));
  // CHECK-DAG: launch-argument-types.cpp:[[@LINE+1]]:{{.*}}error: argument for parameter 'bytes' of kernels::fill: an output needs a gpu::device_ptr to non-const 'void'
  (void)gpu::launch(stream, f, gpu::device_ptr(d_const), in, size_t(64));
}
