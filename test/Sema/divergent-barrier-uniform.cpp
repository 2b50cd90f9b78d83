// Correct barriers that the divergent-barrier analysis must leave alone:
// uniform conditions and trip counts, thread-dependent early exits before a
// barrier, thread-dependent branches that do not contain one.
// RUN: %alloy_cc1 -fsyntax-only -Xclang -verify %s
// expected-no-diagnostics
#include <gpu/cuda_compat.hpp>
#include <gpu/gpu.hpp>
#include <cstdint>
#include <span>

constexpr uint32_t kBlock = 256;
constexpr uint32_t kTile = 16;

// 1. The classic shared-memory tree reduction: the loop runs the same number
// of times in every thread; only the add is thread-dependent.
[[gpu::kernel]] void tree_reduction(std::span<const float> in, float *partial) {
  gpu::shared_array<float, kBlock> s;
  uint32_t t = gpu::thread_idx().x;
  size_t i = gpu::thread::index_1d().get();
  s[t] = i < in.size() ? in[i] : 0.0f;
  gpu::sync_threads();
  for (uint32_t stride = gpu::block_dim().x / 2; stride > 0; stride >>= 1) {
    if (t < stride)
      s[t] += s[t + stride];
    gpu::sync_threads();
  }
  if (t == 0)
    partial[gpu::block_idx().x] = s[0];
}

// 2. Tiled matrix multiply: the k loop is uniform, the bounds checks are on
// the loads and the store, not around the barriers.
[[gpu::kernel]] void tiled_matmul(const float *a, const float *b, float *c,
                                  uint32_t n) {
  [[gpu::shared]] float as[kTile][kTile];
  [[gpu::shared]] float bs[kTile][kTile];
  uint32_t tx = gpu::thread_idx().x, ty = gpu::thread_idx().y;
  uint32_t row = gpu::block_idx().y * kTile + ty;
  uint32_t col = gpu::block_idx().x * kTile + tx;
  float acc = 0.0f;
  for (uint32_t k0 = 0; k0 < n; k0 += kTile) {
    as[ty][tx] = row < n && k0 + tx < n ? a[row * n + k0 + tx] : 0.0f;
    bs[ty][tx] = col < n && k0 + ty < n ? b[(k0 + ty) * n + col] : 0.0f;
    gpu::sync_threads();
    for (uint32_t k = 0; k < kTile; ++k)
      acc += as[ty][k] * bs[k][tx];
    gpu::sync_threads();
  }
  if (row < n && col < n)
    c[row * n + col] = acc;
}

// 3. Whole blocks leave early: the condition is the same in every thread of
// a block.
[[gpu::kernel]] void block_early_exit(const float *in, float *out,
                                      uint32_t num_tiles) {
  gpu::shared_array<float, kBlock> tile;
  if (gpu::block_idx().x >= num_tiles)
    return;
  uint32_t t = gpu::thread_idx().x;
  tile[t] = in[gpu::block_idx().x * kBlock + t];
  gpu::sync_threads();
  out[gpu::block_idx().x * kBlock + t] = tile[kBlock - 1 - t];
}

// 4. A thread-dependent early return before the barrier: threads that have
// returned take no part in it.
[[gpu::kernel]] void thread_early_return(std::span<const float> in,
                                         float *out) {
  gpu::shared_array<float, kBlock> tile;
  uint32_t t = gpu::thread_idx().x;
  size_t i = gpu::thread::index_1d().get();
  if (i >= in.size())
    return;
  tile[t] = in[i];
  gpu::sync_threads();
  for (uint32_t stride = gpu::block_dim().x / 2; stride > 0; stride >>= 1) {
    if (t < stride)
      tile[t] += tile[t + stride];
    gpu::sync_threads();
  }
  out[i] = tile[0];
}

// 5. A thread-dependent branch that ends before the barrier.
[[gpu::kernel]] void barrier_after_divergent_if(const float *in, float *out) {
  gpu::shared_array<float, kBlock + 2> halo;
  uint32_t t = gpu::thread_idx().x;
  size_t base = size_t(gpu::block_idx().x) * kBlock;
  halo[t + 1] = in[base + t];
  if (t == 0) {
    halo[0] = base > 0 ? in[base - 1] : 0.0f;
    halo[kBlock + 1] = in[base + kBlock];
  }
  gpu::sync_threads();
  out[base + t] = halo[t] + halo[t + 1] + halo[t + 2];
}

