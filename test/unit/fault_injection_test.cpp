// Driver fault injection walk: a program that uses every part of the
// runtime runs once through the stand-in driver to record which driver
// entry points it calls and how often; then, for each of them, it runs
// again with the first call (and the last, when there are several) of that
// entry point failing. Each failure must reach the program as a gpu::error
// (no crash, no exception, no abort) that names the operation, and the
// kernel where there is one; nothing may leak; and a fresh context must
// work afterwards.
//
// The table of entry point -> error is printed, and written to the file
// that ALLOY_FAULT_TABLE names (docs/fault-injection.md):
//   ALLOY_FAULT_TABLE=docs/fault-injection.md \
//     build/bin/alloy_unit_tests --gtest_filter='FaultInjection.*'
#include "fake_driver.hpp"

#include <gpu/gpu.hpp>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <vector>

namespace fi {
[[gpu::kernel, gpu::launch_contract(1, 64)]] void
scale(std::span<const float> in, gpu::disjoint_span<float> out, float k) {}
float factors[4]; // a device global of the image below
} // namespace fi

namespace {

const void *const functions[] = {reinterpret_cast<const void *>(&fi::scale)};
const char metadata[] = "arch sm_80\n"
                        "kernel scale_entry fi::scale\n"
                        "contract 1 64 1 1\n"
                        "param in input 16 0:8,8:8\n"
                        "param out output 16 0:8,8:8\n"
                        "param k scalar 4 0:4\n"
                        "global factors_symbol constant 16 fi::factors\n";
const void *const globals[] = {&fi::factors};

#define CHECK_OK(expr)                                                         \
  do {                                                                         \
    if (auto r_ = (expr); !r_)                                                 \
      return std::unexpected(r_.error());                                      \
  } while (0)
#define TRY(var, expr)                                                         \
  auto var##_r = (expr);                                                       \
  if (!var##_r)                                                                \
    return std::unexpected(var##_r.error());                                   \
  auto var = std::move(*var##_r)

// The representative program. `after_launch` runs right after the first
// launch succeeded (the walk records the calls made up to there).
template <class F> gpu::result<void> program(F &&after_launch) {
  TRY(count, gpu::device_count());
  TRY(props, gpu::device_properties::query(0));
  TRY(ctx, gpu::context::create());
  TRY(ctx_props, ctx.properties());
  CHECK_OK(ctx.set_limit(gpu::limit::stack_size, 4096));
  TRY(stack, ctx.get_limit(gpu::limit::stack_size));
  TRY(s, ctx.create_stream());
  std::vector<float> host(256, 1.5f);
  TRY(in, gpu::device_buffer<float>::from_host(s, host));
  TRY(out, gpu::device_buffer<float>::zeroed(s, 256));
  TRY(copy, gpu::device_buffer<float>::uninitialized(s, 256));
  TRY(pinned, gpu::pinned_buffer<float>::allocate(ctx, 256));
  CHECK_OK(gpu::copy_async(s, pinned, in));  // device to host
  CHECK_OK(gpu::copy_async(s, copy, pinned)); // host to device
  CHECK_OK(gpu::copy_async(s, copy, in));     // device to device
  CHECK_OK(gpu::memset_async(s, out, 0));
  TRY(shorts, gpu::device_buffer<uint16_t>::uninitialized(s, 64));
  CHECK_OK(gpu::fill_async(s, shorts, uint16_t(7)));
  CHECK_OK(gpu::fill_async(s, copy, 2.0f));
  TRY(start, ctx.create_event());
  TRY(stop, ctx.create_event());
  CHECK_OK(start.record(s));
  // 64 KiB of dynamic shared memory: the function's limit is raised.
  TRY(p, gpu::prepare<fi::scale>(ctx, gpu::launch_config_1d{4, 64, 64 << 10}));
  TRY(occupancy, gpu::occupancy_of(p));
  const float factors[4] = {1, 2, 3, 4};
  CHECK_OK(gpu::copy_to_symbol(s, fi::factors, factors));
  CHECK_OK(gpu::launch(s, p, in, out, 2.0f));
  after_launch();
  CHECK_OK(stop.record(s));
  TRY(done, stop.query());
  CHECK_OK(stop.synchronize());
  TRY(ms, gpu::elapsed_ms(start, stop));
  TRY(other, ctx.create_stream());
  CHECK_OK(other.wait(stop));
  TRY(g, s.capture([&]() -> gpu::result<void> {
    CHECK_OK(gpu::launch(s, p, in, out, 2.0f));
    CHECK_OK(gpu::fill_async(s, copy, 3.0f));
    return {};
  }));
  TRY(nodes, g.node_count());
  CHECK_OK(g.launch(s));
  // A cooperative launch: the occupancy check, then its own entry point.
  CHECK_OK(gpu::launch_unchecked<fi::scale>(
      s, gpu::cooperative(gpu::launch_config_1d{1, 64}), in, out, 2.0f));
  TRY(wrapped_stream, gpu::stream::wrap(ctx, s.native_handle()));
  TRY(wrapped, gpu::device_buffer<float>::wrap(ctx, copy.native_handle(),
                                               copy.size()));
  CHECK_OK(s.synchronize());
  CHECK_OK(ctx.synchronize());
  TRY(result, out.to_host(s));
  return {};
}

// A fresh context, a kernel and a copy back: the runtime works again.
gpu::result<void> fresh_context_works() {
  TRY(ctx, gpu::context::create());
  TRY(s, ctx.create_stream());
  std::vector<float> host(64, 1.0f);
  TRY(in, gpu::device_buffer<float>::from_host(s, host));
  TRY(out, gpu::device_buffer<float>::zeroed(s, 64));
  TRY(p, gpu::prepare<fi::scale>(ctx, gpu::launch_config_1d{1, 64}));
  CHECK_OK(gpu::launch(s, p, in, out, 2.0f));
  TRY(back, out.to_host(s));
  return {};
}

// Entry points whose failure the program cannot see, and why.
const std::map<std::string, std::string> silent = {
    // Called from destructors, which cannot report; the object's handle
    // is dropped and the fake counts it as leaked by the driver.
    {"cuMemFree_v2", "destructor (device_buffer)"},
    {"cuMemFreeHost", "destructor (pinned_buffer)"},
    {"cuStreamDestroy_v2", "destructor (stream)"},
    {"cuEventDestroy_v2", "destructor (event)"},
    {"cuGraphExecDestroy", "destructor (graph)"},
    {"cuGraphDestroy", "destructor (graph)"},
    {"cuModuleUnload", "destructor (context)"},
    {"cuDevicePrimaryCtxRelease_v2", "destructor (context)"},
    // A failed query of the current context: the runtime sets it anyway.
    {"cuCtxGetCurrent", "the runtime then sets the context anyway"},
};
// Entry points whose first call reports but whose last call cannot.
const std::map<std::string, std::string> silent_last = {
    {"cuCtxSetCurrent", "destructor (making the context current to free)"},
    {"cuPointerGetAttribute",
     "the allocation range check of device_buffer::wrap is skipped when the "
     "driver cannot tell the range"},
};
// The fake's object kind that a failed destroy leaves behind.
const std::map<std::string, std::string> leaves_behind = {
    {"cuMemFree_v2", "device_memory"},
    {"cuMemFreeHost", "host_memory"},
    {"cuStreamDestroy_v2", "streams"},
    {"cuEventDestroy_v2", "events"},
    {"cuGraphExecDestroy", "graphs"},
    {"cuGraphDestroy", "graphs"},
    {"cuModuleUnload", "modules"},
    {"cuDevicePrimaryCtxRelease_v2", "primary_retains"},
};
// Entry points that work for a kernel: their errors name it.
const std::set<std::string> kernel_calls = {
    "cuModuleLoadDataEx", "cuModuleGetFunction", "cuFuncGetAttribute",
    "cuFuncSetAttribute", "cuOccupancyMaxActiveBlocksPerMultiprocessor",
    "cuLaunchKernel", "cuLaunchCooperativeKernel"};
// The runtime remembers a failed cuInit (the driver is unusable) until
// reset_driver_for_testing; every later call reports it.
const std::set<std::string> remembered = {"cuInit"};

// "cuMemAlloc_v2" -> "cuMemAlloc", the name in the runtime's messages.
std::string base_name(std::string name) {
  for (const char *suffix : {"_v2"})
    if (name.size() > 3 && name.ends_with(suffix))
      name.resize(name.size() - 3);
  return name;
}

// Words of the public API that a message may name the operation by.
const char *const operations[] = {
    "gpu::device_count", "counting the CUDA devices", "device_properties",
    "context::create", "retaining the primary context", "cuDeviceGet",
    "reading the device's", "context::set_limit", "context::get_limit",
    "creating a stream", "allocating", "copying to the device",
    "copying to the host", "zeroing a device_buffer", "gpu::copy_async",
    "gpu::memset_async", "gpu::fill_async", "creating an event",
    "event::record", "event::query", "event::synchronize", "gpu::elapsed_ms",
    "stream::wait", "stream::begin_capture", "stream::end_capture",
    "instantiating the captured graph", "graph::launch", "graph::node_count",
    "stream::wrap", "device_buffer::wrap", "stream::synchronize",
    "context::synchronize", "gpu::occupancy_of", "making the device's "
    "context current", "gpu::copy_to_symbol", "device global 'fi::factors'"};

bool names_operation(const std::string &message, const std::string &entry) {
  if (message.find(base_name(entry)) != std::string::npos ||
      message.find("kernel 'fi::scale'") != std::string::npos)
    return true;
  for (const char *op : operations)
    if (message.find(op) != std::string::npos)
      return true;
  return false;
}

struct row {
  std::string entry;
  int calls = 0;
  std::string which; // "first", "last"
  std::string error; // the message, or why there is none
};

class FaultInjection : public alloy_test::FakeDriverBase {
protected:
  void SetUp() override {
    FakeDriverBase::SetUp();
    static const alloy_module_image image = [] {
      alloy_module_image i = alloy_test::make_image(metadata, 1, functions);
      i.global_count = 1;
      i.host_globals = globals;
      return i;
    }();
    __alloy_register_module(&image);
  }

  // Fresh driver and fake state, as at the start of a process.
  void restart() {
    gpu::detail::cu::reset_driver_for_testing();
    reset_fake();
  }

  // Runs the program; the message of its error, "" when it succeeded.
  // An exception escaping is a test failure.
  std::string run(std::map<std::string, int> *at_launch = nullptr) {
    try {
      auto r = program([&] {
        if (at_launch)
          *at_launch = calls();
      });
      return r ? std::string() : r.error().message();
    } catch (const std::exception &e) {
      ADD_FAILURE() << "an exception escaped: " << e.what();
    } catch (...) {
      ADD_FAILURE() << "an unknown exception escaped";
    }
    return "(exception)";
  }

  void expect_nothing_leaked(const std::string &failed) {
    for (const char *kind :
         {"device_memory", "host_memory", "streams", "events", "graphs",
          "modules", "primary_retains"}) {
      auto it = leaves_behind.find(failed);
      int allowed = it != leaves_behind.end() && it->second == kind ? 1 : 0;
      EXPECT_EQ(live(kind), allowed) << kind << " left after " << failed;
    }
  }

  static void write_table(const std::vector<row> &rows,
                          const std::vector<row> &sticky,
                          const std::vector<std::string> &unused) {
    std::string text;
    text += "# Driver fault injection\n\n"
            "Generated by `test/unit/fault_injection_test.cpp`; regenerate "
            "with\n\n"
            "```sh\n"
            "ALLOY_FAULT_TABLE=docs/fault-injection.md \\\n"
            "  build/bin/alloy_unit_tests "
            "--gtest_filter='FaultInjection.*'\n"
            "```\n\n"
            "A program using every part of the runtime (context, streams, "
            "buffers from host, a pinned buffer, asynchronous copies, "
            "memset/fill, events, a copy to a device global, prepare + launch of a "
            "kernel `fi::scale` "
            "with 64 KiB of dynamic shared memory, occupancy, graph capture "
            "and replay, a cooperative launch, limits, device properties, interop wraps, "
            "to_host) runs through the stand-in driver with one call of one "
            "entry point failing with `CUDA_ERROR_UNKNOWN` (999): its first "
            "call, and its last when it is called more than once. Calls: "
            "how often the program calls it. Every failure reaches the "
            "program as a `gpu::error` (or is one a destructor cannot "
            "report), nothing leaks but the object whose destroy failed, "
            "and a fresh context works afterwards (after a failed `cuInit` "
            "only once the driver is loaded again: the runtime remembers "
            "it).\n\n"
            "| entry point | calls | failed call | error the program sees |\n"
            "|---|---|---|---|\n";
    auto escape = [](std::string s) {
      // Addresses differ from run to run.
      s = std::regex_replace(s, std::regex("0x[0-9a-f]+"), "0x...");
      std::string out;
      for (char c : s)
        out += c == '|' ? std::string("\\|") : c == '\n' ? " " : std::string(1, c);
      return out;
    };
    for (const row &r : rows)
      text += "| `" + r.entry + "` | " + std::to_string(r.calls) + " | " +
              r.which + " | " + escape(r.error) + " |\n";
    text += "\nSticky faults: the last call of each entry point that the "
            "program makes after its first launch, failing with "
            "`CUDA_ERROR_ILLEGAL_ADDRESS` (700), as a kernel fault "
            "surfaces.\n\n"
            "| entry point | error the program sees |\n|---|---|\n";
    for (const row &r : sticky)
      text += "| `" + r.entry + "` | " + escape(r.error) + " |\n";
    text += "\nEntry points the runtime binds but the program does not "
            "call: ";
    for (size_t i = 0; i < unused.size(); ++i)
      text += (i ? ", `" : "`") + unused[i] + "`";
    text += " (`cuGetErrorName`/`cuGetErrorString` only format errors: "
            "see `FaultInjection.ErrorFormattingSurvivesItsOwnFailure`).\n";
    std::printf("%s", text.c_str());
    if (const char *path = std::getenv("ALLOY_FAULT_TABLE"))
      std::ofstream(path) << text;
  }
};

// Every entry point in runtime/driver_api.hpp, by its exported name.
const char *const bound[] = {
    "cuInit", "cuDriverGetVersion", "cuGetErrorName", "cuGetErrorString",
    "cuDeviceGetCount", "cuDeviceGet", "cuDeviceGetName",
    "cuDeviceGetAttribute", "cuDeviceTotalMem_v2", "cuDevicePrimaryCtxRetain",
    "cuDevicePrimaryCtxRelease_v2", "cuCtxGetCurrent", "cuCtxSetCurrent",
    "cuCtxSynchronize", "cuCtxSetLimit", "cuCtxGetLimit", "cuStreamCreate",
    "cuStreamDestroy_v2", "cuStreamSynchronize", "cuStreamGetCtx",
    "cuStreamQuery", "cuStreamBeginCapture_v2", "cuStreamEndCapture",
    "cuGraphInstantiateWithFlags", "cuGraphLaunch", "cuGraphGetNodes",
    "cuGraphExecDestroy", "cuGraphDestroy", "cuPointerGetAttribute",
    "cuEventCreate", "cuEventDestroy_v2", "cuEventRecord",
    "cuEventSynchronize", "cuEventElapsedTime", "cuEventQuery",
    "cuStreamWaitEvent", "cuMemAlloc_v2", "cuMemFree_v2",
    "cuMemcpyHtoDAsync_v2", "cuMemcpyDtoHAsync_v2", "cuMemsetD8Async",
    "cuMemsetD16Async", "cuMemsetD32Async", "cuMemcpyDtoDAsync_v2",
    "cuMemAllocHost_v2", "cuMemFreeHost", "cuMemGetInfo_v2",
    "cuModuleLoadDataEx",
    "cuModuleUnload", "cuModuleGetFunction", "cuModuleGetGlobal_v2",
    "cuFuncSetAttribute",
    "cuFuncGetAttribute", "cuOccupancyMaxActiveBlocksPerMultiprocessor",
    "cuLaunchKernel", "cuLaunchCooperativeKernel"};

TEST_F(FaultInjection, EveryEntryPointFailingReachesTheProgram) {
  // The clean run: which entry points, how often, and how many calls
  // happened up to the first launch.
  restart();
  std::map<std::string, int> at_launch;
  ASSERT_EQ(run(&at_launch), "");
  const std::map<std::string, int> recorded = calls();
  expect_nothing_leaked("");
  ASSERT_GT(recorded.size(), 40u);
  std::vector<std::string> unused;
  for (const char *name : bound)
    if (!recorded.count(name))
      unused.push_back(name);

  std::vector<row> rows;
  for (const auto &[entry, count] : recorded) {
    std::vector<std::pair<int, std::string>> targets = {{1, "first"}};
    if (count > 1)
      targets.push_back({count, "last (" + std::to_string(count) + ")"});
    for (const auto &[nth, which] : targets) {
      SCOPED_TRACE(entry + ", call " + std::to_string(nth));
      restart();
      fail_nth(entry.c_str(), nth, 999); // CUDA_ERROR_UNKNOWN, not sticky
      std::string message = run();
      EXPECT_EQ(calls()[entry], std::max(nth, calls()[entry]));
      row r{entry, count, which, message};
      bool last = nth > 1;
      if (message.empty()) {
        auto why = silent.find(entry);
        if (why == silent.end() && last)
          why = silent_last.find(entry);
        EXPECT_TRUE(why != silent.end() && why != silent_last.end())
            << "the failure did not reach the program";
        r.error = "(none: " +
                  (why != silent.end() && why != silent_last.end()
                       ? why->second
                       : "NOT REPORTED") +
                  ")";
      } else {
        EXPECT_FALSE(silent.count(entry) || (last && silent_last.count(entry)))
            << "unexpectedly reported";
        EXPECT_NE(message.find("CUDA_ERROR_UNKNOWN"), std::string::npos)
            << message;
        EXPECT_TRUE(names_operation(message, entry))
            << "the message names no operation: " << message;
        if (kernel_calls.count(entry))
          EXPECT_NE(message.find("fi::scale"), std::string::npos) << message;
      }
      expect_nothing_leaked(entry);
      // Afterwards a fresh context works (the fake fails one call only).
      auto fresh = fresh_context_works();
      if (remembered.count(entry)) {
        ASSERT_FALSE(fresh);
        EXPECT_NE(fresh.error().message().find("cuInit"), std::string::npos)
            << fresh.error().message();
        gpu::detail::cu::reset_driver_for_testing();
        fresh = fresh_context_works();
      }
      EXPECT_TRUE(fresh) << fresh.error().message();
      rows.push_back(std::move(r));
    }
  }

  // Sticky faults: the last call after the launch fails as a kernel fault
  // would; an error that reports it names the kernel, and the context
  // stays faulted while a fresh one works.
  std::vector<row> sticky;
  for (const auto &[entry, count] : recorded) {
    int before = at_launch.count(entry) ? at_launch.at(entry) : 0;
    if (count <= before || silent.count(entry) || silent_last.count(entry))
      continue;
    SCOPED_TRACE(entry + " (sticky), call " + std::to_string(count));
    restart();
    fail_nth(entry.c_str(), count, 700); // CUDA_ERROR_ILLEGAL_ADDRESS
    std::string message = run();
    EXPECT_FALSE(message.empty());
    EXPECT_NE(message.find("CUDA_ERROR_ILLEGAL_ADDRESS"), std::string::npos)
        << message;
    EXPECT_NE(message.find("fi::scale"), std::string::npos) << message;
    expect_nothing_leaked(entry);
    auto fresh = fresh_context_works();
    EXPECT_TRUE(fresh) << fresh.error().message();
    sticky.push_back({entry, count, "last", message});
  }
  write_table(rows, sticky, unused);
}

TEST_F(FaultInjection, TheNthCallFails) {
  auto ctx = gpu::context::create().value();
  auto &s = ctx.default_stream();
  int before = calls()["cuMemAlloc_v2"];
  fail_nth("cuMemAlloc_v2", 3, 2); // CUDA_ERROR_OUT_OF_MEMORY
  EXPECT_TRUE(gpu::device_buffer<int>::zeroed(s, 4));
  EXPECT_TRUE(gpu::device_buffer<int>::zeroed(s, 4));
  auto third = gpu::device_buffer<int>::zeroed(s, 4);
  ASSERT_FALSE(third);
  EXPECT_EQ(third.error().name(), "CUDA_ERROR_OUT_OF_MEMORY");
  EXPECT_TRUE(gpu::device_buffer<int>::zeroed(s, 4)); // once only
  EXPECT_EQ(calls()["cuMemAlloc_v2"], before + 4);
}

TEST_F(FaultInjection, ErrorFormattingSurvivesItsOwnFailure) {
  auto ctx = gpu::context::create().value();
  fail_next("cuMemAlloc_v2", 2);
  fail_next("cuGetErrorString", 999);
  auto r = gpu::device_buffer<int>::zeroed(ctx.default_stream(), 4);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().name(), "CUDA_ERROR_OUT_OF_MEMORY");
  EXPECT_EQ(r.error().message(),
            "allocating 16 bytes of device memory: CUDA_ERROR_OUT_OF_MEMORY");
}

} // namespace
