// gpu::elect_one() needs the whole warp: a branch that may differ between
// the lanes of a warp must not decide whether it runs. Branches the same on
// every lane of a warp (a warp or warpgroup index, an order comparison of
// the thread index with a multiple of 32, tid.y, votes, one lane's value)
// are fine. Each misuse is a warning at the call and a note at the branch.
// RUN: %alloy_cc1 -fsyntax-only -Xclang -verify %s -fplugin-arg-alloy-gpu-arch=sm_90
#include <gpu/gpu.hpp>
#include <gpu/hopper.hpp>
#include <gpu/wgmma.hpp>
#include <cstdint>

// 1. Thread 0 alone asks for a leader among 32.
[[gpu::kernel]] void one_thread(int *out) {
  uint32_t t = gpu::thread_idx().x;
  if (t == 0) { // expected-note {{this branch may differ between the lanes of a warp}}
    if (gpu::elect_one()) // expected-warning {{'gpu::elect_one' needs every lane of the warp but may be reached by only some of them: a branch that can differ between the lanes of a warp decides whether it runs}}
      out[0] = 1;
  }
}

// 2. Half a warp, by lane index and by the thread index modulo 32.
[[gpu::kernel]] void half_warp(int *out) {
  if (gpu::warp::lane_id() < 16) // expected-note {{this branch may differ between the lanes of a warp}}
    out[0] = gpu::elect_one(); // expected-warning {{'gpu::elect_one' needs every lane of the warp}}
  uint32_t t = gpu::thread_idx().x;
  if (t % 32 >= 8) // expected-note {{this branch may differ between the lanes of a warp}}
    out[1] = gpu::elect_one(); // expected-warning {{'gpu::elect_one' needs every lane of the warp}}
}

// 3. A bound that is not a multiple of 32, and an offset index: t + 16 < 64
// splits warp 1.
[[gpu::kernel]] void misaligned(int *out) {
  uint32_t t = gpu::thread_idx().x;
  if (t < 48) // expected-note {{this branch may differ between the lanes of a warp}}
    out[0] = gpu::elect_one(); // expected-warning {{'gpu::elect_one' needs every lane of the warp}}
  if (t + 16 < 64) // expected-note {{this branch may differ between the lanes of a warp}}
    out[1] = gpu::elect_one(); // expected-warning {{'gpu::elect_one' needs every lane of the warp}}
}

// 4. The elected lane elects again: only one lane gets there.
[[gpu::kernel]] void nested(int *out) {
  if (gpu::elect_one()) { // expected-note {{this branch may differ between the lanes of a warp}}
    if (gpu::elect_one()) // expected-warning {{'gpu::elect_one' needs every lane of the warp}}
      out[0] = 1;
  }
}

// 5. A loop whose trip count depends on the lane.
[[gpu::kernel]] void lane_loop(int *out) {
  for (uint32_t i = 0; i < gpu::warp::lane_id(); ++i) // expected-note {{this branch may differ between the lanes of a warp}}
    out[i] = gpu::elect_one(); // expected-warning {{'gpu::elect_one' needs every lane of the warp}}
}

// 6. Through a helper: a call of a function that elects, under a lane
// branch, and a helper whose parameter decides its election.
inline void publish(int *out) {
  if (gpu::elect_one())
    out[0] = 1;
}
inline void publish_if(int *out, bool active) {
  if (active) // expected-note {{this branch may differ between the lanes of a warp}}
    if (gpu::elect_one()) // expected-warning {{'gpu::elect_one' needs every lane of the warp}}
      out[1] = 1;
}
[[gpu::kernel]] void through_helpers(int *out) {
  uint32_t t = gpu::thread_idx().x;
  if (t & 1) // expected-note {{this branch may differ between the lanes of a warp}}
    publish(out); // expected-warning {{'publish' needs every lane of the warp}}
  publish_if(out, t < 5);
  publish_if(out, t < 64); // the same on each warp: fine
}

// 7. A flag set by some lanes, kept in a local variable.
[[gpu::kernel]] void flag_in_slot(const int *in, int *out) {
  bool mine = false;
  if (in[gpu::thread_idx().x] > 0)
    mine = true;
  if (mine) // expected-note {{this branch may differ between the lanes of a warp}}
    out[0] = gpu::elect_one(); // expected-warning {{'gpu::elect_one' needs every lane of the warp}}
}

// 8. A block barrier only the elected lane reaches.
[[gpu::kernel]] void barrier_after_election(int *out) {
  if (gpu::elect_one()) { // expected-note {{this branch depends on the thread index}}
    out[0] = 1;
    gpu::sync_threads(); // expected-warning {{'gpu::sync_threads' synchronizes the block but may be reached by only some of its threads}}
  }
}

// Correct uses: no diagnostic below this line.

// 9. Warp and warpgroup indices, and order comparisons with multiples of 32
// (the producer warp of a warp-specialized kernel).
[[gpu::kernel]] void by_warp(int *out) {
  uint32_t t = gpu::thread_idx().x;
  uint32_t warp = t / 32;
  if (warp == 1 && gpu::elect_one())
    out[0] = 1;
  if ((t >> 5) == 2 && gpu::elect_one())
    out[1] = 1;
  if (t < 64 && gpu::elect_one())
    out[2] = 1;
  if (t >= 32 && t <= 95 && gpu::elect_one())
    out[3] = 1;
  if (128 > t && gpu::elect_one())
    out[4] = 1;
  if (gpu::wgmma::warpgroup_index() == 0 && warp % 4 == 0 &&
      gpu::elect_one())
    out[5] = 1;
  for (uint32_t i = 0; i < warp; ++i) // a trip count per warp
    if (gpu::elect_one())
      out[6] = int(i);
}

// 10. Rows of a 2-D block, votes and one lane's value, block-uniform values.
[[gpu::kernel]] void uniform_in_warp(const int *in, int *out, int n) {
  uint32_t t = gpu::thread_idx().x;
  if (gpu::thread_idx().y == 1 && gpu::elect_one())
    out[0] = 1;
  if (gpu::warp::all(in[t] > 0) && gpu::elect_one())
    out[1] = 1;
  uint32_t first = gpu::warp::shfl(uint32_t(in[t]), 0);
  if (first > 3 && gpu::elect_one())
    out[2] = 1;
  if (gpu::block_idx().x < uint32_t(n) && gpu::elect_one())
    out[3] = 1;
}

// 11. An early exit: the lanes that leave take no part.
[[gpu::kernel]] void early_exit(int *out, uint32_t n) {
  if (gpu::thread_idx().x >= n)
    return;
  if (gpu::elect_one())
    out[0] = 1;
}
