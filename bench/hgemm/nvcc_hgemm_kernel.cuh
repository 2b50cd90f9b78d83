// hgemm's hand-written CUDA kernel: C[M][N] (float) = A[M][K] * B[K][N],
// A and B row-major __half or __nv_bfloat16, fp32 accumulation, on tensor
// cores through mma.sync (the Ampere design, run on sm_90).
//
// Block tile BM x BN = 128 x 256, BK = 32; 8 warps as 2 (M) x 4 (N), each
// a 64 x 64 tile of C = 4 x 8 mma.sync.m16n8k16 per k16 step (128 fp32
// accumulators per thread). Global -> shared through 16-byte cp.async.cg,
// STAGES = 4 tiles of A and B in flight (a ring of 24 KiB stages, 96 KiB of
// dynamic shared memory); shared -> registers through ldmatrix.x4 (.trans
// for B, which is [K][N] while mma wants it k-major per column); the
// fragments of the next k16 step load while the mma's of this one run.
// Requires M % 128 == 0, N % 256 == 0, K % 32 == 0. HGEMM_STAGES and
// HGEMM_BN override the stage count and the block tile's width, for
// experiments: on the H200, 3 or 5 stages, or 128 x 128 tiles of 4 warps,
// were no faster (within 1% or 2-7% slower). ptxas -v (sm_90): 224
// registers, no stack, no spills, for both types.
#ifndef BENCH_HGEMM_NVCC_HGEMM_KERNEL_CUH
#define BENCH_HGEMM_NVCC_HGEMM_KERNEL_CUH

#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <cstdint>
#include <type_traits>

namespace hgemm {

#ifndef HGEMM_STAGES
#define HGEMM_STAGES 4
#endif
#ifndef HGEMM_BN
#define HGEMM_BN 256
#endif

constexpr int BM = 128, BN = HGEMM_BN, BK = 32, STAGES = HGEMM_STAGES;
constexpr int WM = 64, WN = 64; // one warp's tile of C
constexpr int WARPS_M = BM / WM, WARPS_N = BN / WN;
constexpr int THREADS = 32 * WARPS_M * WARPS_N;
constexpr int MT = WM / 16, NT = WN / 8, KSTEPS = BK / 16; // mma tiles
// One stage: A's tile (BM rows of BK halves = 64 bytes), then B's (BK rows
// of BN halves = 512 bytes).
constexpr int A_TILE_BYTES = BM * BK * 2, B_TILE_BYTES = BK * BN * 2;
constexpr int STAGE_BYTES = A_TILE_BYTES + B_TILE_BYTES;
constexpr int SMEM_BYTES = STAGES * STAGE_BYTES;
// Consecutive blocks cover GROUP_M tile rows before moving right, so the
// blocks running at one time share rows of A and columns of B in L2.
constexpr int GROUP_M = 8;

// 16-byte chunks: A's rows have 4, B's BN / 8.
constexpr int A_CHUNKS_PER_ROW = BK / 8, B_CHUNKS_PER_ROW = BN / 8;
constexpr int A_PASSES = BM * A_CHUNKS_PER_ROW / THREADS;
constexpr int B_PASSES = BK * B_CHUNKS_PER_ROW / THREADS;
static_assert(A_PASSES * THREADS == BM * A_CHUNKS_PER_ROW, "A tile split");
static_assert(B_PASSES * THREADS == BK * B_CHUNKS_PER_ROW, "B tile split");
static_assert(THREADS / A_CHUNKS_PER_ROW % 8 == 0 && THREADS / B_CHUNKS_PER_ROW % 8 == 0,
              "each pass must start at a row that is a multiple of 8, so "
              "that a thread's swizzle is the same in every pass");

// Swizzles, in 16-byte chunks (the unit of cp.async and of an ldmatrix
// row). ldmatrix reads 8 rows of one logical chunk at a time; those 8
// 16-byte reads must fall in 8 different 16-byte bank groups of the 128-byte
// bank line, or they serialise.
// A: a row is 64 bytes, so rows r and r+2 share banks. Rows 2q and 2q+1
// fill one 128-byte line; XOR the chunk (0..3) with q % 4: rows 0..7 then
// use bank groups (r % 2) * 4 + (c ^ (r / 2 % 4)), all 8 different.
__host__ __device__ constexpr int a_swizzle(int row, int chunk) {
  return chunk ^ ((row >> 1) & 3);
}
// B: a row is 512 bytes (4 whole lines), so every row starts at bank 0.
// XOR the chunk's low 3 bits (its place in its 128-byte line) with row % 8.
__host__ __device__ constexpr int b_swizzle(int row, int chunk) {
  return chunk ^ (row & 7);
}

__device__ __forceinline__ uint32_t shared_address(const void *p) {
  return uint32_t(__cvta_generic_to_shared(p));
}

// 16 bytes global -> shared, not through L1 (.cg).
__device__ __forceinline__ void cp_async_16(uint32_t dst, const void *src) {
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(dst),
               "l"(src));
}
__device__ __forceinline__ void cp_async_commit() {
  asm volatile("cp.async.commit_group;\n" ::);
}
// Wait until at most N of this thread's committed groups are pending.
template <int N> __device__ __forceinline__ void cp_async_wait() {
  asm volatile("cp.async.wait_group %0;\n" ::"n"(N));
}

