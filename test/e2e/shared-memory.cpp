// Shared memory, barriers and switch on the GPU: a block reduction through
// gpu::shared_array, a reversal through dynamic shared memory (above 48 KiB
// when the device allows it), and a switch per element.
#include <gpu/gpu.hpp>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace kernels {
constexpr uint32_t kBlock = 256;

// One partial sum per block.
[[gpu::kernel, gpu::launch_contract(1, kBlock)]]
void block_sum(std::span<const int> in, int *partial) {
  gpu::shared_array<int, kBlock> tile;
  uint32_t t = gpu::thread_idx().x;
  size_t i = gpu::thread::index_1d().get();
  tile[t] = i < in.size() ? in[i] : 0;
  gpu::sync_threads();
  for (uint32_t stride = kBlock / 2; stride > 0; stride /= 2) {
    if (t < stride)
      tile[t] += tile[t + stride];
    gpu::sync_threads();
  }
  if (t == 0)
    partial[gpu::block_idx().x] = tile[0];
}

// Each block reverses its chunk through dynamic shared memory.
[[gpu::kernel, gpu::launch_contract(1, kBlock)]]
void reverse_chunks(std::span<const float> in, gpu::disjoint_span<float> out) {
  std::span<float> buffer = gpu::dynamic_shared<float>();
  uint32_t t = gpu::thread_idx().x;
  auto idx = gpu::thread::index_1d();
  size_t base = size_t(gpu::block_idx().x) * kBlock;
  for (uint32_t k = t; k < kBlock; k += kBlock)
    buffer[k] = in[base + k];
  gpu::sync_threads();
  if (float *o = out.get_mut(idx))
    *o = buffer[kBlock - 1 - t] + float(buffer.size() >= kBlock);
}

[[gpu::kernel, gpu::launch_contract(1, kBlock)]]
void classify(std::span<const int> in, gpu::disjoint_span<int> out) {
  auto idx = gpu::thread::index_1d();
  int *o = out.get_mut(idx);
  if (!o)
    return;
  int r = 0;
  switch (in[idx.get()] % 5) {
  case 0:
    r = 10;
    break;
  case 1:
  case 2:
    r = 20; // falls through
    [[fallthrough]];
  case 3:
    r += 1;
    break;
  default:
    r = -1;
  }
  *o = r;
}

// A computed float copied byte-wise into shared memory at an odd offset: the
// stores are unaligned, so they are byte stores of the float's bits.
[[gpu::kernel, gpu::launch_contract(1, kBlock)]]
void unaligned_bytes(std::span<const float> in,
                     unsigned char *out) {
  gpu::shared_array<unsigned char, 4 * kBlock + 4> buf;
  uint32_t t = gpu::thread_idx().x;
  size_t base = size_t(gpu::block_idx().x) * kBlock;
  float v = in[base + t] * 1.5f + 0.25f;
  std::memcpy(&buf[4 * t + 1], &v, sizeof v);
  gpu::sync_threads();
  for (uint32_t k = 0; k < 4; ++k)
    out[4 * (base + t) + k] = buf[4 * t + 1 + k];
}
} // namespace kernels

int expected_class(int v) {
  switch (v % 5) {
  case 0: return 10;
  case 1: case 2: return 21;
  case 3: return 1;
  default: return -1;
  }
}

int main() {
  auto ctx = gpu::context::create(0);
  if (!ctx) {
    std::fprintf(stderr, "%s\n", ctx.error().message().c_str());
    return 2;
  }
  auto &stream = ctx->default_stream();
  int failures = 0;
  const uint32_t blocks = 64;
  const size_t n = size_t(blocks) * kernels::kBlock;
  std::vector<int> values(n);
  for (size_t i = 0; i < n; ++i)
    values[i] = int(i % 1000) - 300;
  auto in = gpu::device_buffer<int>::from_host(stream, values).value();

  auto partial = gpu::device_buffer<int>::zeroed(stream, blocks).value();
  auto p = gpu::prepare<kernels::block_sum>(*ctx, gpu::launch_config_1d{blocks, 256}).value();
  gpu::launch(stream, p, in, partial).value();
  auto sums = partial.to_host(stream).value();
  int bad = 0;
  for (uint32_t b = 0; b < blocks; ++b) {
    int expect = 0;
    for (uint32_t k = 0; k < kernels::kBlock; ++k)
      expect += values[b * kernels::kBlock + k];
    bad += sums[b] != expect;
  }
  std::printf("%s: shared_array block reduction, %d of %u blocks wrong\n",
              bad ? "FAILED" : "PASSED", bad, blocks);
  failures += bad != 0;

  std::vector<float> fin(n);
  for (size_t i = 0; i < n; ++i)
    fin[i] = float(i);
  auto fd = gpu::device_buffer<float>::from_host(stream, fin).value();
  auto fo = gpu::device_buffer<float>::uninitialized(stream, n).value();
  size_t shared_bytes = std::min<size_t>(64 * 1024, ctx->device().shared_memory_per_block());
  if (const char *env = std::getenv("SHARED_BYTES"))
    shared_bytes = std::strtoull(env, nullptr, 10);
  auto pr = gpu::prepare<kernels::reverse_chunks>(
                *ctx, gpu::launch_config_1d{blocks, 256, shared_bytes})
                .value();
  gpu::launch(stream, pr, fd, fo).value();
  auto rev = fo.to_host(stream).value();
  bad = 0;
  for (size_t i = 0; i < n; ++i) {
    size_t b = i / kernels::kBlock, t = i % kernels::kBlock;
    bad += rev[i] != fin[b * kernels::kBlock + kernels::kBlock - 1 - t] + 1.0f;
  }
  std::printf("%s: dynamic shared memory (%zu bytes), %d wrong\n",
              bad ? "FAILED" : "PASSED", shared_bytes, bad);
  failures += bad != 0;

  auto classes = gpu::device_buffer<int>::uninitialized(stream, n).value();
  auto pc = gpu::prepare<kernels::classify>(*ctx, gpu::launch_config_1d{blocks, 256}).value();
  gpu::launch(stream, pc, in, classes).value();
  auto cls = classes.to_host(stream).value();
  bad = 0;
  for (size_t i = 0; i < n; ++i)
    bad += cls[i] != expected_class(values[i]);
  std::printf("%s: switch, %d wrong\n", bad ? "FAILED" : "PASSED", bad);
  failures += bad != 0;

  auto bytes = gpu::device_buffer<unsigned char>::uninitialized(stream, 4 * n).value();
  auto pu = gpu::prepare<kernels::unaligned_bytes>(*ctx, gpu::launch_config_1d{blocks, 256}).value();
  gpu::launch(stream, pu, fd, bytes).value();
  auto got = bytes.to_host(stream).value();
  bad = 0;
  for (size_t i = 0; i < n; ++i) {
    float v = fin[i] * 1.5f + 0.25f;
    bad += std::memcmp(&got[4 * i], &v, 4) != 0;
  }
  std::printf("%s: unaligned byte copies of floats, %d wrong\n",
              bad ? "FAILED" : "PASSED", bad);
  failures += bad != 0;

  if (failures) {
    std::printf("FAILED: %d checks\n", failures);
    return 1;
  }
  std::printf("PASSED: all checks\n");
}
