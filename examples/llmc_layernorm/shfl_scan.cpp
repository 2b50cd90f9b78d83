// Prefix sums (scans) with warp shuffles: a port to Alloy of NVIDIA's CUDA
// sample shfl_scan (https://github.com/NVIDIA/cuda-samples,
// Samples/2_Concepts_and_Techniques/shfl_scan/shfl_scan.cu and
// shfl_integral_image.cuh; Copyright (c) 2022, NVIDIA CORPORATION, BSD
// 3-Clause License, reproduced in README.md in this folder).
//
// The kernels keep the sample's names, structure and comments; every place
// that differs from the CUDA source says why in a comment starting with
// "Alloy:". Beside the faithful (hand-written shuffle) kernels there are
// versions written with Alloy's collectives, checked the same way:
//
//   scan 1   shfl_scan_test + uniform_add, hand-written __shfl_up_sync loops,
//            `extern __shared__ int sums[]`, `__shared__ int buf` (a scalar)
//   scan 2   the same with both warp scans as gpu::warp::inclusive_scan
//   scan 3   the same with the whole block scan as gpu::block::inclusive_scan
//   image 1  shfl_intimage_rows, hand-written (tile.shfl_up, __shared__ sums[128])
//   image 2  shfl_intimage_rows with gpu::block::exclusive_scan, and streaming
//            (__ldcs / __stcs) 128-bit loads and stores
//   image 3  shfl_vertical_shfl, the column pass (segmented shuffle scan in
//            8-lane groups, __shared__ sums[32][9]), after image 1's row pass
//
// Build:  build/bin/alloy++ -O2 --gpu-arch=sm_90 examples/llmc_layernorm/shfl_scan.cpp -o shfl_scan
// Run:    ./shfl_scan        (exit 0 PASSED, 1 FAILED, 2 no GPU)
#include <gpu/gpu.hpp>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

// CUDA's vector types, as far as the sample uses them.
struct alignas(16) uint4 {
  unsigned int x, y, z, w;
};
struct uchar4 {
  unsigned char x, y, z, w;
};
inline uchar4 make_uchar4(unsigned char x, unsigned char y, unsigned char z,
                          unsigned char w) {
  return {x, y, z, w};
}

constexpr int warpSize = 32;

