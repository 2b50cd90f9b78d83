// Alloy and cuBLAS in one program: cublasSgemm runs on Alloy's buffers and
// Alloy's stream (through their native handles), and its result is checked
// against an Alloy SGEMM kernel on the same stream. cuBLAS is loaded with
// dlopen, so the program builds without the CUDA toolkit; without cuBLAS it
// says so and exits 0.
//
//   alloy++ -O2 cublas_interop.cpp -o cublas_interop && ./cublas_interop
#include <gpu/gpu.hpp>

#include <dlfcn.h>

#include <cmath>
#include <cstdio>
#include <vector>

namespace kernels {
// C = A * B, row-major, M x K times K x N; one thread per element of C.
[[gpu::kernel, gpu::launch_contract(2, 16, 16)]]
void sgemm(int M, int N, int K, std::span<const float> A,
           std::span<const float> B, float *C) {
  int row = gpu::block_idx().y * 16 + gpu::thread_idx().y;
  int col = gpu::block_idx().x * 16 + gpu::thread_idx().x;
  if (row < M && col < N) {
    float acc = 0.0f;
    for (int k = 0; k < K; ++k)
      acc += A[row * K + k] * B[k * N + col];
    C[row * N + col] = acc;
  }
}
} // namespace kernels

// The few cuBLAS entry points used, as in cublas_api.h (v2 API).
namespace cublas {
using handle = void *;
constexpr int op_n = 0; // CUBLAS_OP_N
struct api {
  int (*create)(handle *);
  int (*destroy)(handle);
  int (*set_stream)(handle, void *);
  int (*sgemm)(handle, int, int, int, int, int, const float *, const float *,
               int, const float *, int, const float *, float *, int);
};

void *open_library() {
  const char *names[] = {"libcublas.so.13",
                         "libcublas.so.12",
                         "libcublas.so",
                         "/usr/local/cuda/lib64/libcublas.so.13",
                         "/usr/local/cuda/lib64/libcublas.so.12",
                         "/usr/local/cuda/lib64/libcublas.so"};
  for (const char *name : names)
    if (void *library = dlopen(name, RTLD_NOW | RTLD_LOCAL)) {
      std::printf("using %s\n", name);
      return library;
    }
  return nullptr;
}

template <class F> bool bind(void *library, F &slot, const char *symbol) {
  slot = reinterpret_cast<F>(dlsym(library, symbol));
  if (!slot)
    std::fprintf(stderr, "cuBLAS lacks %s\n", symbol);
  return slot != nullptr;
}
} // namespace cublas

int main() {
  void *library = cublas::open_library();
  if (!library) {
    std::printf("SKIPPED: libcublas not found\n");
    return 0;
  }
  cublas::api blas{};
  if (!cublas::bind(library, blas.create, "cublasCreate_v2") ||
      !cublas::bind(library, blas.destroy, "cublasDestroy_v2") ||
      !cublas::bind(library, blas.set_stream, "cublasSetStream_v2") ||
      !cublas::bind(library, blas.sgemm, "cublasSgemm_v2"))
    return 1;

  auto ctx = gpu::context::create(0);
  if (!ctx) {
    std::fprintf(stderr, "%s\n", ctx.error().message().c_str());
    return 2;
  }
  auto stream = ctx->create_stream().value();
  constexpr int M = 384, N = 256, K = 320;
  std::vector<float> a(size_t(M) * K), b(size_t(K) * N);
  for (size_t i = 0; i < a.size(); ++i)
    a[i] = float((i * 7919) % 1000) / 1000.0f - 0.5f;
  for (size_t i = 0; i < b.size(); ++i)
    b[i] = float((i * 104729) % 1000) / 1000.0f - 0.5f;
  auto da = gpu::device_buffer<float>::from_host(stream, a).value();
  auto db = gpu::device_buffer<float>::from_host(stream, b).value();
  auto c_alloy = gpu::device_buffer<float>::zeroed(stream, size_t(M) * N).value();
  auto c_cublas = gpu::device_buffer<float>::zeroed(stream, size_t(M) * N).value();

  // Alloy's SGEMM, then cuBLAS's on the same stream.
  auto p = gpu::prepare<kernels::sgemm>(
               *ctx, gpu::launch_config_2d{{N / 16, M / 16}, {16, 16}})
               .value();
  gpu::launch(stream, p, M, N, K, da, db, c_alloy).value();

  cublas::handle handle = nullptr;
  if (int rc = blas.create(&handle); rc != 0) {
    std::printf("FAILED: cublasCreate returned %d\n", rc);
    return 1;
  }
  if (int rc = blas.set_stream(handle, stream.native_handle()); rc != 0) {
    std::printf("FAILED: cublasSetStream returned %d\n", rc);
    return 1;
  }
  // cuBLAS is column-major: row-major C = A B is column-major C^T = B^T A^T.
  const float alpha = 1.0f, beta = 0.0f;
  auto ptr = [](const gpu::device_buffer<float> &buf) {
    return reinterpret_cast<float *>(buf.native_handle());
  };
  int rc = blas.sgemm(handle, cublas::op_n, cublas::op_n, N, M, K, &alpha,
                      ptr(db), N, ptr(da), K, &beta, ptr(c_cublas), N);
  if (rc != 0) {
    std::printf("FAILED: cublasSgemm returned %d\n", rc);
    return 1;
  }
  auto mine = c_alloy.to_host(stream).value();   // waits for both
  auto theirs = c_cublas.to_host(stream).value();
  blas.destroy(handle);

  size_t bad = 0;
  double worst = 0;
  for (size_t i = 0; i < mine.size(); ++i) {
    double diff = std::fabs(double(mine[i]) - double(theirs[i]));
    worst = std::fmax(worst, diff);
    bad += diff > 1e-3 + 1e-4 * std::fabs(double(theirs[i]));
  }
  std::printf("%zux%zu SGEMM: Alloy against cuBLAS on Alloy's stream, largest "
              "difference %.3g, %zu elements off\n",
              size_t(M), size_t(N), worst, bad);
  if (bad) {
    std::printf("FAILED\n");
    return 1;
  }
  std::printf("PASSED\n");
}