// 6. A block-stride loop over tiles: the trip count depends on the block
// index, the grid shape and a parameter only.
[[gpu::kernel]] void block_stride_loop(const float *in, float *out,
                                       uint32_t num_tiles) {
  gpu::shared_array<float, kBlock> tile;
  uint32_t t = gpu::thread_idx().x;
  for (uint32_t b = gpu::block_idx().x; b < num_tiles; b += gpu::grid_dim().x) {
    tile[t] = in[b * kBlock + t];
    gpu::sync_threads();
    out[b * kBlock + t] = tile[(t + 1) % kBlock];
    gpu::sync_threads();
  }
}

// 7. A branch on the block index.
[[gpu::kernel]] void first_block_only(float *data, float *flag) {
  gpu::shared_array<float, kBlock> tile;
  uint32_t t = gpu::thread_idx().x;
  if (gpu::block_idx().x == 0) {
    tile[t] = data[t];
    gpu::sync_threads();
    data[t] = tile[kBlock - 1 - t];
    if (t == 0)
      flag[0] = 1.0f;
  }
}

// 8. A branch on a kernel parameter.
[[gpu::kernel]] void optional_staging(const float *in, float *out,
                                      bool use_shared) {
  gpu::shared_array<float, kBlock> tile;
  uint32_t t = gpu::thread_idx().x;
  size_t i = gpu::thread::index_1d().get();
  float v = in[i];
  if (use_shared) {
    tile[t] = v;
    gpu::sync_threads();
    v = tile[(t + 1) % kBlock];
  }
  out[i] = v;
}

// 9. A flag written by one thread, read by all at a uniform index after a
// barrier: every thread sees the same value.
[[gpu::kernel]] void branch_on_shared_flag(const int *in, int *out) {
  gpu::shared_array<int, 1> any_negative;
  gpu::shared_array<int, kBlock> tile;
  uint32_t t = gpu::thread_idx().x;
  int v = in[gpu::thread::index_1d().get()];
  tile[t] = v;
  if (t == 0)
    any_negative[0] = 0;
  gpu::sync_threads();
  if (v < 0)
    any_negative[0] = 1;
  gpu::sync_threads();
  if (any_negative[0]) {
    tile[t] = v < 0 ? -v : v;
    gpu::sync_threads();
  }
  out[gpu::thread::index_1d().get()] = tile[(t + 1) % kBlock];
}

// 10. A [[gpu::shared]] scalar read after a barrier decides a loop.
[[gpu::kernel]] void shared_scalar_loop(const uint32_t *counts, float *data) {
  [[gpu::shared]] uint32_t rounds;
  gpu::shared_array<float, kBlock> tile;
  uint32_t t = gpu::thread_idx().x;
  if (t == 0)
    rounds = counts[gpu::block_idx().x];
  gpu::sync_threads();
  float v = data[gpu::thread::index_1d().get()];
  for (uint32_t r = 0; r < rounds; ++r) {
    tile[t] = v;
    gpu::sync_threads();
    v = 0.5f * (v + tile[(t + 1) % kBlock]);
    gpu::sync_threads();
  }
  data[gpu::thread::index_1d().get()] = v;
}

// 11. Block reductions and scans called by every thread.
[[gpu::kernel]] void block_collectives(std::span<const float> in,
                                       float *partial, float *scanned) {
  size_t i = gpu::thread::index_1d().get();
  float v = i < in.size() ? in[i] : 0.0f;
  float total = gpu::block::sum(v);
  float biggest = gpu::block::max(v);
  float prefix = gpu::block::inclusive_scan(v, gpu::plus{});
  float before = gpu::block::exclusive_scan(v, gpu::plus{}, 0.0f);
  if (i < in.size())
    scanned[i] = prefix + before;
  if (gpu::thread_idx().x == 0)
    partial[gpu::block_idx().x] = total + biggest;
}

