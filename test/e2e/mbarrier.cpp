// mbarriers on the GPU (sm_90): a producer warp hands 64 buffers, one after
// another, to three consumer warps of its block through one shared buffer
// and two mbarriers (`full`: the producer's 32 arrivals; `empty`: the
// consumers' 96), waiting on the phases' parities; elect_one picks the lane
// that writes the buffer's header word; at the end every thread arrives on
// a third mbarrier and waits on its token. Every value each consumer saw is
// checked exactly on the host, so a stale or early read fails.
#include <gpu/gpu.hpp>
#include <gpu/hopper.hpp>

#include "check.hpp"

#include <cstdio>
#include <string>
#include <vector>

namespace kernels {
constexpr uint32_t kBlock = 128, kProducers = 32,
                   kConsumers = kBlock - kProducers, kIters = 64;

constexpr int produced(uint32_t block, uint32_t it, uint32_t lane) {
  return int(block * 100000 + it * 100 + lane);
}

// seen[((block * kIters) + it) * kConsumers + c]: what consumer c read in
// iteration it (a data word, plus the header through `header`).
[[gpu::kernel, gpu::launch_contract(1, kBlock)]]
void handoff(int *seen, int *header, int *done) {
  [[gpu::shared]] gpu::mbarrier full;
  [[gpu::shared]] gpu::mbarrier empty;
  [[gpu::shared]] gpu::mbarrier all;
  [[gpu::shared]] int buf[kProducers + 1];
  uint32_t t = gpu::thread_idx().x;
  uint32_t block = gpu::block_idx().x;
  if (t == 0) {
    full.init(kProducers);
    empty.init(kConsumers);
    all.init(kBlock);
    gpu::fence_mbarrier_init();
  }
  gpu::sync_threads();
  if (t < kProducers) {
    for (uint32_t it = 0; it < kIters; ++it) {
      if (it > 0)
        empty.wait_parity((it - 1) & 1); // the consumers are done with it
      buf[t] = produced(block, it, t);
      if (gpu::elect_one())
        buf[kProducers] = int(block * 1000 + it);
      gpu::fence_proxy_async();
      full.arrive();
    }
  } else {
    uint32_t c = t - kProducers;
    for (uint32_t it = 0; it < kIters; ++it) {
      full.wait_parity(it & 1);
      size_t at = (size_t(block) * kIters + it) * kConsumers + c;
      seen[at] = buf[(c + it) % kProducers];
      header[at] = buf[kProducers];
      empty.arrive();
    }
  }
  gpu::mbarrier::token tok = all.arrive();
  all.wait(tok);
  if (t == 0) {
    full.inval();
    empty.inval();
    done[block] = 1;
  }
}
} // namespace kernels

int main() {
  using namespace kernels;
  auto ctx = gpu::context::create(0);
  if (!ctx) {
    std::fprintf(stderr, "%s\n", ctx.error().message().c_str());
    return 2;
  }
  auto &stream = ctx->default_stream();
  const uint32_t blocks = 8;
  const size_t n = size_t(blocks) * kIters * kConsumers;
  auto seen = gpu::device_buffer<int>::zeroed(stream, n).value();
  auto header = gpu::device_buffer<int>::zeroed(stream, n).value();
  auto done = gpu::device_buffer<int>::zeroed(stream, blocks).value();
  auto p = gpu::prepare<handoff>(*ctx, gpu::launch_config_1d{blocks, kBlock})
               .value();
  int failures = 0;
  auto launched = gpu::launch(stream, p, seen, header, done);
  failures += check(bool(launched), "mbarrier handoff launch",
                    describe(launched));
  if (launched) {
    auto s = seen.to_host(stream).value();
    auto h = header.to_host(stream).value();
    auto d = done.to_host(stream).value();
    int bad = 0, badHeader = 0, badDone = 0;
    for (uint32_t b = 0; b < blocks; ++b) {
      badDone += d[b] != 1;
      for (uint32_t it = 0; it < kIters; ++it)
        for (uint32_t c = 0; c < kConsumers; ++c) {
          size_t at = (size_t(b) * kIters + it) * kConsumers + c;
          bad += s[at] != produced(b, it, (c + it) % kProducers);
          badHeader += h[at] != int(b * 1000 + it);
        }
    }
    failures += check(bad == 0, "mbarrier phases: data handed over",
                      std::to_string(bad) + " of " + std::to_string(n) +
                          " reads wrong");
    failures += check(badHeader == 0, "elect_one header word",
                      std::to_string(badHeader) + " wrong");
    failures += check(badDone == 0, "arrive/wait(token) rendezvous",
                      std::to_string(badDone) + " blocks unfinished");
  }
  if (failures) {
    std::printf("FAILED: %d checks\n", failures);
    return 1;
  }
  std::printf("PASSED: all checks\n");
}
