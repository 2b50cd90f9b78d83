// Divergent barriers: a gpu::sync_threads() (or a call of a function that
// reaches one) that a branch on the thread index decides, as CUDA code gets
// it wrong. Each is a warning at the call and a note at the branch.
// RUN: %alloy_cc1 -fsyntax-only -Xclang -verify %s
#include <gpu/gpu.hpp>
#include <cstdint>
#include <span>

constexpr uint32_t kBlock = 256;

// 1. Only the first half-warp stages the tile and waits for it.
[[gpu::kernel]] void half_warp_stage(std::span<const float> in, float *out) {
  gpu::shared_array<float, 16> tile;
  uint32_t t = gpu::thread_idx().x;
  if (t < 16) { // expected-note {{this branch depends on the thread index}}
    tile[t] = in[gpu::block_idx().x * 16 + t];
    gpu::sync_threads(); // expected-warning {{'gpu::sync_threads' synchronizes the block but may be reached by only some of its threads: a branch on the thread index decides whether it runs}}
    out[gpu::block_idx().x * 16 + t] = tile[15 - t];
  }
}

// 2. The barrier in the else branch: thread 0 skips it.
[[gpu::kernel]] void leader_skips_barrier(float *data, float scale) {
  gpu::shared_array<float, kBlock> buf;
  uint32_t t = gpu::thread_idx().x;
  size_t base = size_t(gpu::block_idx().x) * kBlock;
  buf[t] = data[base + t];
  if (t == 0) { // expected-note {{this branch depends on the thread index}}
    buf[0] *= scale;
  } else {
    gpu::sync_threads(); // expected-warning {{'gpu::sync_threads' synchronizes the block but may be reached by only some of its threads}}
    data[base + t] = buf[t] + buf[0];
  }
}

// 3. A grid-stride loop with a barrier inside: threads past the end of the
// data leave the loop one iteration earlier than the others.
[[gpu::kernel]] void grid_stride_with_barrier(std::span<const float> in,
                                              float *out) {
  gpu::shared_array<float, kBlock> tile;
  uint32_t t = gpu::thread_idx().x;
  size_t stride = size_t(gpu::grid_dim().x) * gpu::block_dim().x;
  for (size_t i = gpu::thread::index_1d().get(); i < in.size(); i += stride) { // expected-note {{this branch depends on the thread index}}
    tile[t] = in[i];
    gpu::sync_threads(); // expected-warning {{'gpu::sync_threads' synchronizes the block but may be reached by only some of its threads}}
    out[i] = tile[(t + 1) % kBlock] - tile[t];
  }
}

// 4. A uniform loop that some threads leave with `break`.
[[gpu::kernel]] void break_on_negative(const float *x, float *acc,
                                       uint32_t steps, uint32_t n) {
  gpu::shared_array<float, kBlock> s;
  uint32_t t = gpu::thread_idx().x;
  float sum = 0;
  for (uint32_t k = 0; k < steps; ++k) {
    float v = x[size_t(k) * n + t];
    if (v < 0.0f) // expected-note {{this branch depends on the thread index}}
      break;
    s[t] = v;
    gpu::sync_threads(); // expected-warning {{'gpu::sync_threads' synchronizes the block but may be reached by only some of its threads}}
    sum += s[(t + 1) % kBlock];
  }
  acc[t] = sum;
}

// 5. A while loop on each thread's own value: a different trip count each.
[[gpu::kernel]] void drain_own_counter(int *work, int *done) {
  gpu::shared_array<int, kBlock> progress;
  uint32_t t = gpu::thread_idx().x;
  progress[t] = 0;
  while (work[t] > 0) { // expected-note {{this branch depends on the thread index}}
    work[t] -= 1;
    progress[t] += 1;
    gpu::sync_threads(); // expected-warning {{'gpu::sync_threads' synchronizes the block but may be reached by only some of its threads}}
  }
  done[t] = progress[t];
}

// 6. A helper that synchronizes, called by only some threads.
namespace staging {
inline void load_tile_and_sync(float *tile, const float *in, uint32_t t) {
  tile[t] = in[t];
  gpu::sync_threads();
}
} // namespace staging

[[gpu::kernel]] void helper_under_branch(const float *in, float *out,
                                         uint32_t active) {
  gpu::shared_array<float, kBlock> tile;
  uint32_t t = gpu::thread_idx().x;
  if (t < active) // expected-note {{this branch depends on the thread index}}
    staging::load_tile_and_sync(tile.data(), in, t); // expected-warning {{'staging::load_tile_and_sync' synchronizes the block but may be reached by only some of its threads}}
  out[t] = tile[t];
}

