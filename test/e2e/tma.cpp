// TMA on the GPU (sm_90): a 72 x 80 float matrix is copied tile by tile by
// the tensor memory accelerator, global -> shared (completing on an
// mbarrier armed with arrive_expect_tx) -> global, through two
// gpu::tensor_map kernel parameters. Each block checks its tile in shared
// memory against the values the host wrote, with the elements outside the
// matrix zero-filled, then stores it back with a TMA store; the host
// compares the copy with the source. Three cases: plain 32 x 16 boxes
// (the last column and row of boxes stick out past the matrix's end: the
// store writes only what is inside); 32 x 32 boxes with the 128-byte
// swizzle (the kernel finds each element where the swizzle puts it); and
// boxes shifted by (-8, -4), so that loaded boxes stick out of the matrix
// on all four sides (loads only: a TMA store at a negative coordinate is
// an illegal instruction on the H200).
#include <gpu/gpu.hpp>
#include <gpu/tma.hpp>

#include "check.hpp"

#include <cstdio>
#include <string>
#include <vector>

namespace kernels {
constexpr int32_t kRows = 72, kCols = 80, kBoxW = 32, kMaxBoxH = 32;
constexpr uint32_t kBlock = 128;

constexpr float value(int32_t r, int32_t c) {
  return float(r * 1000 + c + 1);
}

// Where element (r, c) of a box of kBoxW floats per row sits in shared
// memory: with the 128-byte swizzle, the 16-byte chunk j of row r is chunk
// j ^ (r % 8) of that row (the tile is 1024-byte aligned).
inline int32_t slot(int32_t r, int32_t c, bool swizzled) {
  int32_t chunk = c / 4, within = c % 4;
  if (swizzled)
    chunk ^= r & 7;
  return r * kBoxW + chunk * 4 + within;
}

// Block (bx, by) copies the box whose first element is at column
// ox + bx * kBoxW, row oy + by * box_h. bad[block]: elements of the tile
// in shared memory that were not what the host wrote (or zero outside).
[[gpu::kernel, gpu::launch_contract(2, kBlock, 1)]]
void roundtrip(const gpu::tensor_map<float, 2> src,
               const gpu::tensor_map<float, 2> dst, int32_t box_h,
               int32_t ox, int32_t oy, int32_t swizzled, int32_t store,
               int32_t *bad) {
  [[gpu::shared]] alignas(1024) float tile[kMaxBoxH * kBoxW];
  [[gpu::shared]] gpu::mbarrier full;
  [[gpu::shared]] int32_t wrong;
  uint32_t t = gpu::thread_idx().x;
  int32_t x0 = ox + int32_t(gpu::block_idx().x) * kBoxW;
  int32_t y0 = oy + int32_t(gpu::block_idx().y) * box_h;
  if (t == 0) {
    gpu::tma::prefetch(src);
    full.init(1);
    wrong = 0;
    gpu::fence_mbarrier_init();
  }
  gpu::sync_threads();
  if (t == 0) {
    // A partial box still completes all its bytes (the zeros included).
    full.arrive_expect_tx(uint32_t(box_h * kBoxW * sizeof(float)));
    gpu::tma::load(tile, src, x0, y0, full);
  }
  full.wait_parity(0);
  int32_t mine = 0;
  for (int32_t i = int32_t(t); i < box_h * kBoxW; i += int32_t(kBlock)) {
    int32_t r = i / kBoxW, c = i % kBoxW;
    int32_t gr = y0 + r, gc = x0 + c;
    bool inside = gr >= 0 && gr < kRows && gc >= 0 && gc < kCols;
    float want = inside ? value(gr, gc) : 0.0f;
    mine += tile[slot(r, c, swizzled != 0)] != want;
  }
  if (mine)
    gpu::atomic_add(&wrong, mine);
  gpu::sync_threads();
  if (t == 0) {
    bad[gpu::block_idx().y * gpu::grid_dim().x + gpu::block_idx().x] = wrong;
    // The tile was written by TMA only (the async proxy): no proxy fence
    // is needed before storing it back. Elements outside are not written.
    if (store) {
      gpu::tma::store(dst, x0, y0, tile);
      gpu::tma::store_commit();
      gpu::tma::store_wait_writes<0>();
    }
  }
  gpu::sync_threads();
  if (t == 0)
    full.inval();
}
} // namespace kernels

