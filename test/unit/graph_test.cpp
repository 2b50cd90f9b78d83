// CUDA graphs through stream capture: capture, instantiate, replay, and the
// errors around them (stand-in driver, which records captured work as
// closures and runs them on each graph launch).
#include "fake_driver.hpp"

#include <gpu/gpu.hpp>

#include <vector>

namespace gk {
[[gpu::kernel, gpu::launch_contract(1, 64)]] void
bump(std::span<const int> in, gpu::disjoint_span<int> out) {}
} // namespace gk

namespace {

const void *const functions[] = {reinterpret_cast<const void *>(&gk::bump)};
const char metadata[] = "arch sm_80\n"
                        "kernel bump_entry gk::bump\n"
                        "contract 1 64 1 1\n"
                        "param in input 16 0:8,8:8\n"
                        "param out output 16 0:8,8:8\n";

class Graphs : public alloy_test::FakeDriverBase {
protected:
  void SetUp() override {
    FakeDriverBase::SetUp();
    static const alloy_module_image image =
        alloy_test::make_image(metadata, 1, functions);
    __alloy_register_module(&image);
  }
  int graphs_alive() { return control<int (*)()>("fake_cuda_graphs_alive")(); }
  int graph_launches() {
    return control<int (*)()>("fake_cuda_graph_launches")();
  }
};

TEST_F(Graphs, CaptureRecordsAndReplayRuns) {
  auto ctx = gpu::context::create().value();
  auto s = ctx.create_stream().value();
  auto in = gpu::device_buffer<int>::zeroed(s, 64).value();
  auto out = gpu::device_buffer<int>::zeroed(s, 64).value();
  auto copy = gpu::device_buffer<int>::zeroed(s, 64).value();
  auto p = gpu::prepare<gk::bump>(ctx, gpu::launch_config_1d{1, 64}).value();
  auto g = s.capture([&] {
              gpu::fill_async(s, in, 7).value();
              for (int i = 0; i < 3; ++i)
                gpu::launch(s, p, in, out).value();
              gpu::copy_async(s, copy, in).value();
            }).value();
  EXPECT_FALSE(s.capturing());
  EXPECT_EQ(g.node_count().value(), 5u);
  EXPECT_NE(g.native_handle(), nullptr);
  // Captured, not run.
  EXPECT_EQ(launches(), 0);
  EXPECT_EQ(in.to_host(s).value(), std::vector<int>(64, 0));
  ASSERT_TRUE(g.launch(s));
  EXPECT_EQ(launches(), 3);
  EXPECT_EQ(copy.to_host(s).value(), std::vector<int>(64, 7));
  ASSERT_TRUE(g.launch(ctx.default_stream())); // any stream of the context
  EXPECT_EQ(launches(), 6);
  EXPECT_EQ(graph_launches(), 2);
  gpu::graph moved = std::move(g);
  auto gone = g.launch(s);
  ASSERT_FALSE(gone);
  EXPECT_EQ(gone.error().code(), gpu::errc::invalid_handle);
  EXPECT_FALSE(g.node_count());
  { auto dropped = std::move(moved); }
  EXPECT_EQ(graphs_alive(), 0); // graph and executable graph destroyed
}

TEST_F(Graphs, BeginAndEndCaptureByHand) {
  auto ctx = gpu::context::create().value();
  auto s = ctx.create_stream().value();
  auto buf = gpu::device_buffer<float>::zeroed(s, 16).value();
  ASSERT_TRUE(s.begin_capture());
  EXPECT_TRUE(s.capturing());
  auto twice = s.begin_capture();
  ASSERT_FALSE(twice);
  EXPECT_EQ(twice.error().code(), gpu::errc::invalid_state);
  ASSERT_TRUE(gpu::fill_async(s, buf, 2.0f));
  auto g = s.end_capture().value();
  EXPECT_EQ(g.node_count().value(), 1u);
  auto again = s.end_capture();
  ASSERT_FALSE(again);
  EXPECT_EQ(again.error().code(), gpu::errc::invalid_state);
  EXPECT_EQ(again.error().name(), "ALLOY_ERROR_INVALID_STATE");
  ASSERT_TRUE(g.launch(s));
  EXPECT_EQ(buf.to_host(s).value(), std::vector<float>(16, 2.0f));
}

TEST_F(Graphs, TheDefaultStreamCannotBeCaptured) {
  auto ctx = gpu::context::create().value();
  auto r = ctx.default_stream().capture([] {});
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code(), gpu::errc::invalid_handle);
  EXPECT_NE(r.error().message().find("context::create_stream()"),
            std::string::npos)
      << r.error().message();
  gpu::stream none = std::move(ctx.default_stream());
  auto empty = ctx.default_stream().begin_capture();
  ASSERT_FALSE(empty);
  EXPECT_EQ(empty.error().code(), gpu::errc::invalid_handle);
}

TEST_F(Graphs, CaptureAfterAPendingFaultIsAnError) {
  auto ctx = gpu::context::create().value();
  auto s = ctx.create_stream().value();
  auto in = gpu::device_buffer<int>::zeroed(s, 64).value();
  auto out = gpu::device_buffer<int>::zeroed(s, 64).value();
  auto p = gpu::prepare<gk::bump>(ctx, gpu::launch_config_1d{1, 64}).value();
  ASSERT_TRUE(gpu::launch(s, p, in, out));
  set_sync_result(700); // the kernel faulted; nobody has asked yet
  auto r = s.capture([&] { return gpu::launch(s, p, in, out); });
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().name(), "CUDA_ERROR_ILLEGAL_ADDRESS");
  EXPECT_NE(r.error().message().find("stream::begin_capture (earlier work on "
                                     "the stream failed)"),
            std::string::npos)
      << r.error().message();
  EXPECT_NE(r.error().message().find("after kernel 'gk::bump'"),
            std::string::npos);
  EXPECT_FALSE(s.capturing());
  set_sync_result(0);
  EXPECT_FALSE(s.begin_capture()); // sticky
}