// 7. A helper given the thread index, which synchronizes under a branch on
// it: the warning is in the helper.
inline void publish_first(float *slot, float value, uint32_t lane_in_block) {
  if (lane_in_block == 0) { // expected-note {{this branch depends on the thread index}}
    slot[0] = value;
    gpu::sync_threads(); // expected-warning {{'gpu::sync_threads' synchronizes the block but may be reached by only some of its threads}}
  }
}

[[gpu::kernel]] void helper_with_thread_param(const float *in, float *out) {
  gpu::shared_array<float, 1> slot;
  uint32_t t = gpu::thread_idx().x;
  publish_first(slot.data(), in[gpu::block_idx().x], t);
  out[gpu::block_idx().x * kBlock + t] = slot[0];
}

// 8. A local flag set under a thread-dependent branch, then tested.
[[gpu::kernel]] void flag_from_divergent_branch(const int *keys, int *out,
                                                int wanted) {
  gpu::shared_array<int, kBlock> hits;
  uint32_t t = gpu::thread_idx().x;
  bool found = false;
  if (keys[gpu::thread::index_1d().get()] == wanted)
    found = true;
  hits[t] = found;
  if (found) { // expected-note {{this branch depends on the thread index}}
    gpu::sync_threads(); // expected-warning {{'gpu::sync_threads' synchronizes the block but may be reached by only some of its threads}}
    out[gpu::block_idx().x] = hits[0];
  }
}

// 9. A switch on the lane: only lane 0 of each warp reaches the barrier.
[[gpu::kernel]] void switch_on_lane(const float *in, float *out) {
  gpu::shared_array<float, kBlock / 32> warp_first;
  uint32_t t = gpu::thread_idx().x;
  float v = in[gpu::thread::index_1d().get()];
  switch (gpu::warp::lane_id()) { // expected-note {{this branch depends on the thread index}}
  case 0:
    warp_first[t / 32] = v;
    gpu::sync_threads(); // expected-warning {{'gpu::sync_threads' synchronizes the block but may be reached by only some of its threads}}
    break;
  default:
    v = -v;
    break;
  }
  out[gpu::thread::index_1d().get()] = v;
}

// 10. A barrier inside one arm of ?: on the thread index.
[[gpu::kernel]] void barrier_in_conditional(const float *in, float *out) {
  gpu::shared_array<float, kBlock> tile;
  uint32_t t = gpu::thread_idx().x;
  tile[t] = in[t];
  float a = tile[t], b = 2.0f * tile[t];
  float r = t < 32 ? (gpu::sync_threads(), a) : b; // expected-warning {{'gpu::sync_threads' synchronizes the block but may be reached by only some of its threads}} expected-note {{this branch depends on the thread index}}
  out[t] = r;
}

// 11. A block reduction only the threads inside the bounds take part in.
[[gpu::kernel]] void block_sum_in_bounds_check(std::span<const float> in,
                                               float *partial) {
  size_t i = gpu::thread::index_1d().get();
  if (i < in.size()) { // expected-note {{this branch depends on the thread index}}
    float total = gpu::block::sum(in[i]); // expected-warning-re {{'gpu::block::sum{{(<float>)?}}' synchronizes the block but may be reached by only some of its threads}}
    if (gpu::thread_idx().x == 0)
      partial[gpu::block_idx().x] = total;
  }
}

// 12. Warp 0 finishes the reduction and waits for the block: the other
// warps never arrive.
[[gpu::kernel]] void warp_zero_finishes(const float *in, float *out) {
  gpu::shared_array<float, 32> warp_sums;
  uint32_t t = gpu::thread_idx().x;
  float v = gpu::warp::sum(in[gpu::thread::index_1d().get()]);
  if (gpu::warp::lane_id() == 0)
    warp_sums[t / 32] = v;
  if (gpu::thread_idx().x / 32 == 0) { // expected-note {{this branch depends on the thread index}}
    gpu::sync_threads(); // expected-warning {{'gpu::sync_threads' synchronizes the block but may be reached by only some of its threads}}
    float w = t < gpu::block_dim().x / 32 ? warp_sums[t] : 0.0f;
    w = gpu::warp::sum(w);
    if (t == 0)
      out[gpu::block_idx().x] = w;
  }
}