namespace kernels {

// Alloy: a warp of the block may be partial (shfl_intimage_rows runs 120
// threads: 3 full warps and one of 24 lanes). CUDA code passes 0xffffffff
// (cooperative groups compute the tile's mask); here the mask names exactly
// the lanes that exist, which is what the shuffles require.
inline unsigned int warp_lanes_mask() {
  unsigned int block = gpu::block_dim().x * gpu::block_dim().y * gpu::block_dim().z;
  unsigned int rank = gpu::thread_idx().x +
                      gpu::block_dim().x * (gpu::thread_idx().y +
                                            gpu::block_dim().y * gpu::thread_idx().z);
  unsigned int lanes = std::min(32u, block - rank / 32 * 32);
  return lanes == 32 ? 0xffffffffu : (1u << lanes) - 1u;
}

// ----------------------------------------------------------------------------
// shfl_scan.cu

// Scan using shfl - takes log2(n) steps
// This function demonstrates basic use of the shuffle intrinsic, __shfl_up,
// to perform a scan operation across a block.
// First, it performs a scan (prefix sum in this case) inside a warp
// Then to continue the scan operation across the block,
// each warp's sum is placed into shared memory.  A single warp
// then performs a shuffle scan on that shared memory.  The results
// are then uniformly added to each warp's threads.
// This pyramid type approach is continued by placing each block's
// final sum in global memory and prefix summing that via another kernel call,
// then uniformly adding across the input data via the uniform_add<<<>>> kernel.
[[gpu::kernel]]
void shfl_scan_test(int *data, int width, int *partial_sums = nullptr) {
  const gpu::dim3 threadIdx = gpu::thread_idx(), blockIdx = gpu::block_idx(),
                  blockDim = gpu::block_dim();
  // Alloy: `extern __shared__ int sums[];` (sized by the launch's shared bytes)
  int *sums = gpu::dynamic_shared<int>().data();
  int id = ((blockIdx.x * blockDim.x) + threadIdx.x);
  int lane_id = id % warpSize;
  // determine a warp_id within a block
  int warp_id = threadIdx.x / warpSize;

  // Below is the basic structure of using a shfl instruction
  // for a scan.
  // Record "value" as a variable - we accumulate it along the way
  int value = data[id];

  // Now accumulate in log steps up the chain
  // compute sums, with another thread's value who is
  // distance delta away (i).  Note
  // those threads where the thread 'i' away would have
  // been out of bounds of the warp are unaffected.  This
  // creates the scan sum.

  // Alloy: gpu::warp::shfl_up has no `width` argument (it is always 32,
  // the only width this kernel is launched with). The sample's
  // `#pragma unroll` is left out: the trip count depends on the run-time
  // `width`, so the loop cannot be unrolled; nvcc ignores the pragma
  // silently, Alloy warns "loop not unrolled" (with no source location).
  for (int i = 1; i <= width; i *= 2) {
    unsigned int mask = 0xffffffff;
    int n = gpu::warp::shfl_up(value, i, mask); // __shfl_up_sync(mask, value, i, width)

    if (lane_id >= i) value += n;
  }

  // value now holds the scan value for the individual thread
  // next sum the largest values for each warp

  // write the sum of the warp to smem
  if (threadIdx.x % warpSize == warpSize - 1) {
    sums[warp_id] = value;
  }

  gpu::sync_threads();

  //
  // scan sum the warp sums
  // the same shfl scan operation, but performed on warp sums
  //
  if (warp_id == 0 && lane_id < (blockDim.x / warpSize)) {
    int warp_sum = sums[lane_id];

    // Alloy: the sample's `(1 << (blockDim.x / warpSize)) - 1` shifts by 32
    // (undefined) for 1024-thread blocks, which this port also runs.
    unsigned int nwarps = blockDim.x / warpSize;
    unsigned int mask = nwarps >= 32 ? 0xffffffffu : (1u << nwarps) - 1u;
    // Alloy: the sample's width (blockDim.x / warpSize) only matters for
    // lanes at or above it, which do not take part here.
    for (int i = 1; i <= (blockDim.x / warpSize); i *= 2) {
      int n = gpu::warp::shfl_up(warp_sum, i, mask);

      if (lane_id >= i) warp_sum += n;
    }

    sums[lane_id] = warp_sum;
  }

  gpu::sync_threads();

  // perform a uniform add across warps in the block
  // read neighbouring warp's sum and add it to threads value
  int blockSum = 0;

  if (warp_id > 0) {
    blockSum = sums[warp_id - 1];
  }

  value += blockSum;

  // Now write out our result
  data[id] = value;

  // last thread has sum, write write out the block's sum
  if (partial_sums != nullptr && threadIdx.x == blockDim.x - 1) {
    partial_sums[blockIdx.x] = value;
  }
}

// Scan 2: shfl_scan_test with its two shuffle loops as gpu::warp::inclusive_scan.
[[gpu::kernel]]
void shfl_scan_warp_scan(int *data, int width, int *partial_sums) {
  const gpu::dim3 threadIdx = gpu::thread_idx(), blockIdx = gpu::block_idx(),
                  blockDim = gpu::block_dim();
  int *sums = gpu::dynamic_shared<int>().data();
  int id = ((blockIdx.x * blockDim.x) + threadIdx.x);
  int lane_id = id % warpSize;
  int warp_id = threadIdx.x / warpSize;
  int nwarps = blockDim.x / warpSize;

  int value = gpu::warp::inclusive_scan(data[id], gpu::plus{});

  if (threadIdx.x % warpSize == warpSize - 1) {
    sums[warp_id] = value;
  }
  gpu::sync_threads();

  // the whole of warp 0 scans the warp sums, lanes past the last warp adding 0
  if (warp_id == 0) {
    int warp_sum = gpu::warp::inclusive_scan(lane_id < nwarps ? sums[lane_id] : 0,
                                             gpu::plus{});
    if (lane_id < nwarps) sums[lane_id] = warp_sum;
  }
  gpu::sync_threads();

  int blockSum = 0;
  if (warp_id > 0) {
    blockSum = sums[warp_id - 1];
  }
  value += blockSum;
  data[id] = value;

  if (partial_sums != nullptr && threadIdx.x == blockDim.x - 1) {
    partial_sums[blockIdx.x] = value;
  }
  (void)width;
}

// Scan 3: the whole block scan is gpu::block::inclusive_scan (its shared
// memory is managed inside; no dynamic shared memory is needed).
[[gpu::kernel]]
void shfl_scan_block_scan(int *data, int width, int *partial_sums) {
  const gpu::dim3 threadIdx = gpu::thread_idx(), blockIdx = gpu::block_idx(),
                  blockDim = gpu::block_dim();
  int id = ((blockIdx.x * blockDim.x) + threadIdx.x);
  int value = gpu::block::inclusive_scan(data[id], gpu::plus{});
  data[id] = value;
  if (partial_sums != nullptr && threadIdx.x == blockDim.x - 1) {
    partial_sums[blockIdx.x] = value;
  }
  (void)width;
}

// Uniform add: add partial sums array
// Alloy: the sample launches this on `d_data + blockSize`; a launch takes
// whole gpu::device_buffer objects, so the kernel gets the offset (in
// elements) and applies it itself. The sample's guard `if (id > len)` also
// compared against the length of the whole array; here `len` is the length
// that remains after the offset, and the test is `>=`.
[[gpu::kernel]]
void uniform_add(int *data, const int *partial_sums, int len, int offset) {
  [[gpu::shared]] int buf;
  data += offset;
  int id = ((gpu::block_idx().x * gpu::block_dim().x) + gpu::thread_idx().x);

  if (id >= len) return;

  if (gpu::thread_idx().x == 0) {
    buf = partial_sums[gpu::block_idx().x];
  }

  gpu::sync_threads();
  data[id] += buf;
}

// ----------------------------------------------------------------------------
// shfl_integral_image.cuh

// Utility function to extract unsigned chars from an
// unsigned integer
inline uchar4 uint_to_uchar4(const unsigned int in) {
  return make_uchar4((in & 0x000000ff) >> 0, (in & 0x0000ff00) >> 8,
                     (in & 0x00ff0000) >> 16, (in & 0xff000000) >> 24);
}

// Utility for dealing with vector data at different levels.
struct packed_result {
  uint4 x, y, z, w;
};

// Alloy: stands for the sample's `cg::tiled_partition<32>(cta)`: the tile's
// rank queries, and shuffles over the lanes that exist.
struct tile32 {
  unsigned int thread_rank() const { return gpu::warp::lane_id(); }
  unsigned int meta_group_rank() const { return gpu::thread_idx().x / 32; }
  unsigned int size() const { return 32; }
  unsigned int mask = warp_lanes_mask();
  template <class T> T shfl_up(T v, unsigned int delta) const {
    return gpu::warp::shfl_up(v, delta, mask);
  }
  template <class T> T shfl_xor(T v, unsigned int lane_mask) const {
    return gpu::warp::shfl_xor(v, lane_mask, mask);
  }
};

// The 16 running sums of one thread's 16 bytes (the first half of the
// sample's get_prefix_sum, shared by both versions).
inline void local_prefix_sum(const uint4 &data, unsigned int (&result)[16]) {
  {
    const uchar4 a = uint_to_uchar4(data.x);
    const uchar4 b = uint_to_uchar4(data.y);
    const uchar4 c = uint_to_uchar4(data.z);
    const uchar4 d = uint_to_uchar4(data.w);

    result[0] = a.x;
    result[1] = a.x + a.y;
    result[2] = a.x + a.y + a.z;
    result[3] = a.x + a.y + a.z + a.w;

    result[4] = b.x;
    result[5] = b.x + b.y;
    result[6] = b.x + b.y + b.z;
    result[7] = b.x + b.y + b.z + b.w;

    result[8] = c.x;
    result[9] = c.x + c.y;
    result[10] = c.x + c.y + c.z;
    result[11] = c.x + c.y + c.z + c.w;

    result[12] = d.x;
    result[13] = d.x + d.y;
    result[14] = d.x + d.y + d.z;
    result[15] = d.x + d.y + d.z + d.w;
  }

#pragma unroll
  for (unsigned int i = 4; i <= 7; i++) result[i] += result[3];

#pragma unroll
  for (unsigned int i = 8; i <= 11; i++) result[i] += result[7];

#pragma unroll
  for (unsigned int i = 12; i <= 15; i++) result[i] += result[11];
}

inline packed_result get_prefix_sum(const uint4 &data) {
  const tile32 tile; // cg::tiled_partition<32>(cta)

  [[gpu::shared]] unsigned int sums[128];
  const unsigned int lane_id = tile.thread_rank();
  const unsigned int warp_id = tile.meta_group_rank();

  unsigned int result[16] = {};
  local_prefix_sum(data, result);

  unsigned int sum = result[15];

  // the prefix sum for each thread's 16 value is computed,
  // now the final sums (result[15]) need to be shared
  // with the other threads and add.  To do this,
  // the __shfl_up() instruction is used and a shuffle scan
  // operation is performed to distribute the sums to the correct
  // threads

#pragma unroll
  for (unsigned int i = 1; i < 32; i *= 2) {
    const unsigned int n = tile.shfl_up(sum, i);

    if (lane_id >= i) {
#pragma unroll
      for (unsigned int j = 0; j < 16; j++) {
        result[j] += n;
      }

      sum += n;
    }
  }

  // Now the final sum for the warp must be shared
  // between warps.  This is done by each warp
  // having a thread store to shared memory, then
  // having some other warp load the values and
  // compute a prefix sum, again by using __shfl_up.
  // The results are uniformly added back to the warps.
  // last thread in the warp holding sum of the warp
  // places that in shared
  if (tile.thread_rank() == (tile.size() - 1)) {
    sums[warp_id] = result[15];
  }

  gpu::sync_threads();

  if (warp_id == 0) {
    unsigned int warp_sum = sums[lane_id];

#pragma unroll
    for (unsigned int i = 1; i <= 16; i *= 2) {
      const unsigned int n = tile.shfl_up(warp_sum, i);

      if (lane_id >= i) warp_sum += n;
    }

    sums[lane_id] = warp_sum;
  }

  gpu::sync_threads();

  // fold in unused warp
  if (warp_id > 0) {
    const unsigned int blockSum = sums[warp_id - 1];

#pragma unroll
    for (unsigned int i = 0; i < 16; i++) {
      result[i] += blockSum;
    }
  }

  packed_result out;
  memcpy(&out, result, sizeof(out));
  return out;
}

// Image 2: the cross-thread part of get_prefix_sum (the warp shuffle scan,
// the warp sums in shared memory and their scan by warp 0) is one
// gpu::block::exclusive_scan of the threads' totals.
inline packed_result get_prefix_sum_block_scan(const uint4 &data) {
  unsigned int result[16] = {};
  local_prefix_sum(data, result);

  const unsigned int before = gpu::block::exclusive_scan(result[15], gpu::plus{}, 0u);
#pragma unroll
  for (unsigned int i = 0; i < 16; i++) {
    result[i] += before;
  }

  packed_result out;
  memcpy(&out, result, sizeof(out));
  return out;
}

// The sample's write-out of shfl_intimage_rows, shared by both versions;
// `store` writes one uint4.
template <bool kSampleIdxToElem, class Store>
inline void write_rows(packed_result &result, const tile32 &tile, Store store) {
  const unsigned int id = gpu::thread_idx().x;

  // This access helper allows packed_result to stay optimized as registers
  // rather than spill to stack
  auto idxToElem = [&result](unsigned int idx) -> const uint4 {
    if constexpr (kSampleIdxToElem) {
      switch (idx) {
        case 0:
          return result.x;
        case 1:
          return result.y;
        case 2:
          return result.z;
        case 3:
          return result.w;
      }
      return {};
    } else {
      // Alloy: with the sample's switch, packed_result stays in local memory
      // (a 64-byte stack frame; see README.md): the struct is returned
      // through a pointer, and the optimizer merges the four copies into
      // one copy from a pointer chosen at run time, which it cannot keep in
      // registers. Choosing values instead of members keeps it in
      // registers. Image 1 keeps the sample's switch.
      auto pick = [idx](unsigned int a, unsigned int b, unsigned int c, unsigned int d) {
        return idx == 0 ? a : idx == 1 ? b : idx == 2 ? c : d;
      };
      return {pick(result.x.x, result.y.x, result.z.x, result.w.x),
              pick(result.x.y, result.y.y, result.z.y, result.w.y),
              pick(result.x.z, result.y.z, result.z.z, result.w.z),
              pick(result.x.w, result.y.w, result.z.w, result.w.w)};
    }
  };

  // assemble result
  // Each thread has 16 values to write, which are
  // now integer data (to avoid overflow).  Instead of
  // each thread writing consecutive uint4s, the
  // approach shown here experiments using
  // the shuffle command to reformat the data
  // inside the registers so that each thread holds
  // consecutive data to be written so larger contiguous
  // segments can be assembled for writing.
  /*
    For example data that needs to be written as

    GMEM[16] <- x0 x1 x2 x3 y0 y1 y2 y3 z0 z1 z2 z3 w0 w1 w2 w3
    but is stored in registers (r0..r3), in four threads (0..3) as:

    threadId   0  1  2  3
      r0      x0 y0 z0 w0
      r1      x1 y1 z1 w1
      r2      x2 y2 z2 w2
      r3      x3 y3 z3 w3

      after apply __shfl_xor operations to move data between registers r1..r3:

    threadId  00 01 10 11
              x0 y0 z0 w0
     xor(01)->y1 x1 w1 z1
     xor(10)->z2 w2 x2 y2
     xor(11)->w3 z3 y3 x3

     and now x0..x3, and z0..z3 can be written out in order by all threads.

     In the current code, each register above is actually representing
     four integers to be written as uint4's to GMEM.
  */

  const unsigned int idMask = id & 3;
  const unsigned int idSwizzle = (id + 2) & 3;
  const unsigned int idShift = (id >> 2) << 4;
  const unsigned int blockOffset = gpu::block_idx().x * 480;

  // Use CG tile to warp shuffle vector types
  // Alloy: gpu::warp::shfl_xor moves any trivially copyable type (uint4 as
  // four 32-bit shuffles), as the CG tile does.
  result.y = tile.shfl_xor(result.y, 1);
  result.z = tile.shfl_xor(result.z, 2);
  result.w = tile.shfl_xor(result.w, 3);

  // First batch
  store(blockOffset + idMask + idShift, idxToElem(idMask));
  // Second batch offset by 2
  store(blockOffset + idSwizzle + idShift + 8, idxToElem(idSwizzle));

  // continuing from the above example,
  // this use of __shfl_xor() places the y0..y3 and w0..w3 data
  // in order.
  result.x = tile.shfl_xor(result.x, 1);
  result.y = tile.shfl_xor(result.y, 1);
  result.z = tile.shfl_xor(result.z, 1);
  result.w = tile.shfl_xor(result.w, 1);

  // First batch
  store(blockOffset + idMask + idShift + 4, idxToElem(idMask));
  // Second batch offset by 2
  store(blockOffset + idSwizzle + idShift + 12, idxToElem(idSwizzle));
}

// This function demonstrates some uses of the shuffle instruction
// in the generation of an integral image (also
// called a summed area table)
// The approach is two pass, a horizontal (scanline) then a vertical
// (column) pass.
// This is the horizontal pass kernel.
[[gpu::kernel, gpu::launch_contract(1, 120)]]
void shfl_intimage_rows(const uint4 *img, uint4 *integral_image) {
  const tile32 tile;

  const unsigned int id = gpu::thread_idx().x;
  // pointer to head of current scanline
  const uint4 *scanline = &img[gpu::block_idx().x * 120];
  packed_result result = get_prefix_sum(scanline[id]);

  write_rows<true>(result, tile, [&](unsigned int at, const uint4 &v) {
    integral_image[at] = v;
  });
}

// Image 2: the same pass with gpu::block::exclusive_scan, and the image
// read and the row sums written with streaming hints (__ldcs / __stcs on
// 128-bit values): each is touched once.
[[gpu::kernel, gpu::launch_contract(1, 120)]]
void shfl_intimage_rows_block_scan(const uint4 *img, uint4 *integral_image) {
  const tile32 tile;

  const unsigned int id = gpu::thread_idx().x;
  const uint4 *scanline = &img[gpu::block_idx().x * 120];
  packed_result result = get_prefix_sum_block_scan(gpu::load_streaming(&scanline[id]));

  write_rows<false>(result, tile, [&](unsigned int at, const uint4 &v) {
    gpu::store_streaming(&integral_image[at], v);
  });
}

// This kernel computes columnwise prefix sums.  When the data input is
// the row sums from above, this completes the integral image.
// The approach here is to have each block compute a local set of sums.
// First , the data covered by the block is loaded into shared memory,
// then instead of performing a sum in shared memory using __syncthreads
// between stages, the data is reformatted so that the necessary sums
// occur inside warps and the shuffle scan operation is used.
// The final set of sums from the block is then propagated, with the block
// computing "down" the image and adding the running sum to the local
// block sums.
// Alloy: the image is the row pass's gpu::device_buffer<uint4>; the sample
// casts the pointer on the host ((unsigned int *)d_integral_image), a
// launch cannot, so the kernel takes the uint4 pointer and casts it.
[[gpu::kernel, gpu::launch_contract(2, 32, 8)]]
void shfl_vertical_shfl(uint4 *img4, int width, int height) {
  unsigned int *img = reinterpret_cast<unsigned int *>(img4);
  const gpu::dim3 threadIdx = gpu::thread_idx(), blockIdx = gpu::block_idx(),
                  blockDim = gpu::block_dim();
  [[gpu::shared]] unsigned int sums[32][9];
  int tidx = blockIdx.x * blockDim.x + threadIdx.x;
  // int warp_id = threadIdx.x / warpSize ;
  unsigned int lane_id = tidx % 8;
  // int rows_per_thread = (height / blockDim. y) ;
  // int start_row = rows_per_thread * threadIdx.y;
  unsigned int stepSum = 0;
  unsigned int mask = 0xffffffff;

  sums[threadIdx.x][threadIdx.y] = 0;
  gpu::sync_threads();

  for (int step = 0; step < 135; step++) {
    unsigned int sum = 0;
    unsigned int *p = img + (threadIdx.y + step * 8) * width + tidx;

    sum = *p;
    sums[threadIdx.x][threadIdx.y] = sum;
    gpu::sync_threads();

    // place into SMEM
    // shfl scan reduce the SMEM, reformating so the column
    // sums are computed in a warp
    // then read out properly
    int partial_sum = 0;
    int j = threadIdx.x % 8;
    int k = threadIdx.x / 8 + threadIdx.y * 4;

    partial_sum = sums[k][j];

    for (int i = 1; i <= 8; i *= 2) {
      int n = gpu::warp::shfl_up(partial_sum, i, mask); // __shfl_up_sync(mask, partial_sum, i, 32)

      if (lane_id >= i) partial_sum += n;
    }

    sums[k][j] = partial_sum;
    gpu::sync_threads();

    if (threadIdx.y > 0) {
      sum += sums[threadIdx.x][threadIdx.y - 1];
    }

    sum += stepSum;
    stepSum += sums[threadIdx.x][blockDim.y - 1];
    gpu::sync_threads();
    *p = sum;
  }
  (void)height;
}

} // namespace kernels