// 12. A helper that synchronizes, called by every thread; and one given a
// uniform parameter that it branches on.
namespace helpers {
inline void stage(float *tile, const float *in, uint32_t t) {
  tile[t] = in[t];
  gpu::sync_threads();
}
inline void maybe_sync(bool wanted) {
  if (wanted)
    gpu::sync_threads();
}
} // namespace helpers

[[gpu::kernel]] void helper_called_by_all(const float *in, float *out,
                                          uint32_t mode) {
  gpu::shared_array<float, kBlock> tile;
  uint32_t t = gpu::thread_idx().x;
  helpers::stage(tile.data(), in + gpu::block_idx().x * kBlock, t);
  float v = tile[kBlock - 1 - t];
  helpers::maybe_sync(mode != 0);
  out[gpu::block_idx().x * kBlock + t] = v;
}

// 13. A stencil: a uniform time loop, halo loads under a thread-dependent
// branch, barriers outside it.
[[gpu::kernel]] void stencil_steps(float *u, uint32_t steps) {
  constexpr uint32_t R = 2;
  gpu::shared_array<float, kBlock + 2 * R> s;
  uint32_t t = gpu::thread_idx().x;
  size_t base = size_t(gpu::block_idx().x) * kBlock;
  for (uint32_t step = 0; step < steps; ++step) {
    s[t + R] = u[base + t];
    if (t < R) {
      s[t] = base + t >= R ? u[base + t - R] : 0.0f;
      s[t + kBlock + R] = u[base + kBlock + t];
    }
    gpu::sync_threads();
    float v = 0.0f;
    for (uint32_t k = 0; k <= 2 * R; ++k)
      v += s[t + k];
    gpu::sync_threads();
    u[base + t] = v / (2 * R + 1);
  }
}

// 14. A size check on a parameter chooses between two uniform paths.
[[gpu::kernel]] void size_dispatch(const float *in, float *out, uint32_t n) {
  gpu::shared_array<float, kBlock> tile;
  uint32_t t = gpu::thread_idx().x;
  if (n > 1024) {
    for (uint32_t k = t; k < n; k += kBlock)
      out[k] = in[k] * 2.0f;
    gpu::sync_threads();
  } else {
    tile[t] = t < n ? in[t] : 0.0f;
    gpu::sync_threads();
    if (t < n)
      out[t] = tile[n - 1 - t];
  }
}

// 15. Loads from global memory at a block-uniform address decide the loop
// (a ragged batch: one segment per block).
[[gpu::kernel]] void ragged_segments(const uint32_t *offsets,
                                     const float *values, float *sums) {
  uint32_t b = gpu::block_idx().x;
  uint32_t begin = offsets[b], end = offsets[b + 1];
  float acc = 0.0f;
  for (uint32_t base = begin; base < end; base += kBlock) {
    uint32_t k = base + gpu::thread_idx().x;
    float v = k < end ? values[k] : 0.0f;
    acc += gpu::block::sum(v);
  }
  if (gpu::thread_idx().x == 0)
    sums[b] = acc;
}

// 16. Warp-level operations (shuffles, gpu::warp::sync) under a
// thread-dependent branch: no block barrier in it.
[[gpu::kernel]] void warp_ops_under_branch(const float *in, float *out,
                                           uint32_t n) {
  gpu::shared_array<float, kBlock / 32> warp_sums;
  uint32_t t = gpu::thread_idx().x;
  size_t i = gpu::thread::index_1d().get();
  float v = i < n ? in[i] : 0.0f;
  v = gpu::warp::sum(v);
  if (gpu::warp::lane_id() == 0)
    warp_sums[t / 32] = v;
  gpu::sync_threads();
  if (t < 32) {
    float w = t < gpu::block_dim().x / 32 ? warp_sums[t] : 0.0f;
    gpu::warp::sync();
    w = gpu::warp::sum(w);
    if (t == 0)
      out[gpu::block_idx().x] = w;
  }
}