// 13. A transpose through shared memory with the bounds check around the
// barrier: edge blocks hang.
[[gpu::kernel]] void transpose_edge_hang(const float *in, float *out,
                                         uint32_t rows, uint32_t cols) {
  [[gpu::shared]] float tile[32][33];
  auto ij = gpu::thread::index_2d();
  uint32_t tx = gpu::thread_idx().x, ty = gpu::thread_idx().y;
  if (ij.row() < rows && ij.col() < cols) { // expected-note {{this branch depends on the thread index}}
    tile[ty][tx] = in[ij.row() * cols + ij.col()];
    gpu::sync_threads(); // expected-warning {{'gpu::sync_threads' synchronizes the block but may be reached by only some of its threads}}
    out[ij.col() * rows + ij.row()] = tile[ty][tx];
  }
}

// 14. The y index of a 2-D block: only the first row loads the halo.
[[gpu::kernel]] void first_row_loads_halo(const float *in, float *out,
                                          uint32_t width) {
  [[gpu::shared]] float halo[34];
  uint32_t tx = gpu::thread_idx().x;
  if (gpu::thread_idx().y == 0) { // expected-note {{this branch depends on the thread index}}
    halo[tx + 1] = in[gpu::block_idx().x * 32 + tx];
    gpu::sync_threads(); // expected-warning {{'gpu::sync_threads' synchronizes the block but may be reached by only some of its threads}}
  }
  out[gpu::thread::index_2d().row() * width + tx] = halo[tx] + halo[tx + 2];
}

// 15. A value computed from an atomic's result: each thread gets its own
// ticket, so only some take the branch.
[[gpu::kernel]] void atomic_ticket_branch(uint32_t *counter, float *queue,
                                          uint32_t capacity, float value) {
  gpu::shared_array<float, kBlock> staged;
  uint32_t ticket = gpu::atomic_add(&counter[0], 1u);
  uint32_t slot = ticket % (2 * capacity);
  if (slot < capacity) { // expected-note {{this branch depends on the thread index}}
    staged[gpu::thread_idx().x] = value;
    gpu::sync_threads(); // expected-warning {{'gpu::sync_threads' synchronizes the block but may be reached by only some of its threads}}
    queue[slot] = staged[0];
  }
}

// 16. A branch on a shuffle: each warp broadcasts its own lane 0.
[[gpu::kernel]] void branch_on_shuffle(const float *in, float *out) {
  gpu::shared_array<float, kBlock> tile;
  uint32_t t = gpu::thread_idx().x;
  float v = in[gpu::block_idx().x * kBlock + t];
  float leader = gpu::warp::shfl(v, 0);
  tile[t] = v;
  if (leader > 0.0f) { // expected-note {{this branch depends on the thread index}}
    gpu::sync_threads(); // expected-warning {{'gpu::sync_threads' synchronizes the block but may be reached by only some of its threads}}
    v = tile[kBlock - 1 - t];
  }
  out[gpu::block_idx().x * kBlock + t] = v;
}

// 17. A warp vote: warps disagree, so only some take the branch.
[[gpu::kernel]] void branch_on_vote(const int *in, int *out) {
  gpu::shared_array<int, kBlock> tile;
  uint32_t t = gpu::thread_idx().x;
  int v = in[gpu::thread::index_1d().get()];
  tile[t] = v;
  if (gpu::warp::any(v < 0)) { // expected-note {{this branch depends on the thread index}}
    gpu::sync_threads(); // expected-warning {{'gpu::sync_threads' synchronizes the block but may be reached by only some of its threads}}
    v = tile[(t + 32) % kBlock];
  }
  out[gpu::thread::index_1d().get()] = v;
}

// 18. `continue` on a thread-dependent condition skips the barrier.
[[gpu::kernel]] void continue_skips_barrier(const float *mask, float *data,
                                            uint32_t passes) {
  gpu::shared_array<float, kBlock> tile;
  uint32_t t = gpu::thread_idx().x;
  for (uint32_t p = 0; p < passes; ++p) {
    if (mask[p * kBlock + t] == 0.0f) // expected-note {{this branch depends on the thread index}}
      continue;
    tile[t] = data[t];
    gpu::sync_threads(); // expected-warning {{'gpu::sync_threads' synchronizes the block but may be reached by only some of its threads}}
    data[t] = tile[(t + 1) % kBlock];
  }
}

