// Events beyond timing: query without blocking, and one stream waiting for
// another's work (stand-in driver).
#include "fake_driver.hpp"

#include <gpu/gpu.hpp>

namespace {

class Events : public alloy_test::FakeDriverBase {
protected:
  void set_busy(bool busy) {
    control<void (*)(int)>("fake_cuda_set_busy")(busy);
  }
  int waits() { return control<int (*)()>("fake_cuda_stream_waits")(); }
};

TEST_F(Events, QueryTellsPendingFromComplete) {
  auto ctx = gpu::context::create().value();
  auto &s = ctx.default_stream();
  auto e = ctx.create_event().value();
  // Never recorded: complete, as CUDA says.
  EXPECT_TRUE(e.query().value());
  set_busy(true);
  EXPECT_TRUE(e.query().value());
  ASSERT_TRUE(e.record(s));
  EXPECT_FALSE(e.query().value()); // pending, and no error
  set_busy(false);
  EXPECT_TRUE(e.query().value());
}

TEST_F(Events, QueryOfAMovedFromEventIsAnError) {
  auto ctx = gpu::context::create().value();
  auto e = ctx.create_event().value();
  gpu::event moved = std::move(e);
  auto r = e.query();
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code(), gpu::errc::invalid_handle);
  EXPECT_NE(r.error().message().find("event::query"), std::string::npos);
  EXPECT_TRUE(moved.query().value());
}

TEST_F(Events, QueryReportsAFaultAndMakesItSticky) {
  auto ctx = gpu::context::create().value();
  auto &s = ctx.default_stream();
  auto e = ctx.create_event().value();
  ASSERT_TRUE(e.record(s));
  set_sync_result(700);
  auto r = e.query();
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().name(), "CUDA_ERROR_ILLEGAL_ADDRESS");
  EXPECT_NE(r.error().message().find("event::query"), std::string::npos)
      << r.error().message();
  set_sync_result(0);
  auto later = e.query();
  ASSERT_FALSE(later);
  EXPECT_EQ(later.error().message(), r.error().message());
}

TEST_F(Events, AStreamWaitsForAnEventOfAnother) {
  auto ctx = gpu::context::create().value();
  auto producer = ctx.create_stream().value();
  auto consumer = ctx.create_stream().value();
  auto ready = ctx.create_event().value();
  ASSERT_TRUE(ready.record(producer));
  ASSERT_TRUE(consumer.wait(ready));
  ASSERT_TRUE(ctx.default_stream().wait(ready));
  EXPECT_EQ(waits(), 2);
}

TEST_F(Events, WaitErrors) {
  auto ctx = gpu::context::create().value();
  auto other = gpu::context::create().value();
  auto s = ctx.create_stream().value();
  auto foreign = other.create_event().value();
  auto r = s.wait(foreign);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code(), gpu::errc::invalid_handle);
  EXPECT_NE(r.error().message().find("another context"), std::string::npos);
  auto e = ctx.create_event().value();
  gpu::event moved = std::move(e);
  auto empty = s.wait(e);
  ASSERT_FALSE(empty);
  EXPECT_EQ(empty.error().code(), gpu::errc::invalid_handle);
  gpu::stream gone = std::move(s);
  auto from_empty = s.wait(moved);
  ASSERT_FALSE(from_empty);
  EXPECT_EQ(from_empty.error().code(), gpu::errc::invalid_handle);
  EXPECT_EQ(waits(), 0);
  // A sticky fault is reported instead of queueing the wait.
  ASSERT_TRUE(moved.record(gone));
  set_sync_result(719);
  EXPECT_FALSE(gone.synchronize());
  set_sync_result(0);
  auto after_fault = gone.wait(moved);
  ASSERT_FALSE(after_fault);
  EXPECT_EQ(after_fault.error().code(), 719);
  EXPECT_EQ(waits(), 0);
}

} // namespace
