// The main of nvcc_cublas_wgmma_ws_gemm_e4m3_<size>.cu: cuBLASLt's FP8
// GEMM on wgmma_ws_gemm's e4m3 problem, for run.sh's share of cuBLAS.
// C = A * B^T, A[M][K] and B[N][K] row-major e4m3 (cuBLASLt's required
// "TN" layout), fp32 compute with CUBLASLT_MATMUL_DESC_FAST_ACCUM (wgmma's
// own accumulation, as the Alloy and nvcc kernels do; without it cuBLASLt
// adds partial sums in full fp32 at extra cost), fp32 output where cuBLASLt
// offers it, else bf16 (said on stderr; converted for the check). The
// heuristic's first algorithm, 32 MiB of workspace.
#include "nvcc_wgmma_gemm_host.cuh"

#include <cublasLt.h>

struct lt_gemm {
  cublasLtMatmulDesc_t op = nullptr;
  cublasLtMatrixLayout_t la = nullptr, lb = nullptr, lc = nullptr;
  cublasLtMatmulHeuristicResult_t heuristic{};
  bool ok = false;
};

// An FP8 TN product with output type `out`; ok = false where cuBLASLt has
// no algorithm for it.
static lt_gemm make_gemm(cublasLtHandle_t lt, int M, int N, int K,
                         cudaDataType_t out, size_t workspace) {
  lt_gemm g;
  CUBLAS_CHECK(cublasLtMatmulDescCreate(&g.op, CUBLAS_COMPUTE_32F, CUDA_R_32F));
  const cublasOperation_t ta = CUBLAS_OP_T, tb = CUBLAS_OP_N;
  const int8_t fast = 1;
  CUBLAS_CHECK(cublasLtMatmulDescSetAttribute(
      g.op, CUBLASLT_MATMUL_DESC_TRANSA, &ta, sizeof ta));
  CUBLAS_CHECK(cublasLtMatmulDescSetAttribute(
      g.op, CUBLASLT_MATMUL_DESC_TRANSB, &tb, sizeof tb));
  CUBLAS_CHECK(cublasLtMatmulDescSetAttribute(
      g.op, CUBLASLT_MATMUL_DESC_FAST_ACCUM, &fast, sizeof fast));
  // Column-major: C^T (N x M) = op_T(B stored K x N) * A stored K x M.
  CUBLAS_CHECK(cublasLtMatrixLayoutCreate(&g.la, CUDA_R_8F_E4M3, K, N, K));
  CUBLAS_CHECK(cublasLtMatrixLayoutCreate(&g.lb, CUDA_R_8F_E4M3, K, M, K));
  CUBLAS_CHECK(cublasLtMatrixLayoutCreate(&g.lc, out, N, M, N));
  cublasLtMatmulPreference_t pref;
  CUBLAS_CHECK(cublasLtMatmulPreferenceCreate(&pref));
  CUBLAS_CHECK(cublasLtMatmulPreferenceSetAttribute(
      pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &workspace,
      sizeof workspace));
  int found = 0;
  cublasStatus_t st = cublasLtMatmulAlgoGetHeuristic(
      lt, g.op, g.la, g.lb, g.lc, g.lc, pref, 1, &g.heuristic, &found);
  cublasLtMatmulPreferenceDestroy(pref);
  g.ok = st == CUBLAS_STATUS_SUCCESS && found > 0;
  return g;
}

int main() {
  using T = __nv_fp8_e4m3;
  wgmma_gemm::problem<T> p(WGMMA_SIZE, "wgmma_ws_gemm");
  cublasLtHandle_t lt;
  CUBLAS_CHECK(cublasLtCreate(&lt));
  const size_t workspace_bytes = size_t(32) << 20;
  bench::cuda_buffer<unsigned char> workspace(workspace_bytes);
  lt_gemm g = make_gemm(lt, p.M, p.N, p.K, CUDA_R_32F, workspace_bytes);
  if (g.ok) {
    const float alpha = 1.0f, beta = 0.0f;
    return p.run("cublas", [&] {
      CUBLAS_CHECK(cublasLtMatmul(lt, g.op, &alpha, p.b.get(), g.la, p.a.get(),
                                  g.lb, &beta, p.c.get(), g.lc, p.c.get(),
                                  g.lc, &g.heuristic.algo, workspace.get(),
                                  workspace_bytes, 0));
    });
  }
  std::fprintf(stderr, "cuBLASLt: no FP8 algorithm with fp32 output; "
                       "using bf16 output\n");
  g = make_gemm(lt, p.M, p.N, p.K, CUDA_R_16BF, workspace_bytes);
  if (!g.ok) {
    std::fprintf(stderr, "cuBLASLt: no FP8 algorithm with bf16 output\n");
    return 2;
  }
  bench::cuda_buffer<__nv_bfloat16> c16(size_t(p.M) * p.N);
  const float alpha = 1.0f, beta = 0.0f;
  auto launch = [&] {
    CUBLAS_CHECK(cublasLtMatmul(lt, g.op, &alpha, p.b.get(), g.la, p.a.get(),
                                g.lb, &beta, c16.get(), g.lc, c16.get(), g.lc,
                                &g.heuristic.algo, workspace.get(),
                                workspace_bytes, 0));
  };
  launch();
  CUDA_CHECK(cudaDeviceSynchronize());
  std::vector<__nv_bfloat16> out = c16.to_host();
  std::vector<float> c_host(out.size());
  for (size_t i = 0; i < out.size(); ++i)
    c_host[i] = __bfloat162float(out[i]);
  bool ok = bench::check_half_gemm(p.a_host, p.b_host, c_host, p.M, p.N, p.K,
                                   wgmma_gemm::tolerance<T>());
  double us = bench::time_cuda(launch);
  return bench::report(wgmma_gemm::bench_name<T>(p.M, p.prefix), "cublas", us,
                       "GFLOP/s", bench::gflops(2.0 * p.M * p.N * p.K, us),
                       ok);
}