// ----------------------------------------------------------------------------
// host side

static unsigned int iDivUp(unsigned int dividend, unsigned int divisor) {
  return ((dividend % divisor) == 0) ? (dividend / divisor)
                                     : (dividend / divisor + 1);
}

// Alloy: the runtime has no CUDA events; times are std::chrono around the
// launches and a stream synchronize, so they include the launches' host work.
// `reset` (not timed) restores the inputs before each run.
template <class Reset, class Run>
double time_ms(gpu::stream &stream, Reset &&reset, Run &&run, int repeats) {
  double total = 0;
  for (int i = 0; i <= repeats; i++) { // run 0 is a warm-up
    reset();
    stream.synchronize().value();
    auto start = std::chrono::steady_clock::now();
    run().value();
    stream.synchronize().value();
    if (i > 0)
      total += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                   .count();
  }
  return total / repeats;
}

// Exact comparison of integer results; the first mismatch is kept.
struct check {
  size_t wrong = 0, first = 0;
  long long got = 0, want = 0, max_err = 0;
  void add(size_t i, long long g, long long w) {
    max_err = std::max(max_err, g > w ? g - w : w - g);
    if (g != w && wrong++ == 0) {
      first = i;
      got = g;
      want = w;
    }
  }
};

// ---- the simple scan (the sample's shuffle_simple_test) ----