TEST_F(Graphs, BlockingCallsAreRefusedWhileCapturing) {
  auto ctx = gpu::context::create().value();
  auto s = ctx.create_stream().value();
  auto buf = gpu::device_buffer<int>::zeroed(s, 4).value();
  std::vector<int> host(4, 1);
  ASSERT_TRUE(s.begin_capture());
  auto up = buf.copy_from_host(s, host);
  ASSERT_FALSE(up);
  EXPECT_EQ(up.error().code(), gpu::errc::invalid_state);
  EXPECT_NE(up.error().message().find("copy_from_host: the stream is "
                                      "capturing a graph"),
            std::string::npos)
      << up.error().message();
  EXPECT_EQ(buf.to_host(s).error().code(), gpu::errc::invalid_state);
  EXPECT_EQ(s.synchronize().error().code(), gpu::errc::invalid_state);
  auto alloc = gpu::device_buffer<int>::zeroed(s, 4);
  ASSERT_FALSE(alloc);
  EXPECT_EQ(alloc.error().code(), gpu::errc::invalid_state);
  // Refused before the driver saw them: the capture is still valid.
  auto g = s.end_capture();
  ASSERT_TRUE(g) << g.error().message();
  EXPECT_EQ(g->node_count().value(), 0u);
  EXPECT_TRUE(s.synchronize());
}

TEST_F(Graphs, AnErrorInTheBodyEndsTheCapture) {
  auto ctx = gpu::context::create().value();
  auto s = ctx.create_stream().value();
  auto buf = gpu::device_buffer<int>::zeroed(s, 64).value();
  auto p = gpu::prepare<gk::bump>(ctx, gpu::launch_config_1d{1, 64}).value();
  auto r = s.capture([&]() -> gpu::result<void> {
    auto &same = buf;
    return gpu::launch(s, p, same, buf); // overlapping: refused
  });
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code(), gpu::errc::aliasing);
  EXPECT_FALSE(s.capturing());
  EXPECT_EQ(graphs_alive(), 0);
  // A throwing body too.
  EXPECT_THROW((void)s.capture([&] { gpu::launch(s, p, buf, buf).value(); }),
               gpu::exception);
  EXPECT_FALSE(s.capturing());
  EXPECT_EQ(graphs_alive(), 0);
  EXPECT_TRUE(s.synchronize());
}

TEST_F(Graphs, DriverFailures) {
  auto ctx = gpu::context::create().value();
  auto s = ctx.create_stream().value();
  auto buf = gpu::device_buffer<int>::zeroed(s, 4).value();
  // A capture the driver invalidated (a blocking call Alloy did not see).
  ASSERT_TRUE(s.begin_capture());
  ASSERT_TRUE(gpu::fill_async(s, buf, 1));
  auto *native = static_cast<CUstream_st *>(s.native_handle());
  EXPECT_NE(native, nullptr);
  ASSERT_TRUE(s.begin_capture().error().code() == gpu::errc::invalid_state);
  // cuStreamQuery on a capturing stream invalidates it, as in CUDA.
  using query_fn = int (*)(CUstream_st *);
  EXPECT_EQ(control<query_fn>("cuStreamQuery")(native), 900);
  auto invalid = s.end_capture();
  ASSERT_FALSE(invalid);
  EXPECT_EQ(invalid.error().name(), "CUDA_ERROR_STREAM_CAPTURE_INVALIDATED");
  EXPECT_NE(invalid.error().message().find("stream::end_capture"),
            std::string::npos);
  EXPECT_FALSE(s.capturing());
  fail_next("cuGraphInstantiateWithFlags", 2);
  auto uninstantiated = s.capture([&] { return gpu::fill_async(s, buf, 2); });
  ASSERT_FALSE(uninstantiated);
  EXPECT_NE(uninstantiated.error().message().find("instantiating the "
                                                  "captured graph"),
            std::string::npos);
  EXPECT_EQ(graphs_alive(), 0);
  auto g = s.capture([&] { return gpu::fill_async(s, buf, 3); }).value();
  fail_next("cuGraphLaunch", 1);
  auto launched = g.launch(s);
  ASSERT_FALSE(launched);
  EXPECT_EQ(launched.error().message().rfind("graph::launch: ", 0), 0u);
  auto other = gpu::context::create().value();
  auto foreign = g.launch(other.default_stream());
  ASSERT_FALSE(foreign);
  EXPECT_EQ(foreign.error().code(), gpu::errc::invalid_handle);
}

TEST_F(Graphs, AFaultAfterAReplayNamesTheCapturedKernel) {
  auto ctx = gpu::context::create().value();
  auto s = ctx.create_stream().value();
  auto in = gpu::device_buffer<int>::zeroed(s, 64).value();
  auto out = gpu::device_buffer<int>::zeroed(s, 64).value();
  auto p = gpu::prepare<gk::bump>(ctx, gpu::launch_config_1d{1, 64}).value();
  auto g = s.capture([&] { return gpu::launch(s, p, in, out); }).value();
  auto replay = ctx.create_stream().value();
  ASSERT_TRUE(g.launch(replay));
  set_sync_result(719);
  auto r = replay.synchronize();
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message().find("after kernel 'gk::bump'"),
            std::string::npos)
      << r.error().message();
}

} // namespace