// 19. A loop whose trip count is the thread index (a triangular loop).
[[gpu::kernel]] void triangular_loop(float *rows) {
  gpu::shared_array<float, kBlock> tile;
  uint32_t t = gpu::thread_idx().x;
  tile[t] = rows[t];
  for (uint32_t k = 0; k < t; ++k) { // expected-note {{this branch depends on the thread index}}
    rows[t] += tile[k];
    gpu::sync_threads(); // expected-warning {{'gpu::sync_threads' synchronizes the block but may be reached by only some of its threads}}
  }
}

// 20. Short-circuit: the call that synchronizes runs only where `t < n`.
inline bool stage_and_check(float *tile, const float *in, uint32_t t) {
  tile[t] = in[t];
  gpu::sync_threads();
  return tile[0] > 0.0f;
}

[[gpu::kernel]] void short_circuit_barrier(const float *in, float *out,
                                           uint32_t n) {
  gpu::shared_array<float, kBlock> tile;
  uint32_t t = gpu::thread_idx().x;
  if (t < n && stage_and_check(tile.data(), in, t)) // expected-warning {{'stage_and_check' synchronizes the block but may be reached by only some of its threads}} expected-note {{this branch depends on the thread index}}
    out[t] = tile[t];
}

// 21. A uniform branch around a thread-dependent one: the inner branch
// decides.
[[gpu::kernel]] void nested_under_uniform(float *data, uint32_t mode) {
  gpu::shared_array<float, kBlock> tile;
  uint32_t t = gpu::thread_idx().x;
  tile[t] = data[t];
  if (mode == 1) {
    if (t % 2 == 0) { // expected-note {{this branch depends on the thread index}}
      gpu::sync_threads(); // expected-warning {{'gpu::sync_threads' synchronizes the block but may be reached by only some of its threads}}
      data[t] = tile[t + 1];
    }
  }
}

// 22. A branch on shared memory read at the thread's own index.
[[gpu::kernel]] void branch_on_own_shared_slot(const int *in, int *out) {
  gpu::shared_array<int, kBlock> flags;
  uint32_t t = gpu::thread_idx().x;
  flags[t] = in[gpu::thread::index_1d().get()];
  gpu::sync_threads();
  if (flags[t] != 0) { // expected-note {{this branch depends on the thread index}}
    gpu::sync_threads(); // expected-warning {{'gpu::sync_threads' synchronizes the block but may be reached by only some of its threads}}
    out[gpu::thread::index_1d().get()] = flags[(t + 1) % kBlock];
  }
}

// 23. The whole tree reduction inside the bounds check: every barrier in it
// is reported, each with the branch.
[[gpu::kernel]] void reduction_inside_bounds_check(std::span<const float> in,
                                                   float *partial) {
  gpu::shared_array<float, kBlock> s;
  uint32_t t = gpu::thread_idx().x;
  size_t i = gpu::thread::index_1d().get();
  if (i < in.size()) { // expected-note 2 {{this branch depends on the thread index}}
    s[t] = in[i];
    gpu::sync_threads(); // expected-warning {{'gpu::sync_threads' synchronizes the block but may be reached by only some of its threads}}
    for (uint32_t stride = gpu::block_dim().x / 2; stride > 0; stride >>= 1) {
      if (t < stride)
        s[t] += s[t + stride];
      gpu::sync_threads(); // expected-warning {{'gpu::sync_threads' synchronizes the block but may be reached by only some of its threads}}
    }
    if (t == 0)
      partial[gpu::block_idx().x] = s[0];
  }
}

// 24. A do-while whose exit depends on the thread's own data (the note is
// at the start of the statement).
[[gpu::kernel]] void do_while_own_data(float *x, float eps) {
  gpu::shared_array<float, kBlock> tile;
  uint32_t t = gpu::thread_idx().x;
  float v = x[t];
  do { // expected-note {{this branch depends on the thread index}}
    tile[t] = v;
    gpu::sync_threads(); // expected-warning {{'gpu::sync_threads' synchronizes the block but may be reached by only some of its threads}}
    v = 0.5f * (v + tile[(t + 1) % kBlock]);
  } while (v > eps);
  x[t] = v;
}

// 25. Alloy's own bounds check: get_mut gives a pointer only to the threads
// inside the output.
[[gpu::kernel]] void get_mut_around_barrier(std::span<const float> in,
                                            gpu::disjoint_span<float> out) {
  gpu::shared_array<float, kBlock> tile;
  auto idx = gpu::thread::index_1d();
  uint32_t t = gpu::thread_idx().x;
  if (float *o = out.get_mut(idx)) { // expected-note {{this branch depends on the thread index}}
    tile[t] = in[idx.get()];
    gpu::sync_threads(); // expected-warning {{'gpu::sync_threads' synchronizes the block but may be reached by only some of its threads}}
    *o = tile[kBlock - 1 - t];
  }
}