enum class scan_kind { by_hand, warp_scan, block_scan };

// The sample's three launches. Alloy: the second pass, on the partial sums,
// has no partial sums of its own; the sample passes NULL, a launch needs a
// buffer (gpu::launch accepts no null pointer), so it gets a scratch buffer
// whose contents are never read.
gpu::result<void> scan(gpu::stream &s, scan_kind kind, gpu::device_buffer<int> &d_data,
                       gpu::device_buffer<int> &d_partial_sums,
                       gpu::device_buffer<int> &d_scratch, int n_elements, int blockSize) {
  int gridSize = n_elements / blockSize;
  int nWarps = blockSize / 32;
  int shmem_sz = nWarps * sizeof(int);
  int n_partialSums = n_elements / blockSize;
  int p_blockSize = std::min(n_partialSums, blockSize);
  int p_gridSize = iDivUp(n_partialSums, p_blockSize);

  gpu::launch_config_1d first{gridSize, blockSize, shmem_sz};
  gpu::launch_config_1d second{p_gridSize, p_blockSize, shmem_sz};
  gpu::result<void> r;
  switch (kind) {
  case scan_kind::by_hand:
    r = gpu::launch_unchecked<kernels::shfl_scan_test>(s, first, d_data, 32, d_partial_sums);
    if (r)
      r = gpu::launch_unchecked<kernels::shfl_scan_test>(s, second, d_partial_sums, 32, d_scratch);
    break;
  case scan_kind::warp_scan:
    r = gpu::launch_unchecked<kernels::shfl_scan_warp_scan>(s, first, d_data, 32, d_partial_sums);
    if (r)
      r = gpu::launch_unchecked<kernels::shfl_scan_warp_scan>(s, second, d_partial_sums, 32,
                                                               d_scratch);
    break;
  case scan_kind::block_scan:
    first.shared_bytes = second.shared_bytes = 0;
    r = gpu::launch_unchecked<kernels::shfl_scan_block_scan>(s, first, d_data, 32, d_partial_sums);
    if (r)
      r = gpu::launch_unchecked<kernels::shfl_scan_block_scan>(s, second, d_partial_sums, 32,
                                                                d_scratch);
    break;
  }
  if (!r)
    return r;
  // uniform_add<<<gridSize - 1, blockSize>>>(d_data + blockSize, d_partial_sums, n_elements);
  return gpu::launch_unchecked<kernels::uniform_add>(
      s, gpu::launch_config_1d{gridSize - 1, blockSize}, d_data, d_partial_sums,
      n_elements - blockSize, blockSize);
}