// 17. A constant trip count, unrolled, and a switch on a uniform value.
[[gpu::kernel]] void constant_loop_and_uniform_switch(float *data,
                                                      int variant) {
  gpu::shared_array<float, kBlock> tile;
  uint32_t t = gpu::thread_idx().x;
  float v = data[gpu::thread::index_1d().get()];
#pragma unroll
  for (int pass = 0; pass < 4; ++pass) {
    tile[t] = v;
    gpu::sync_threads();
    v += tile[(t + (1u << pass)) % kBlock];
    gpu::sync_threads();
  }
  switch (variant) {
  case 0:
    tile[t] = v;
    gpu::sync_threads();
    v = tile[kBlock - 1 - t];
    break;
  case 1:
    gpu::sync_threads();
    break;
  default:
    break;
  }
  data[gpu::thread::index_1d().get()] = v;
}

// 18. Values computed from uniform ones only, through local variables and
// ?:, decide the barriers (the last, partial block takes one more step).
[[gpu::kernel]] void uniform_locals(const float *in, float *out, size_t n) {
  gpu::shared_array<float, kBlock> tile;
  uint32_t t = gpu::thread_idx().x;
  size_t block_base = size_t(gpu::block_idx().x) * kBlock;
  bool partial = block_base + kBlock > n;
  uint32_t valid = partial ? uint32_t(n - block_base) : kBlock;
  tile[t] = t < valid ? in[block_base + t] : 0.0f;
  gpu::sync_threads();
  float v = tile[kBlock - 1 - t];
  if (valid < kBlock) {
    tile[t] = v;
    gpu::sync_threads();
    v = tile[valid - 1 - t % valid];
  }
  if (t < valid)
    out[block_base + t] = v;
}

// 19. A grid-stride loop without a barrier in it, then a barrier for all.
[[gpu::kernel]] void grid_stride_then_barrier(std::span<const float> in,
                                              float *partial) {
  gpu::shared_array<float, kBlock> s;
  uint32_t t = gpu::thread_idx().x;
  size_t stride = size_t(gpu::grid_dim().x) * gpu::block_dim().x;
  float acc = 0.0f;
  for (size_t i = gpu::thread::index_1d().get(); i < in.size(); i += stride)
    acc += in[i];
  s[t] = acc;
  gpu::sync_threads();
  if (t == 0) {
    float total = 0.0f;
    for (uint32_t k = 0; k < gpu::block_dim().x; ++k)
      total += s[k];
    partial[gpu::block_idx().x] = total;
  }
}

// 20. A 2-D early exit on the thread's cell before the barrier of a 2-D
// block.
[[gpu::kernel]] void early_exit_2d(const float *in, float *out, uint32_t rows,
                                   uint32_t cols) {
  [[gpu::shared]] float tile[kTile][kTile + 1];
  auto ij = gpu::thread::index_2d();
  if (ij.row() >= rows || ij.col() >= cols)
    return;
  uint32_t tx = gpu::thread_idx().x, ty = gpu::thread_idx().y;
  tile[ty][tx] = in[ij.row() * cols + ij.col()];
  gpu::sync_threads();
  out[ij.row() * cols + ij.col()] = tile[ty][tx] - tile[0][0];
}

// 21. A helper called with a thread-dependent argument and, elsewhere, with
// uniform ones: the uniform call decides the loop.
inline uint32_t div_up(uint32_t a, uint32_t b) { return (a + b - 1) / b; }

[[gpu::kernel]] void helper_used_both_ways(const float *in, float *out,
                                           uint32_t n) {
  gpu::shared_array<float, kBlock> tile;
  uint32_t t = gpu::thread_idx().x;
  uint32_t group = div_up(t + 1, 4);
  uint32_t tiles = div_up(n, kBlock);
  float acc = 0.0f;
  for (uint32_t k = 0; k < tiles; ++k) {
    uint32_t j = k * kBlock + t;
    tile[t] = j < n ? in[j] : 0.0f;
    gpu::sync_threads();
    acc += tile[(t + group) % kBlock];
    gpu::sync_threads();
  }
  out[gpu::thread::index_1d().get()] = acc;
}

