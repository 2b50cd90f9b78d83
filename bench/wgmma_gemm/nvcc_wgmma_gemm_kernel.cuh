// wgmma_gemm's CUDA side: the hand-written twin of alloy_wgmma_gemm.hpp,
// the same kernel in CUDA C++ with inline PTX (nvcc has no wgmma
// intrinsics; CUTLASS writes the same asm). C[M][N] (float) =
// A[M][K] * B[N][K]^T, A and B row-major __half or __nv_bfloat16.
// Block tile 128 x 256, BK = 64, two warpgroups of 64 x 256
// (wgmma.mma_async m64n256k16, four per k tile, one commit group), a ring
// of 4 stages of 48 KiB in dynamic shared memory (1024-aligned, 128-byte
// swizzle) filled by 16-byte cp.async.cg two k tiles ahead, one wgmma group
// left in flight, 8-row grouped block order, float2 stores. Requires
// M % 128 == 0, N % 256 == 0, K % 64 == 0. Built for sm_90a.
#ifndef BENCH_WGMMA_GEMM_NVCC_WGMMA_GEMM_KERNEL_CUH
#define BENCH_WGMMA_GEMM_NVCC_WGMMA_GEMM_KERNEL_CUH

#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_fp8.h>

#include <cstdint>
#include <type_traits>

namespace wgmma_gemm {

constexpr int BM = 128, BN = 256, BK = 64, STAGES = 4;
constexpr int THREADS = 128 * (BM / 64);
constexpr int LOOKAHEAD = STAGES - 2;
constexpr int A_TILE_BYTES = BM * BK * 2, B_TILE_BYTES = BN * BK * 2;
constexpr int STAGE_BYTES = A_TILE_BYTES + B_TILE_BYTES;
constexpr int SMEM_BYTES = STAGES * STAGE_BYTES + 1024;
constexpr int GROUP_M = 8;
constexpr int CHUNKS_PER_ROW = BK / 8, PASS_ROWS = THREADS / CHUNKS_PER_ROW;
constexpr int A_PASSES = BM / PASS_ROWS, B_PASSES = BN / PASS_ROWS;

// Byte offset of element (r, c) of a tile of 128-byte rows, 128-byte
// swizzle: the 16-byte chunk XOR the row within its 8-row group.
__device__ __forceinline__ uint32_t swizzled(int r, int c) {
  uint32_t o = uint32_t(r) * 128 + uint32_t(c) * 2;
  return o ^ (((o >> 7) & 7) << 4);
}

// The K-major, 128-byte-swizzle matrix descriptor of the operand starting
// at shared address `addr`: leading byte offset 16 (unused), stride byte
// offset 1024 (8 rows of 128 bytes), layout 1 (128B swizzle).
__device__ __forceinline__ uint64_t descriptor(uint32_t addr) {
  return uint64_t((addr & 0x3ffff) >> 4) | uint64_t(1) << 16 |
         uint64_t(64) << 32 | uint64_t(1) << 62;
}

__device__ __forceinline__ void cp_async16(uint32_t dst, const void *src) {
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(dst),
               "l"(src));
}
__device__ __forceinline__ void cp_async_commit() {
  asm volatile("cp.async.commit_group;\n" ::);
}
template <int N> __device__ __forceinline__ void cp_async_wait() {
  asm volatile("cp.async.wait_group %0;\n" ::"n"(N));
}

// Keeps the compiler from moving accumulator accesses across the wgmma
// protocol (CUTLASS's warpgroup_fence_operand).
__device__ __forceinline__ void fence_operand(float (&d)[128]) {
#pragma unroll
  for (int i = 0; i < 128; ++i)
    asm volatile("" : "+f"(d[i])::"memory");
}
__device__ __forceinline__ void wgmma_fence() {
  asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory");
}
__device__ __forceinline__ void wgmma_commit() {
  asm volatile("wgmma.commit_group.sync.aligned;\n" ::: "memory");
}
template <int N> __device__ __forceinline__ void wgmma_wait() {
  asm volatile("wgmma.wait_group.sync.aligned %0;\n" ::"n"(N) : "memory");
}