// Four 8x8 b16 matrices; lane l gives the address of row l % 8 of matrix
// l / 8 and receives, of each matrix i, r[i] = elements (l / 4, 2 * (l % 4)
// + {0, 1}) (.trans: (2 * (l % 4) + {0, 1}, l / 4)).
__device__ __forceinline__ void ldmatrix_x4(uint32_t (&r)[4], uint32_t addr) {
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];\n"
               : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
               : "r"(addr));
}
__device__ __forceinline__ void ldmatrix_x4_trans(uint32_t (&r)[4],
                                                  uint32_t addr) {
  asm volatile(
      "ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0, %1, %2, %3}, [%4];\n"
      : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
      : "r"(addr));
}

// d += a * b for one 16x8x16 tile; a: 4 registers of 2 elements, b: 2.
template <class T>
__device__ __forceinline__ void mma_16816(float (&d)[4], const uint32_t (&a)[4],
                                          const uint32_t (&b)[2]) {
  if constexpr (std::is_same_v<T, __half>) {
    asm("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
        "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};\n"
        : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
  } else {
    static_assert(std::is_same_v<T, __nv_bfloat16>, "__half or __nv_bfloat16");
    asm("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 "
        "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};\n"
        : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
  }
}

template <class T>
__global__ void __launch_bounds__(THREADS, 1)
    hgemm_kernel(int M, int N, int K, const T *__restrict__ A,
                 const T *__restrict__ B, float *__restrict__ C) {
  extern __shared__ __align__(128) unsigned char smem[];
  const uint32_t smem_base = shared_address(smem);
  const int tid = threadIdx.x, lane = tid % 32, warp = tid / 32;
  const int warp_m = warp / WARPS_N, warp_n = warp % WARPS_N;

  // The block's tile: grouped order (GROUP_M rows of tiles, column by
  // column), so that neighbouring block indices reuse A and B.
  const int tiles_n = N / BN, tiles_m = M / BM;
  const int per_group = GROUP_M * tiles_n;
  const int first_m = int(blockIdx.x) / per_group * GROUP_M;
  const int group_rows = min(tiles_m - first_m, GROUP_M);
  const int in_group = int(blockIdx.x) % per_group;
  const int tile_m = first_m + in_group % group_rows;
  const int tile_n = in_group / group_rows;

  // Global -> shared: pass p copies A's row tid / 4 + p * (THREADS / 4),
  // chunk tid % 4, and B's row tid / (BN / 8) + p * (THREADS / (BN / 8)),
  // chunk tid % (BN / 8). The swizzle depends on the row only modulo 8,
  // which no pass changes.
  const int a_row = tid / A_CHUNKS_PER_ROW, a_chunk = tid % A_CHUNKS_PER_ROW;
  const int b_row = tid / B_CHUNKS_PER_ROW, b_chunk = tid % B_CHUNKS_PER_ROW;
  const T *a_src = A + size_t(tile_m * BM + a_row) * K + a_chunk * 8;
  const T *b_src = B + size_t(b_row) * N + tile_n * BN + b_chunk * 8;
  const uint32_t a_dst = a_row * (BK * 2) + a_swizzle(a_row, a_chunk) * 16;
  const uint32_t b_dst =
      A_TILE_BYTES + b_row * (BN * 2) + b_swizzle(b_row, b_chunk) * 16;
  constexpr int A_PASS_ROWS = THREADS / A_CHUNKS_PER_ROW;
  constexpr int B_PASS_ROWS = THREADS / B_CHUNKS_PER_ROW;
  // Issues the copies of the next k tile into `stage` and moves on.
  auto load_tile = [&](int stage) {
    const uint32_t base = smem_base + stage * STAGE_BYTES;
#pragma unroll
    for (int p = 0; p < A_PASSES; ++p)
      cp_async_16(base + a_dst + p * A_PASS_ROWS * (BK * 2),
                  a_src + size_t(p) * A_PASS_ROWS * K);
#pragma unroll
    for (int p = 0; p < B_PASSES; ++p)
      cp_async_16(base + b_dst + p * B_PASS_ROWS * (BN * 2),
                  b_src + size_t(p) * B_PASS_ROWS * N);
    a_src += BK;
    b_src += size_t(BK) * N;
  };

  // Shared -> registers. A (ldmatrix.x4 per m16 tile): lane l addresses
  // row l % 16 of the tile at k chunk l / 16, so the four matrices are
  // (rows 0-7, k 0-7), (8-15, 0-7), (0-7, 8-15), (8-15, 8-15): exactly
  // mma's a0..a3. Rows of a warp start at multiples of 16, so the swizzle
  // of row l % 16 is the lane's own; the k16 step kk adds 2 to the chunk,
  // which is XOR 2 since the chunk is 0 or 1 before it: offset ^ (kk * 32).
  const int a_frag_row = warp_m * WM + lane % 16;
  const uint32_t a_frag =
      a_frag_row * (BK * 2) + a_swizzle(a_frag_row, lane / 16) * 16;
  // B (ldmatrix.x4.trans per pair of n8 tiles): lane l addresses k row
  // l % 16 at n chunk l / 16 of the pair, so the matrices are (k 0-7, n
  // 0-7), (k 8-15, n 0-7), (k 0-7, n 8-15), (k 8-15, n 8-15), transposed:
  // b0b1 and b2b3 of the first n8 tile, then of the second. The pair j
  // adds 2 j to the chunk, below the swizzled bits' top: offset ^ (j * 32);
  // the k16 step adds 16 rows, which leave row % 8 alone.
  const int b_frag_row = lane % 16;
  const uint32_t b_frag =
      A_TILE_BYTES + b_frag_row * (BN * 2) +
      b_swizzle(b_frag_row, warp_n * (WN / 8) + lane / 16) * 16;

  uint32_t a_regs[2][MT][4], b_regs[2][NT][2]; // double-buffered by k16 step
  auto load_fragments = [&](int buf, int stage, int kk) {
    const uint32_t base = smem_base + stage * STAGE_BYTES;
#pragma unroll
    for (int i = 0; i < MT; ++i)
      ldmatrix_x4(a_regs[buf][i],
                  base + (a_frag ^ (kk * 32)) + i * 16 * (BK * 2));
#pragma unroll
    for (int j = 0; j < NT / 2; ++j) {
      uint32_t r[4];
      ldmatrix_x4_trans(r, base + (b_frag ^ (j * 32)) + kk * 16 * (BN * 2));
      b_regs[buf][2 * j][0] = r[0];
      b_regs[buf][2 * j][1] = r[1];
      b_regs[buf][2 * j + 1][0] = r[2];
      b_regs[buf][2 * j + 1][1] = r[3];
    }
  };

  float acc[MT][NT][4] = {};
  const int k_tiles = K / BK;

  // The stage ring: k tile t lives in stage t % STAGES. One commit group
  // per k tile (empty past the end, so that the counting stays uniform);
  // before reading tile t, wait until at most STAGES - 2 groups are
  // pending, i.e. tiles up to t have landed.
#pragma unroll
  for (int s = 0; s < STAGES - 1; ++s) {
    if (s < k_tiles)
      load_tile(s);
    cp_async_commit();
  }
  cp_async_wait<STAGES - 2>();
  __syncthreads();
  load_fragments(0, 0, 0);

  int read_stage = 0, write_stage = STAGES - 1;
  for (int t = 0; t < k_tiles; ++t) {
#pragma unroll
    for (int kk = 0; kk < KSTEPS; ++kk) {
      if (kk == KSTEPS - 1) {
        // The next k16 step is in tile t + 1: wait for its copies, and
        // for every warp to be past tile t - 1's stage, which the copies
        // issued next (at kk == 0 of tile t + 1) overwrite.
        cp_async_wait<STAGES - 2>();
        __syncthreads();
        read_stage = read_stage + 1 == STAGES ? 0 : read_stage + 1;
      }
      load_fragments((kk + 1) % 2, read_stage, (kk + 1) % KSTEPS);
      if (kk == 0) {
        // Refill the stage that tile t - 1 used (every warp passed the
        // barrier after reading it) with tile t + STAGES - 1.
        if (t + STAGES - 1 < k_tiles)
          load_tile(write_stage);
        cp_async_commit();
        write_stage = write_stage + 1 == STAGES ? 0 : write_stage + 1;
      }
#pragma unroll
      for (int i = 0; i < MT; ++i)
#pragma unroll
        for (int j = 0; j < NT; ++j)
          mma_16816<T>(acc[i][j], a_regs[kk % 2][i], b_regs[kk % 2][j]);
    }
  }

  // Accumulator layout of an m16n8 tile: lane l holds (l / 4, 2 (l % 4) +
  // {0, 1}) in d0 d1 and the same 8 rows lower in d2 d3. Each store of a
  // warp covers 8 rows x 32 bytes: whole sectors.
  float *c = C + size_t(tile_m * BM + warp_m * WM + lane / 4) * N +
             tile_n * BN + warp_n * WN + (lane % 4) * 2;
#pragma unroll
  for (int i = 0; i < MT; ++i)
#pragma unroll
    for (int j = 0; j < NT; ++j) {
      *reinterpret_cast<float2 *>(c + size_t(i * 16) * N + j * 8) =
          make_float2(acc[i][j][0], acc[i][j][1]);
      *reinterpret_cast<float2 *>(c + size_t(i * 16 + 8) * N + j * 8) =
          make_float2(acc[i][j][2], acc[i][j][3]);
    }
}

// Raises the kernel's dynamic shared memory limit above 48 KiB; call once.
template <class T> cudaError_t setup() {
  return cudaFuncSetAttribute(hgemm_kernel<T>,
                              cudaFuncAttributeMaxDynamicSharedMemorySize,
                              SMEM_BYTES);
}

// One block per tile of C, in a 1-D grid (the kernel orders the tiles).
template <class T>
void launch(int M, int N, int K, const T *A, const T *B, float *C,
            cudaStream_t stream = 0) {
  hgemm_kernel<T><<<(M / BM) * (N / BN), THREADS, SMEM_BYTES, stream>>>(
      M, N, K, A, B, C);
}

} // namespace hgemm

#endif // BENCH_HGEMM_NVCC_HGEMM_KERNEL_CUH