// 22. The size of a span parameter decides a loop of block reductions, while
// the span is also indexed by the thread.
[[gpu::kernel]] void chunked_block_sum(std::span<const float> in, float *out) {
  float acc = 0.0f;
  for (size_t base = 0; base < in.size(); base += gpu::block_dim().x) {
    size_t k = base + gpu::thread_idx().x;
    acc += gpu::block::sum(k < in.size() ? in[k] : 0.0f);
  }
  if (gpu::thread_idx().x == 0)
    out[gpu::block_idx().x] = acc;
}

// 23. The last block to finish does the final pass (CUDA's
// threadFenceReduction): thread 0 takes a ticket from an atomic and
// publishes the outcome in shared memory; every thread reads it after a
// barrier.
[[gpu::kernel]] void last_block_finishes(std::span<const float> in,
                                         float *partial, uint32_t *done,
                                         float *total) {
  gpu::shared_array<float, kBlock> s;
  [[gpu::shared]] bool am_last;
  uint32_t t = gpu::thread_idx().x;
  size_t i = gpu::thread::index_1d().get();
  float block_total = gpu::block::sum(i < in.size() ? in[i] : 0.0f);
  if (t == 0) {
    partial[gpu::block_idx().x] = block_total;
    gpu::thread_fence();
    uint32_t ticket = gpu::atomic_add(done, 1u);
    am_last = ticket == gpu::grid_dim().x - 1;
  }
  gpu::sync_threads();
  if (am_last) {
    float v = 0.0f;
    for (uint32_t b = t; b < gpu::grid_dim().x; b += kBlock)
      v += partial[b];
    s[t] = v;
    gpu::sync_threads();
    for (uint32_t stride = kBlock / 2; stride > 0; stride >>= 1) {
      if (t < stride)
        s[t] += s[t + stride];
      gpu::sync_threads();
    }
    if (t == 0) {
      total[0] = s[0];
      done[0] = 0;
    }
  }
}

// 24. Alloy's own bounds check as an early exit: threads without an output
// element leave before the barrier.
[[gpu::kernel]] void get_mut_early_exit(std::span<const float> in,
                                        gpu::disjoint_span<float> out) {
  gpu::shared_array<float, kBlock> tile;
  auto idx = gpu::thread::index_1d();
  uint32_t t = gpu::thread_idx().x;
  float *o = out.get_mut(idx);
  if (!o)
    return;
  tile[t] = in[idx.get()];
  gpu::sync_threads();
  *o = tile[kBlock - 1 - t];
}

// 25. The launch contract fixes the block at 256 threads, so a test of the
// thread index against 256 holds for every thread (alloy-narrow-index folds
// it before the analysis runs; without the contract this warns, see
// divergent-barrier.cpp).
[[gpu::kernel, gpu::launch_contract(1, kBlock)]]
void contract_covers_block(std::span<const float> in, float *out) {
  gpu::shared_array<float, kBlock> tile;
  if (gpu::thread_idx().x < kBlock) {
    tile[gpu::thread_idx().x] = in[gpu::thread_idx().x];
    gpu::sync_threads();
    out[gpu::thread_idx().x] = tile[kBlock - 1 - gpu::thread_idx().x];
  }
}

// 26. A two-dimensional contract makes thread_idx().z zero.
[[gpu::kernel, gpu::launch_contract(2, 16, 16)]]
void contract_flat_z(float *out) {
  if (gpu::thread_idx().z == 0)
    gpu::sync_threads();
  out[gpu::thread_idx().y * 16 + gpu::thread_idx().x] = 1.0f;
}

// 27. Block reductions give every thread the same value (read from shared
// memory at one address), and so do __syncthreads_or/and/count.
[[gpu::kernel]] void branch_on_block_totals(std::span<const int> in,
                                            int *out) {
  uint32_t t = gpu::thread_idx().x;
  if (gpu::block::sum(in[t]) > 0)
    gpu::sync_threads();
  if (gpu::block::max(in[t]) > 5)
    gpu::sync_threads();
  if (gpu::block::reduce(in[t], gpu::bit_or{}) != 0)
    gpu::sync_threads();
  if (__syncthreads_or(in[t] == 7))
    gpu::sync_threads();
  if (__syncthreads_count(in[t] == 7) > 3)
    gpu::sync_threads();
  out[t] = 1;
}