#define ACC_REGS "%0,%1,%2,%3,%4,%5,%6,%7,%8,%9,%10,%11,%12,%13,%14,%15,%16,%17,%18,%19,%20,%21,%22,%23,%24,%25,%26,%27,%28,%29,%30,%31,%32,%33,%34,%35,%36,%37,%38,%39,%40,%41,%42,%43,%44,%45,%46,%47,%48,%49,%50,%51,%52,%53,%54,%55,%56,%57,%58,%59,%60,%61,%62,%63,%64,%65,%66,%67,%68,%69,%70,%71,%72,%73,%74,%75,%76,%77,%78,%79,%80,%81,%82,%83,%84,%85,%86,%87,%88,%89,%90,%91,%92,%93,%94,%95,%96,%97,%98,%99,%100,%101,%102,%103,%104,%105,%106,%107,%108,%109,%110,%111,%112,%113,%114,%115,%116,%117,%118,%119,%120,%121,%122,%123,%124,%125,%126,%127"
// d (64 x 256 f32) = A * B + (accumulate ? d : 0): one k16 slice (f16,
// bf16) or k32 slice (e4m3) of 32 bytes a row.
template <class T>
__device__ __forceinline__ void mma(float (&d)[128], uint64_t a, uint64_t b,
                                    int accumulate) {
  if constexpr (std::is_same_v<T, __half>)
    asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %130, 0;\n"
        "wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16 "
        "{" ACC_REGS "}, %128, %129, p, 1, 1, 0, 0;\n}\n"
        : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]), "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]), "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]), "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]), "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63]), "+f"(d[64]), "+f"(d[65]), "+f"(d[66]), "+f"(d[67]), "+f"(d[68]), "+f"(d[69]), "+f"(d[70]), "+f"(d[71]), "+f"(d[72]), "+f"(d[73]), "+f"(d[74]), "+f"(d[75]), "+f"(d[76]), "+f"(d[77]), "+f"(d[78]), "+f"(d[79]), "+f"(d[80]), "+f"(d[81]), "+f"(d[82]), "+f"(d[83]), "+f"(d[84]), "+f"(d[85]), "+f"(d[86]), "+f"(d[87]), "+f"(d[88]), "+f"(d[89]), "+f"(d[90]), "+f"(d[91]), "+f"(d[92]), "+f"(d[93]), "+f"(d[94]), "+f"(d[95]), "+f"(d[96]), "+f"(d[97]), "+f"(d[98]), "+f"(d[99]), "+f"(d[100]), "+f"(d[101]), "+f"(d[102]), "+f"(d[103]), "+f"(d[104]), "+f"(d[105]), "+f"(d[106]), "+f"(d[107]), "+f"(d[108]), "+f"(d[109]), "+f"(d[110]), "+f"(d[111]), "+f"(d[112]), "+f"(d[113]), "+f"(d[114]), "+f"(d[115]), "+f"(d[116]), "+f"(d[117]), "+f"(d[118]), "+f"(d[119]), "+f"(d[120]), "+f"(d[121]), "+f"(d[122]), "+f"(d[123]), "+f"(d[124]), "+f"(d[125]), "+f"(d[126]), "+f"(d[127])
        : "l"(a), "l"(b), "r"(accumulate));
  else if constexpr (std::is_same_v<T, __nv_bfloat16>)
    asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %130, 0;\n"
        "wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16 "
        "{" ACC_REGS "}, %128, %129, p, 1, 1, 0, 0;\n}\n"
        : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]), "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]), "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]), "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]), "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63]), "+f"(d[64]), "+f"(d[65]), "+f"(d[66]), "+f"(d[67]), "+f"(d[68]), "+f"(d[69]), "+f"(d[70]), "+f"(d[71]), "+f"(d[72]), "+f"(d[73]), "+f"(d[74]), "+f"(d[75]), "+f"(d[76]), "+f"(d[77]), "+f"(d[78]), "+f"(d[79]), "+f"(d[80]), "+f"(d[81]), "+f"(d[82]), "+f"(d[83]), "+f"(d[84]), "+f"(d[85]), "+f"(d[86]), "+f"(d[87]), "+f"(d[88]), "+f"(d[89]), "+f"(d[90]), "+f"(d[91]), "+f"(d[92]), "+f"(d[93]), "+f"(d[94]), "+f"(d[95]), "+f"(d[96]), "+f"(d[97]), "+f"(d[98]), "+f"(d[99]), "+f"(d[100]), "+f"(d[101]), "+f"(d[102]), "+f"(d[103]), "+f"(d[104]), "+f"(d[105]), "+f"(d[106]), "+f"(d[107]), "+f"(d[108]), "+f"(d[109]), "+f"(d[110]), "+f"(d[111]), "+f"(d[112]), "+f"(d[113]), "+f"(d[114]), "+f"(d[115]), "+f"(d[116]), "+f"(d[117]), "+f"(d[118]), "+f"(d[119]), "+f"(d[120]), "+f"(d[121]), "+f"(d[122]), "+f"(d[123]), "+f"(d[124]), "+f"(d[125]), "+f"(d[126]), "+f"(d[127])
        : "l"(a), "l"(b), "r"(accumulate));
  else
    asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %130, 0;\n"
        "wgmma.mma_async.sync.aligned.m64n256k32.f32.e4m3.e4m3 "
        "{" ACC_REGS "}, %128, %129, p, 1, 1;\n}\n"
        : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]), "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]), "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]), "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]), "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63]), "+f"(d[64]), "+f"(d[65]), "+f"(d[66]), "+f"(d[67]), "+f"(d[68]), "+f"(d[69]), "+f"(d[70]), "+f"(d[71]), "+f"(d[72]), "+f"(d[73]), "+f"(d[74]), "+f"(d[75]), "+f"(d[76]), "+f"(d[77]), "+f"(d[78]), "+f"(d[79]), "+f"(d[80]), "+f"(d[81]), "+f"(d[82]), "+f"(d[83]), "+f"(d[84]), "+f"(d[85]), "+f"(d[86]), "+f"(d[87]), "+f"(d[88]), "+f"(d[89]), "+f"(d[90]), "+f"(d[91]), "+f"(d[92]), "+f"(d[93]), "+f"(d[94]), "+f"(d[95]), "+f"(d[96]), "+f"(d[97]), "+f"(d[98]), "+f"(d[99]), "+f"(d[100]), "+f"(d[101]), "+f"(d[102]), "+f"(d[103]), "+f"(d[104]), "+f"(d[105]), "+f"(d[106]), "+f"(d[107]), "+f"(d[108]), "+f"(d[109]), "+f"(d[110]), "+f"(d[111]), "+f"(d[112]), "+f"(d[113]), "+f"(d[114]), "+f"(d[115]), "+f"(d[116]), "+f"(d[117]), "+f"(d[118]), "+f"(d[119]), "+f"(d[120]), "+f"(d[121]), "+f"(d[122]), "+f"(d[123]), "+f"(d[124]), "+f"(d[125]), "+f"(d[126]), "+f"(d[127])
        : "l"(a), "l"(b), "r"(accumulate));
}
#undef ACC_REGS

