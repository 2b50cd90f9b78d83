// The runtime used from several host threads at once, through the
// stand-in driver (which serialises its own state with a lock): one
// context shared, a stream per thread; the first use of the same kernels
// from every thread at once (lazy module loading), prepare and launch of
// different kernels, buffers, pinned buffers, copies, events, registry
// lookups, and contexts made and dropped concurrently. Run it under
// -DALLOY_SANITIZE=thread (docs/testing.md) to find data races.
#include "fake_driver.hpp"

#include <gpu/gpu.hpp>

#include <atomic>
#include <latch>
#include <string>
#include <thread>
#include <vector>

namespace tk {
[[gpu::kernel, gpu::launch_contract(1, 64)]] void
add_one(std::span<const int> in, gpu::disjoint_span<int> out) {}
[[gpu::kernel, gpu::launch_contract(1, 64)]] void
twice(std::span<const int> in, gpu::disjoint_span<int> out) {}
[[gpu::kernel, gpu::launch_contract(1, 64)]] void
other_module(std::span<const int> in, gpu::disjoint_span<int> out) {}
} // namespace tk

namespace {

const void *const first_functions[] = {
    reinterpret_cast<const void *>(&tk::add_one),
    reinterpret_cast<const void *>(&tk::twice)};
const char first_metadata[] = "arch sm_80\n"
                              "kernel add_one_entry tk::add_one\n"
                              "contract 1 64 1 1\n"
                              "param in input 16 0:8,8:8\n"
                              "param out output 16 0:8,8:8\n"
                              "kernel twice_entry tk::twice\n"
                              "contract 1 64 1 1\n"
                              "param in input 16 0:8,8:8\n"
                              "param out output 16 0:8,8:8\n";
const void *const second_functions[] = {
    reinterpret_cast<const void *>(&tk::other_module)};
const char second_metadata[] = "arch sm_80\n"
                               "kernel other_entry tk::other_module\n"
                               "contract 1 64 1 1\n"
                               "param in input 16 0:8,8:8\n"
                               "param out output 16 0:8,8:8\n";

// The fake's kernels: add_one and other_module add 1, twice doubles.
void run_kernel(const char *symbol, void **params, const unsigned *grid,
                const unsigned *block, unsigned) {
  // Each span is two PTX parameters: data pointer, size.
  auto in = *static_cast<const int **>(params[0]);
  auto out = *static_cast<int **>(params[2]);
  auto n = *static_cast<uint64_t *>(params[3]);
  bool doubles = std::string(symbol) == "twice_entry";
  for (uint64_t i = 0; i < n && i < uint64_t(grid[0]) * block[0]; ++i)
    out[i] = doubles ? in[i] * 2 : in[i] + 1;
}

constexpr int threads = 8;
constexpr int rounds = 40;

class Threads : public alloy_test::FakeDriverBase {
protected:
  void SetUp() override {
    FakeDriverBase::SetUp();
    static const alloy_module_image first =
        alloy_test::make_image(first_metadata, 2, first_functions);
    static const alloy_module_image second =
        alloy_test::make_image(second_metadata, 1, second_functions);
    __alloy_register_module(&first);
    __alloy_register_module(&second);
    set_hook(run_kernel);
  }
};

// One thread's work on its own stream of the shared context; an empty
// string, or what went wrong.
std::string work(gpu::context &ctx, int id, std::latch &start) {
  auto s_or = ctx.create_stream();
  if (!s_or)
    return s_or.error().message();
  gpu::stream s = std::move(*s_or);
  const gpu::launch_config_1d config{1, 64};
  start.arrive_and_wait();
  // The first use of every kernel, from every thread at once: each module
  // must be loaded once and every thread must get the same functions.
  auto a = gpu::prepare<tk::add_one>(ctx, config);
  auto b = gpu::prepare<tk::twice>(ctx, config);
  auto c = gpu::prepare<tk::other_module>(ctx, config);
  if (!a || !b || !c)
    return "prepare failed";
  auto start_event = ctx.create_event();
  auto stop_event = ctx.create_event();
  if (!start_event || !stop_event)
    return "create_event failed";
  for (int round = 0; round < rounds; ++round) {
    std::vector<int> host(64, id * 1000 + round);
    auto in = gpu::device_buffer<int>::from_host(s, host);
    auto out = gpu::device_buffer<int>::zeroed(s, 64);
    auto pinned = gpu::pinned_buffer<int>::allocate(ctx, 64);
    if (!in || !out || !pinned)
      return "allocation failed";
    if (auto r = start_event->record(s); !r)
      return r.error().message();
    gpu::result<void> launched;
    int expected = 0;
    switch (round % 3) {
    case 0:
      launched = gpu::launch(s, *a, *in, *out);
      expected = host[0] + 1;
      break;
    case 1:
      launched = gpu::launch(s, *b, *in, *out);
      expected = host[0] * 2;
      break;
    default:
      // Prepared again each time: the lookup and the cache, concurrently.
      auto again = gpu::prepare<tk::other_module>(ctx, config);
      if (!again)
        return again.error().message();
      launched = gpu::launch(s, *again, *in, *out);
      expected = host[0] + 1;
    }
    if (!launched)
      return launched.error().message();
    if (auto r = stop_event->record(s); !r)
      return r.error().message();
    if (auto done = stop_event->query(); !done)
      return done.error().message();
    if (auto r = gpu::copy_async(s, *pinned, *out); !r)
      return r.error().message();
    if (auto r = gpu::fill_async(s, *in, 5); !r)
      return r.error().message();
    if (auto r = stop_event->synchronize(); !r)
      return r.error().message();
    if (auto ms = gpu::elapsed_ms(*start_event, *stop_event); !ms)
      return ms.error().message();
    if (auto r = s.synchronize(); !r)
      return r.error().message();
    if ((*pinned)[63] != expected)
      return "thread " + std::to_string(id) + " round " +
             std::to_string(round) + ": " + std::to_string((*pinned)[63]) +
             " instead of " + std::to_string(expected);
    auto back = in->to_host(s);
    if (!back || (*back)[0] != 5)
      return "fill_async did not arrive";
  }
  return {};
}

TEST_F(Threads, OneContextAStreamPerThread) {
  {
    auto ctx = gpu::context::create().value();
    std::latch start(threads);
    std::vector<std::string> errors(threads);
    std::vector<std::thread> pool;
    for (int id = 0; id < threads; ++id)
      pool.emplace_back(
          [&, id] { errors[id] = work(ctx, id, start); });
    for (auto &t : pool)
      t.join();
    for (int id = 0; id < threads; ++id)
      EXPECT_EQ(errors[id], "") << "thread " << id;
    EXPECT_EQ(launches(), threads * rounds);
    // Each module was loaded once into the context despite the race.
    EXPECT_EQ(live("modules"), 2);
    EXPECT_EQ(calls()["cuModuleLoadDataEx"], 2);
    EXPECT_TRUE(ctx.synchronize());
  }
  for (const char *kind : {"device_memory", "host_memory", "streams",
                           "events", "modules", "primary_retains"})
    EXPECT_EQ(live(kind), 0) << kind;
}

TEST_F(Threads, TheDefaultStreamSharedForLaunches) {
  auto ctx = gpu::context::create().value();
  auto &s = ctx.default_stream();
  std::vector<int> host(64, 1);
  auto in = gpu::device_buffer<int>::from_host(s, host).value();
  std::vector<gpu::device_buffer<int>> outs;
  for (int id = 0; id < threads; ++id)
    outs.push_back(gpu::device_buffer<int>::zeroed(s, 64).value());
  std::vector<std::thread> pool;
  std::atomic<int> failures = 0;
  for (int id = 0; id < threads; ++id)
    pool.emplace_back([&, id] {
      auto p = gpu::prepare<tk::twice>(ctx, gpu::launch_config_1d{1, 64});
      for (int round = 0; round < rounds; ++round)
        if (!p || !gpu::launch(s, *p, in, outs[id]))
          ++failures;
    });
  for (auto &t : pool)
    t.join();
  EXPECT_EQ(failures, 0);
  EXPECT_EQ(launches(), threads * rounds);
  for (auto &out : outs)
    EXPECT_EQ(out.to_host(s).value(), std::vector<int>(64, 2));
}

TEST_F(Threads, ContextsMadeAndDroppedConcurrently) {
  std::vector<std::thread> pool;
  std::atomic<int> failures = 0;
  for (int id = 0; id < threads; ++id)
    pool.emplace_back([&] {
      for (int round = 0; round < rounds / 4; ++round) {
        auto ctx = gpu::context::create();
        if (!ctx) {
          ++failures;
          continue;
        }
        auto &s = ctx->default_stream();
        auto buf = gpu::device_buffer<int>::zeroed(s, 16);
        auto p = gpu::prepare<tk::add_one>(*ctx, gpu::launch_config_1d{1, 64});
        auto props = ctx->properties();
        auto n = gpu::device_count();
        if (!buf || !p || !props || !n || !ctx->synchronize())
          ++failures;
      }
    });
  for (auto &t : pool)
    t.join();
  EXPECT_EQ(failures, 0);
  for (const char *kind :
       {"device_memory", "streams", "modules", "primary_retains"})
    EXPECT_EQ(live(kind), 0) << kind;
}

} // namespace
