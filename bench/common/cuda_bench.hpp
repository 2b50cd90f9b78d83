// The CUDA side of the benchmarks: error checks (CUDA, cuBLAS), a device
// buffer, and the shared timing helpers.
#ifndef BENCH_COMMON_CUDA_BENCH_HPP
#define BENCH_COMMON_CUDA_BENCH_HPP

#include "check.hpp"
#include "timing.hpp"
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

#define CUDA_CHECK(call)                                                       \
  do {                                                                         \
    cudaError_t err_ = (call);                                                 \
    if (err_ != cudaSuccess) {                                                 \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call,       \
                   cudaGetErrorString(err_));                                  \
      std::exit(2);                                                            \
    }                                                                          \
  } while (0)

// The same for cuBLAS and cuBLASLt calls (the cuBLAS references include
// their own headers).
#define CUBLAS_CHECK(call)                                                     \
  do {                                                                         \
    cublasStatus_t st_ = (call);                                               \
    if (st_ != CUBLAS_STATUS_SUCCESS) {                                        \
      std::fprintf(stderr, "%s:%d: %s: cuBLAS status %d\n", __FILE__,          \
                   __LINE__, #call, int(st_));                                 \
      std::exit(2);                                                            \
    }                                                                          \
  } while (0)

namespace bench {

// Device memory for n T's, freed with the object.
template <class T> class cuda_buffer {
public:
  explicit cuda_buffer(size_t n) : n_(n) {
    CUDA_CHECK(cudaMalloc(&ptr_, n * sizeof(T)));
  }
  explicit cuda_buffer(const std::vector<T> &host) : cuda_buffer(host.size()) {
    CUDA_CHECK(
        cudaMemcpy(ptr_, host.data(), n_ * sizeof(T), cudaMemcpyHostToDevice));
  }
  cuda_buffer(const cuda_buffer &) = delete;
  cuda_buffer &operator=(const cuda_buffer &) = delete;
  ~cuda_buffer() { cudaFree(ptr_); }

  T *get() const { return ptr_; }
  std::vector<T> to_host() const {
    std::vector<T> host(n_);
    CUDA_CHECK(
        cudaMemcpy(host.data(), ptr_, n_ * sizeof(T), cudaMemcpyDeviceToHost));
    return host;
  }

private:
  T *ptr_ = nullptr;
  size_t n_;
};

// The median GPU time of `launch` (<<<...>>> launches on stream 0),
// between CUDA events.
template <class Launch> double time_cuda(Launch &&launch) {
  cudaEvent_t start, stop;
  CUDA_CHECK(cudaEventCreate(&start));
  CUDA_CHECK(cudaEventCreate(&stop));
  double us = median_gpu_us(
      launch, [&] { CUDA_CHECK(cudaEventRecord(start, 0)); },
      [&] {
        CUDA_CHECK(cudaEventRecord(stop, 0));
        CUDA_CHECK(cudaEventSynchronize(stop));
        float ms = 0;
        CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
        return ms * 1000.0;
      });
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaEventDestroy(start));
  CUDA_CHECK(cudaEventDestroy(stop));
  return us;
}

// The median host time per launch (enqueue rate), for the launch benchmark.
template <class Launch> double time_cuda_host(Launch &&launch) {
  double us = median_us(launch, [] { CUDA_CHECK(cudaStreamSynchronize(0)); });
  CUDA_CHECK(cudaGetLastError());
  return us;
}

inline int sm_count() {
  int sms = 0;
  CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  return sms;
}

} // namespace bench

#endif // BENCH_COMMON_CUDA_BENCH_HPP