template <class T>
__global__ void __launch_bounds__(THREADS, 1)
    wgmma_gemm_kernel(int M, int N, int K, const T *A, const T *B, float *C) {
  extern __shared__ __align__(1024) unsigned char dyn[];
  const uint32_t dyn_addr = uint32_t(__cvta_generic_to_shared(dyn));
  const uint32_t smem = (dyn_addr + 1023u) & ~1023u;

  const int tid = threadIdx.x;
  const int wg = __shfl_sync(0xffffffffu, tid / 128, 0);

  const int tiles_n = N / BN, tiles_m = M / BM;
  const int per_group = GROUP_M * tiles_n;
  const int bid = blockIdx.x;
  const int first_m = bid / per_group * GROUP_M;
  const int group_rows = min(tiles_m - first_m, GROUP_M);
  const int in_group = bid % per_group;
  const int tile_m = first_m + in_group % group_rows;
  const int tile_n = in_group / group_rows;

  const int ld_row = tid / CHUNKS_PER_ROW, ld_chunk = tid % CHUNKS_PER_ROW;
  const T *a_src = A + size_t(tile_m * BM + ld_row) * K + ld_chunk * 8;
  const T *b_src = B + size_t(tile_n * BN + ld_row) * K + ld_chunk * 8;
  const uint32_t a_dst = swizzled(ld_row, ld_chunk * 8);
  const uint32_t b_dst = A_TILE_BYTES + swizzled(ld_row, ld_chunk * 8);
  auto load_tile = [&](int stage) {
    const uint32_t base = smem + stage * STAGE_BYTES;
#pragma unroll
    for (int p = 0; p < A_PASSES; ++p)
      cp_async16(base + a_dst + p * PASS_ROWS * 128,
                 a_src + size_t(p) * PASS_ROWS * K);
#pragma unroll
    for (int p = 0; p < B_PASSES; ++p)
      cp_async16(base + b_dst + p * PASS_ROWS * 128,
                 b_src + size_t(p) * PASS_ROWS * K);
    a_src += BK;
    b_src += BK;
  };

  const int k_tiles = K / BK;
#pragma unroll
  for (int s = 0; s < LOOKAHEAD; ++s) {
    if (s < k_tiles)
      load_tile(s);
    cp_async_commit();
  }

  float acc[128];
#pragma unroll
  for (int i = 0; i < 128; ++i)
    acc[i] = 0.0f;
  int read_stage = 0, write_stage = LOOKAHEAD;
  for (int t = 0; t < k_tiles; ++t) {
    cp_async_wait<LOOKAHEAD - 1>();
    asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory");
    __syncthreads();
    const uint32_t a_tile = smem + read_stage * STAGE_BYTES + wg * 64 * 128;
    const uint32_t b_tile = smem + read_stage * STAGE_BYTES + A_TILE_BYTES;
    fence_operand(acc);
    wgmma_fence();
#pragma unroll
    for (int k = 0; k < BK; k += 16)
      mma<T>(acc, descriptor(a_tile + k * 2), descriptor(b_tile + k * 2),
             t > 0 || k > 0);
    wgmma_commit();
    fence_operand(acc);
    if (t + LOOKAHEAD < k_tiles)
      load_tile(write_stage);
    cp_async_commit();
    read_stage = read_stage + 1 == STAGES ? 0 : read_stage + 1;
    write_stage = write_stage + 1 == STAGES ? 0 : write_stage + 1;
    wgmma_wait<1>();
  }
  wgmma_wait<0>();
  fence_operand(acc);

  // Value 4j (+1) is at row (warp % 4) 16 + lane / 4, column
  // 8 j + 2 (lane % 4) (+1); values 4j + 2, 4j + 3 eight rows lower.
  const int t128 = tid % 128;
  const int row = t128 / 32 * 16 + t128 % 32 / 4;
  const int col = t128 % 4 * 2;
  float *c = C + size_t(tile_m * BM + wg * 64 + row) * N + tile_n * BN + col;
#pragma unroll
  for (int j = 0; j < BN / 8; ++j) {
    *reinterpret_cast<float2 *>(c + j * 8) = make_float2(acc[4 * j], acc[4 * j + 1]);
    *reinterpret_cast<float2 *>(c + size_t(8) * N + j * 8) =
        make_float2(acc[4 * j + 2], acc[4 * j + 3]);
  }
}

template <class T>
void launch(int M, int N, int K, const T *A, const T *B, float *C) {
  wgmma_gemm_kernel<T><<<(M / BM) * (N / BN), THREADS, SMEM_BYTES>>>(
      M, N, K, A, B, C);
}

template <class T> cudaError_t setup() {
  return cudaFuncSetAttribute(wgmma_gemm_kernel<T>,
                              cudaFuncAttributeMaxDynamicSharedMemorySize,
                              SMEM_BYTES);
}

} // namespace wgmma_gemm

#endif // BENCH_WGMMA_GEMM_NVCC_WGMMA_GEMM_KERNEL_CUH