// 26. A lambda that synchronizes, called under a branch on the thread index.
[[gpu::kernel]] void lambda_under_branch(const float *in, float *out,
                                         uint32_t n) {
  gpu::shared_array<float, kBlock> tile;
  uint32_t t = gpu::thread_idx().x;
  auto stage = [&](uint32_t k) {
    tile[k] = in[k];
    gpu::sync_threads();
  };
  if (t < n) // expected-note {{this branch depends on the thread index}}
    stage(t); // expected-warning-re {{'{{.*}}lambda{{.*}}' synchronizes the block but may be reached by only some of its threads}}
  out[t] = tile[(t + 1) % kBlock];
}

// 27. A function template that synchronizes, called by the odd warps only.
template <class T> void stage_rows(T *tile, const T *in, uint32_t t) {
  tile[t] = in[t];
  gpu::sync_threads();
}

[[gpu::kernel]] void template_helper_odd_warps(const double *in, double *out) {
  gpu::shared_array<double, kBlock> tile;
  uint32_t t = gpu::thread_idx().x;
  if ((t / 32) % 2 == 1) // expected-note {{this branch depends on the thread index}}
    stage_rows(tile.data(), in, t); // expected-warning-re {{'stage_rows{{(<double>)?}}' synchronizes the block but may be reached by only some of its threads}}
  out[t] = tile[t];
}

// 28. An early return from a helper is no exit from the kernel: the threads
// that return go on, past a barrier the others wait at.
inline void load_guarded_and_sync(float *tile, const float *in, uint32_t t,
                                  uint32_t n) {
  if (t >= n) // expected-note {{this branch depends on the thread index}}
    return;
  tile[t] = in[t];
  gpu::sync_threads(); // expected-warning {{'gpu::sync_threads' synchronizes the block but may be reached by only some of its threads}}
}

[[gpu::kernel]] void helper_early_return(const float *in, float *out,
                                         uint32_t n) {
  gpu::shared_array<float, kBlock> tile;
  uint32_t t = gpu::thread_idx().x;
  load_guarded_and_sync(tile.data(), in, t, n);
  out[t] = tile[kBlock - 1 - t];
}

// 29. The thread's cell, returned in a struct and unpacked by a structured
// binding.
struct Cell {
  uint32_t row, col;
};
inline Cell my_cell() { return {gpu::thread_idx().y, gpu::thread_idx().x}; }

[[gpu::kernel]] void structured_binding_cell(const float *in, float *out) {
  [[gpu::shared]] float first_row[32];
  auto [r, c] = my_cell();
  if (r == 0) { // expected-note {{this branch depends on the thread index}}
    first_row[c] = in[gpu::block_idx().x * 32 + c];
    gpu::sync_threads(); // expected-warning {{'gpu::sync_threads' synchronizes the block but may be reached by only some of its threads}}
  }
  out[(gpu::block_idx().x * 32 + r) * 32 + c] = first_row[c];
}

// 30. The test of the thread index against 256 that a launch contract of
// 256 threads makes uniform (divergent-barrier-uniform.cpp, case 25); a
// launch with more threads is allowed here.
[[gpu::kernel]] void no_contract_covers_block(std::span<const float> in,
                                              float *out) {
  gpu::shared_array<float, kBlock> tile;
  if (gpu::thread_idx().x < kBlock) { // expected-note {{this branch depends on the thread index}}
    tile[gpu::thread_idx().x] = in[gpu::thread_idx().x];
    gpu::sync_threads(); // expected-warning {{'gpu::sync_threads' synchronizes the block but may be reached by only some of its threads}}
    out[gpu::thread_idx().x] = tile[kBlock - 1 - gpu::thread_idx().x];
  }
}

// 31. A block scan gives each thread its own prefix (divergent-barrier-
// uniform.cpp, case 27, branches on block totals).
[[gpu::kernel]] void branch_on_block_prefix(std::span<const int> in, int *out) {
  uint32_t t = gpu::thread_idx().x;
  if (gpu::block::inclusive_scan(in[t], gpu::plus{}) > 4) // expected-note {{this branch depends on the thread index}}
    gpu::sync_threads(); // expected-warning {{'gpu::sync_threads' synchronizes the block but may be reached by only some of its threads}}
  out[t] = 1;
}