namespace {

struct tma_case {
  const char *name;
  int32_t box_h, ox, oy;
  gpu::tma_swizzle swizzle;
  bool store;
};

int run(gpu::context &ctx, const tma_case &c) {
  using namespace kernels;
  auto &stream = ctx.default_stream();
  std::vector<float> host(size_t(kRows) * kCols);
  for (int32_t r = 0; r < kRows; ++r)
    for (int32_t col = 0; col < kCols; ++col)
      host[size_t(r) * kCols + col] = value(r, col);
  auto src = gpu::device_buffer<float>::from_host(stream, host).value();
  auto dst = gpu::device_buffer<float>::zeroed(stream, host.size()).value();
  // Innermost first: {columns, rows}; boxes of kBoxW columns x box_h rows.
  auto src_map = gpu::tensor_map<float, 2>::tiled(
      src, {uint64_t(kCols), uint64_t(kRows)},
      {uint32_t(kBoxW), uint32_t(c.box_h)}, c.swizzle);
  auto dst_map = gpu::tensor_map<float, 2>::tiled(
      dst, {uint64_t(kCols), uint64_t(kRows)},
      {uint32_t(kBoxW), uint32_t(c.box_h)}, c.swizzle);
  std::string what = std::string("tma ") + c.name;
  if (!src_map || !dst_map)
    return check(false, (what + ": tensor maps").c_str(),
                 describe(src_map) + "; " + describe(dst_map));
  uint32_t tiles_x = uint32_t((kCols - c.ox + kBoxW - 1) / kBoxW);
  uint32_t tiles_y = uint32_t((kRows - c.oy + c.box_h - 1) / c.box_h);
  auto bad = gpu::device_buffer<int32_t>::zeroed(stream, tiles_x * tiles_y)
                 .value();
  auto p = gpu::prepare<roundtrip>(
               ctx, gpu::launch_config_2d{gpu::dim2{tiles_x, tiles_y},
                                          gpu::dim2{kBlock, 1}})
               .value();
  auto launched =
      gpu::launch(stream, p, *src_map, *dst_map, c.box_h, c.ox, c.oy,
                  int32_t(c.swizzle != gpu::tma_swizzle::none),
                  int32_t(c.store), bad);
  int failures =
      check(bool(launched), (what + ": launch").c_str(), describe(launched));
  if (!launched)
    return failures;
  auto b = bad.to_host(stream).value();
  auto out = dst.to_host(stream).value();
  int wrong_tiles = 0, wrong_copy = 0;
  for (int32_t v : b)
    wrong_tiles += v != 0;
  for (size_t i = 0; i < host.size(); ++i)
    wrong_copy += out[i] != host[i];
  failures += check(wrong_tiles == 0,
                    (what + ": tiles in shared memory (zero-filled outside)")
                        .c_str(),
                    std::to_string(wrong_tiles) + " of " +
                        std::to_string(b.size()) + " tiles wrong");
  if (c.store)
    failures += check(wrong_copy == 0, (what + ": TMA store back").c_str(),
                      std::to_string(wrong_copy) + " of " +
                          std::to_string(host.size()) + " elements wrong");
  return failures;
}

} // namespace

int main() {
  auto ctx = gpu::context::create(0);
  if (!ctx) {
    std::fprintf(stderr, "%s\n", ctx.error().message().c_str());
    return 2;
  }
  const tma_case cases[] = {
      {"32x16 boxes", 16, 0, 0, gpu::tma_swizzle::none, true},
      {"32x32 boxes, 128-byte swizzle", 32, 0, 0, gpu::tma_swizzle::b128,
       true},
      {"boxes shifted by (-8, -4)", 16, -8, -4, gpu::tma_swizzle::none,
       false},
  };
  int failures = 0;
  for (const tma_case &c : cases)
    failures += run(*ctx, c);
  if (failures) {
    std::printf("FAILED: %d checks\n", failures);
    return 1;
  }
  std::printf("PASSED: all checks\n");
}