// One run of one scan version at one size: whether it matches, and a
// summary for the version's line.
struct run_result {
  bool ok;
  std::string text;
};
run_result shuffle_simple_test(gpu::stream &stream, scan_kind kind, int n_elements,
                               int blockSize) {
  char text[256];
  // initialize data: the sample uses all 1's; random values in [-100, 100]
  // catch more (an element added twice or dropped changes the sum).
  std::vector<int> h_data(n_elements);
  for (int &v : h_data)
    v = rand() % 201 - 100;
  // the CPU reference (the sample's CPUverify), an inclusive prefix sum
  std::vector<int> reference(h_data);
  for (int i = 0; i < n_elements - 1; i++)
    reference[i + 1] = reference[i] + reference[i + 1];

  int n_partialSums = n_elements / blockSize;
  auto d_data = gpu::device_buffer<int>::from_host(stream, h_data).value();
  // poisoned: a partial sum that is not written stays at this value
  const std::vector<int> poison(n_partialSums, -123456789);
  auto d_partial_sums = gpu::device_buffer<int>::from_host(stream, poison).value();
  auto d_scratch = gpu::device_buffer<int>::zeroed(stream, 1).value();

  auto launched = scan(stream, kind, d_data, d_partial_sums, d_scratch, n_elements, blockSize);
  auto synced = launched ? stream.synchronize() : gpu::result<void>{};
  if (!launched || !synced) {
    std::snprintf(text, sizeof text, "n=%d block %d: %s", n_elements, blockSize,
                  (!launched ? launched.error() : synced.error()).message().c_str());
    return {false, text};
  }
  auto h_result = d_data.to_host(stream).value();
  auto h_partial = d_partial_sums.to_host(stream).value();
  check c;
  for (int i = 0; i < n_elements; i++)
    c.add(i, h_result[i], reference[i]);
  // the partial sums: the scanned block totals
  for (int b = 0; b < n_partialSums; b++)
    c.add(n_elements + b, h_partial[b], reference[(b + 1) * blockSize - 1]);
  if (c.wrong) {
    std::snprintf(text, sizeof text,
                  "n=%d block %d: %zu of %d sums wrong (first at %zu: GPU %lld, CPU %lld)",
                  n_elements, blockSize, c.wrong, n_elements + n_partialSums, c.first, c.got,
                  c.want);
    return {false, text};
  }
  double ms = time_ms(
      stream, [&] { d_data.copy_from_host(stream, h_data).value(); },
      [&] { return scan(stream, kind, d_data, d_partial_sums, d_scratch, n_elements, blockSize); },
      20);
  std::snprintf(text, sizeof text, "n=%d block %d: 0 of %d sums wrong (max err 0), %.4f ms",
                n_elements, blockSize, n_elements + n_partialSums, ms);
  return {true, text};
}

// ---- the integral image (the sample's shuffle_integral_image_test) ----

int main() {
  srand(0);
  auto ctx = gpu::context::create(0);
  if (!ctx) {
    std::fprintf(stderr, "shfl_scan: no GPU: %s\n", ctx.error().message().c_str());
    return 2;
  }
  auto &stream = ctx->default_stream();
  std::printf("device: %s (sm_%d%d)\n", ctx->device().name().c_str(),
              ctx->device().compute_capability().major,
              ctx->device().compute_capability().minor);

  std::printf("times: std::chrono around the launches + stream synchronize, mean of 20 "
              "(Alloy's runtime has no events); the scans time their 3 launches\n");
  int versions = 0, failed_versions = 0;
  std::vector<std::string> failures;
  auto record = [&](const char *name, bool ok) {
    versions++;
    if (!ok) {
      failed_versions++;
      failures.push_back(name);
    }
  };

  // The sample's size (65536 elements, blocks of 256: 256 partial sums, one
  // block for the second pass) and a larger one with 1024-thread blocks (32
  // warps: a full warp of warp sums).
  struct scan_version {
    scan_kind kind;
    const char *name;
  };
  const scan_version scan_versions[] = {
      {scan_kind::by_hand, "scan 1 (shfl_scan_test, hand-written shuffles)"},
      {scan_kind::warp_scan, "scan 2 (gpu::warp::inclusive_scan)"},
      {scan_kind::block_scan, "scan 3 (gpu::block::inclusive_scan)"},
  };
  for (const scan_version &v : scan_versions) {
    run_result sample = shuffle_simple_test(stream, v.kind, 65536, 256);
    run_result large = shuffle_simple_test(stream, v.kind, 1024 * 1024, 1024);
    bool ok = sample.ok && large.ok;
    std::printf("%s %s: %s; %s\n", ok ? "OK    " : "FAILED", v.name, sample.text.c_str(),
                large.text.c_str());
    record(v.name, ok);
  }

  // Integral image of a 1920 x 1080 image of random bytes (the sample uses
  // all 1's): the row pass (one block of 120 threads per row, 16 pixels a
  // thread), then the column pass on its result.
  {
    const int w = 1920, h = 1080;
    const int n_elements = w * h;
    std::vector<unsigned char> pixels(n_elements);
    for (unsigned char &p : pixels)
      p = (unsigned char)(rand() & 0xff);
    // Alloy: the sample reinterprets a char buffer as uint4 on the host; a
    // device_buffer has one element type, so the bytes are packed here.
    std::vector<uint4> h_img(n_elements / 16);
    std::memcpy(h_img.data(), pixels.data(), pixels.size());

    // CPU reference: row sums, then the integral image
    std::vector<unsigned int> rows(n_elements), integral(n_elements);
    for (int y = 0; y < h; y++) {
      unsigned int run = 0;
      for (int x = 0; x < w; x++)
        rows[y * w + x] = run += pixels[y * w + x];
    }
    for (int x = 0; x < w; x++) {
      unsigned int run = 0;
      for (int y = 0; y < h; y++)
        integral[y * w + x] = run += rows[y * w + x];
    }

    auto d_data = gpu::device_buffer<uint4>::from_host(stream, h_img).value();
    auto d_integral_image = gpu::device_buffer<uint4>::uninitialized(stream, n_elements / 4).value();
    const std::vector<uint4> poison(n_elements / 4, uint4{0xdeadbeef, 0xdeadbeef, 0xdeadbeef, 0xdeadbeef});

    // each thread handles 16 values, use 1 block/row
    int blockSize = iDivUp(w, 16);
    // launch 1 block / row
    int gridSize = h;
    auto rows_by_hand = gpu::prepare<kernels::shfl_intimage_rows>(
        *ctx, gpu::launch_config_1d{gridSize, blockSize});
    auto rows_block_scan = gpu::prepare<kernels::shfl_intimage_rows_block_scan>(
        *ctx, gpu::launch_config_1d{gridSize, blockSize});
    // Execute column prefix sum kernel
    gpu::dim2 blockSz(32, 8);
    gpu::dim2 testGrid(w / blockSz.x, 1);
    auto vertical = gpu::prepare<kernels::shfl_vertical_shfl>(
        *ctx, gpu::launch_config_2d{testGrid, blockSz});

    auto compare = [&](const std::vector<unsigned int> &want, const char *name) {
      auto got4 = d_integral_image.to_host(stream).value();
      std::vector<unsigned int> got(n_elements);
      std::memcpy(got.data(), got4.data(), got.size() * sizeof(unsigned int));
      check c;
      for (int i = 0; i < n_elements; i++)
        c.add(i, got[i], want[i]);
      std::printf("%s %s: %d x %d: %zu of %d sums wrong", c.wrong ? "FAILED" : "OK    ", name, w,
                  h, c.wrong, n_elements);
      if (!c.wrong)
        std::printf(" (max err 0)");
      if (c.wrong)
        std::printf(" (first at row %zu col %zu: GPU %lld, CPU %lld)", c.first / w, c.first % w,
                    c.got, c.want);
      return c.wrong == 0;
    };

    auto run_rows = [&](bool block_scan) -> gpu::result<void> {
      if (block_scan) {
        if (!rows_block_scan)
          return std::unexpected(rows_block_scan.error());
        return gpu::launch(stream, *rows_block_scan, d_data, d_integral_image);
      }
      if (!rows_by_hand)
        return std::unexpected(rows_by_hand.error());
      return gpu::launch(stream, *rows_by_hand, d_data, d_integral_image);
    };
    auto run_vertical = [&]() -> gpu::result<void> {
      if (!vertical)
        return std::unexpected(vertical.error());
      return gpu::launch(stream, *vertical, d_integral_image, w, h);
    };

    const char *row_names[] = {"image 1 (shfl_intimage_rows, hand-written)",
                               "image 2 (shfl_intimage_rows, gpu::block::exclusive_scan)"};
    for (int block_scan = 0; block_scan < 2; block_scan++) {
      d_integral_image.copy_from_host(stream, poison).value();
      auto launched = run_rows(block_scan);
      auto synced = launched ? stream.synchronize() : gpu::result<void>{};
      bool ok;
      if (!launched || !synced) {
        std::printf("FAILED %s: %s", row_names[block_scan],
                    (!launched ? launched.error() : synced.error()).message().c_str());
        ok = false;
      } else {
        ok = compare(rows, row_names[block_scan]);
        if (ok)
          std::printf(", %.4f ms",
                      time_ms(stream, [] {}, [&] { return run_rows(block_scan); }, 20));
      }
      std::printf("\n");
      record(row_names[block_scan], ok);
    }

    // the column pass, on the row pass's result
    const char *vname = "image 3 (shfl_vertical_shfl, after image 1)";
    bool ok = false;
    d_integral_image.copy_from_host(stream, poison).value();
    auto launched = run_rows(false);
    if (launched)
      launched = run_vertical();
    auto synced = launched ? stream.synchronize() : gpu::result<void>{};
    if (!launched || !synced) {
      std::printf("FAILED %s: %s", vname,
                  (!launched ? launched.error() : synced.error()).message().c_str());
    } else {
      ok = compare(integral, vname);
      if (ok)
        std::printf(", %.4f ms (rows + columns)",
                    time_ms(stream, [] {}, [&]() -> gpu::result<void> {
                      if (auto r = run_rows(false); !r)
                        return r;
                      return run_vertical();
                    }, 20));
    }
    std::printf("\n");
    record(vname, ok);
  }

  if (failed_versions) {
    std::string list;
    for (auto &f : failures)
      list += "\n  " + f;
    std::printf("FAILED: %d of %d kernel versions do not match the CPU reference:%s\n",
                failed_versions, versions, list.c_str());
    return 1;
  }
  std::printf("PASSED: all %d kernel versions match the CPU reference\n", versions);
  return 0;
}
