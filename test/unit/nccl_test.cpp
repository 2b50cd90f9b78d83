// gpu::nccl and several devices, through the stand-in driver (with
// ALLOY_FAKE_CUDA_DEVICES=2) and the stand-in NCCL (fake_nccl.cpp).
#include "fake_driver.hpp"
#include "nccl_api.hpp"

#include <gpu/gpu.hpp>
#include <gpu/nccl.hpp>

#include <array>
#include <string>
#include <vector>

namespace {

using gpu::nccl::communicator;
using gpu::nccl::op;

bool contains(const std::string &text, const std::string &part) {
  return text.find(part) != std::string::npos;
}

class Nccl : public alloy_test::FakeDriverBase {
protected:
  void SetUp() override {
    setenv("ALLOY_FAKE_CUDA_DEVICES", "2", 1);
    setenv("ALLOY_NCCL_LIBRARY", ALLOY_FAKE_NCCL_PATH, 1);
    gpu::nccl::detail::api::reset_library_for_testing();
    FakeDriverBase::SetUp();
    nccl = dlopen(ALLOY_FAKE_NCCL_PATH, RTLD_NOW);
    ASSERT_NE(nccl, nullptr) << dlerror();
    nccl_control<void (*)()>("fake_nccl_reset")();
  }
  void TearDown() override {
    gpu::nccl::detail::api::reset_library_for_testing();
    unsetenv("ALLOY_NCCL_LIBRARY");
    unsetenv("ALLOY_FAKE_CUDA_DEVICES");
    if (nccl)
      dlclose(nccl);
    FakeDriverBase::TearDown();
  }
  template <class F> F nccl_control(const char *name) {
    auto f = reinterpret_cast<F>(dlsym(nccl, name));
    EXPECT_NE(f, nullptr) << "the stand-in NCCL lacks " << name;
    return f;
  }
  std::string calls() {
    return nccl_control<const char *(*)()>("fake_nccl_log")();
  }
  void clear_calls() { nccl_control<void (*)()>("fake_nccl_reset")(); }
  void nccl_fail(const char *name, int rc) {
    nccl_control<void (*)(const char *, int)>("fake_nccl_fail")(name, rc);
  }
  int live_communicators() {
    return nccl_control<int (*)()>("fake_nccl_live_communicators")();
  }
  void *nccl = nullptr;
};

TEST_F(Nccl, ContextsOnEveryDevice) {
  EXPECT_EQ(gpu::device_count().value(), 2);
  auto c0 = gpu::context::create(0).value();
  auto c1 = gpu::context::create(1).value();
  EXPECT_EQ(c0.device().ordinal(), 0);
  EXPECT_EQ(c1.device().ordinal(), 1);
  EXPECT_NE(c0.native_handle(), c1.native_handle());
  auto s1 = c1.create_stream().value();
  auto b1 = gpu::device_buffer<int>::from_host(s1, std::vector<int>{1, 2})
                .value();
  EXPECT_EQ(b1.to_host(s1).value(), (std::vector<int>{1, 2}));
  auto missing = gpu::context::create(2);
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().message(),
            "there is no CUDA device 2: this machine has 2");
  EXPECT_EQ(gpu::device_properties::query(1).value().ordinal, 1);
  // A buffer of device 1 with a stream of device 0.
  std::vector<int> host(2);
  auto crossed = b1.copy_to_host(c0.default_stream(), host);
  ASSERT_FALSE(crossed);
  EXPECT_EQ(crossed.error().code(), gpu::errc::invalid_handle);
}

TEST_F(Nccl, FaultsNameTheDevice) {
  auto c0 = gpu::context::create(0).value();
  auto c1 = gpu::context::create(1).value();
  set_sync_result(700);
  auto fault = c1.default_stream().synchronize();
  ASSERT_FALSE(fault);
  EXPECT_EQ(fault.error().name(), "CUDA_ERROR_ILLEGAL_ADDRESS");
  EXPECT_TRUE(contains(fault.error().message(), " on device 1 (Fake GPU)"))
      << fault.error().message();
  set_sync_result(0);
  // Sticky on device 1 only.
  EXPECT_FALSE(c1.create_stream());
  EXPECT_TRUE(c0.create_stream());
}

TEST_F(Nccl, AbsentLibrary) {
  setenv("ALLOY_NCCL_LIBRARY", "/nonexistent/libnccl.so.2", 1);
  gpu::nccl::detail::api::reset_library_for_testing();
  auto v = gpu::nccl::version();
  ASSERT_FALSE(v);
  EXPECT_EQ(v.error().code(), gpu::errc::no_nccl);
  EXPECT_EQ(v.error().name(), "ALLOY_ERROR_NO_NCCL");
  EXPECT_TRUE(contains(v.error().message(), "/nonexistent/libnccl.so.2"));
  EXPECT_TRUE(contains(v.error().message(), "ALLOY_NCCL_LIBRARY"));
  auto c0 = gpu::context::create(0).value();
  std::array contexts{&c0};
  auto comm = communicator::create_all(contexts);
  ASSERT_FALSE(comm);
  EXPECT_EQ(comm.error().code(), gpu::errc::no_nccl);
  EXPECT_FALSE(gpu::nccl::unique_id::generate());
}

// The default name: the message where the machine has no NCCL, and the
// real NCCL's functions where it has one (ncclGetVersion needs no GPU).
TEST_F(Nccl, DefaultLibrary) {
  unsetenv("ALLOY_NCCL_LIBRARY");
  gpu::nccl::detail::api::reset_library_for_testing();
  if (void *real = dlopen("libnccl.so.2", RTLD_NOW)) {
    dlclose(real);
    auto v = gpu::nccl::version();
    ASSERT_TRUE(v) << v.error().message();
    EXPECT_GE(v.value(), 20000); // 2.x: major * 10000 + minor * 100 + patch
    return;
  }
  auto absent = gpu::nccl::version();
  ASSERT_FALSE(absent);
  EXPECT_TRUE(contains(absent.error().message(),
                       "libnccl.so.2 not found: install NCCL"))
      << absent.error().message();
  EXPECT_TRUE(contains(absent.error().message(),
                       "or set ALLOY_NCCL_LIBRARY"));
}

TEST_F(Nccl, VersionAndUniqueId) {
  EXPECT_EQ(gpu::nccl::version().value(), 22703);
  auto c0 = gpu::context::create(0).value();
  auto id = gpu::nccl::unique_id::generate().value();
  auto comm = communicator::create(c0, 1, id, 0).value();
  EXPECT_EQ(comm.ranks(), 1);
  EXPECT_EQ(comm.local_ranks(), 1);
  EXPECT_EQ(comm.rank(0), 0);
  EXPECT_EQ(comm.device(0), 0);
  auto s = c0.create_stream().value();
  auto b = gpu::device_buffer<float>::from_host(s, std::vector{1.5f, 2.5f})
               .value();
  std::array buffers{&b};
  std::array streams{&s};
  comm.allreduce(buffers, op::sum, streams).value();
  EXPECT_EQ(b.to_host(s).value(), (std::vector{1.5f, 2.5f}));
  EXPECT_EQ(calls(), "ncclGetVersion ncclGetUniqueId ncclCommInitRank(1,0) "
                     "ncclGroupStart "
                     "ncclAllReduce(rank=0,count=2,type=7,op=0,stream=s,"
                     "in-place) ncclGroupEnd ");
  auto bad = communicator::create(c0, 2, id, 2);
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().code(), gpu::errc::out_of_range);
}

TEST_F(Nccl, AllReduceOverTwoDevices) {
  auto c0 = gpu::context::create(0).value();
  auto c1 = gpu::context::create(1).value();
  std::vector<gpu::context *> contexts{&c0, &c1};
  {
    auto comm = communicator::create_all(contexts).value();
    EXPECT_EQ(comm.ranks(), 2);
    EXPECT_EQ(comm.device(1), 1);
    EXPECT_EQ(comm.rank(1), 1);
    EXPECT_EQ(live_communicators(), 2);
    auto s0 = c0.create_stream().value();
    auto s1 = c1.create_stream().value();
    auto a = gpu::device_buffer<float>::from_host(s0, std::vector{1.f, 2.f, 3.f})
                 .value();
    auto b =
        gpu::device_buffer<float>::from_host(s1, std::vector{10.f, 20.f, 30.f})
            .value();
    std::vector<gpu::device_buffer<float> *> buffers{&a, &b};
    std::vector<gpu::stream *> streams{&s0, &s1};
    comm.allreduce(buffers, op::sum, streams).value();
    EXPECT_EQ(a.to_host(s0).value(), (std::vector{11.f, 22.f, 33.f}));
    EXPECT_EQ(b.to_host(s1).value(), (std::vector{11.f, 22.f, 33.f}));
    EXPECT_EQ(calls(),
              "ncclCommInitAll(2:0,1) ncclGroupStart "
              "ncclAllReduce(rank=0,count=3,type=7,op=0,stream=s,in-place) "
              "ncclAllReduce(rank=1,count=3,type=7,op=0,stream=s,in-place) "
              "ncclGroupEnd ");
    clear_calls();
  }
  EXPECT_EQ(calls(), "ncclCommDestroy(0) ncclCommDestroy(1) ");
  EXPECT_EQ(live_communicators(), 0);
}

TEST_F(Nccl, TypesAndReductions) {
  std::array<gpu::context, 2> contexts{gpu::context::create(0).value(),
                                       gpu::context::create(1).value()};
  auto comm = communicator::create_all(contexts).value();
  auto &s0 = contexts[0].default_stream();
  auto &s1 = contexts[1].default_stream();
  std::array<gpu::stream *, 2> streams{&s0, &s1};

  auto i0 = gpu::device_buffer<int32_t>::from_host(s0, std::vector{-5, 7}).value();
  auto i1 = gpu::device_buffer<int32_t>::from_host(s1, std::vector{3, -9}).value();
  comm.allreduce(std::array{&i0, &i1}, op::max, streams).value();
  EXPECT_EQ(i1.to_host(s1).value(), (std::vector{3, 7}));
  comm.allreduce(std::array{&i0, &i1}, op::min, streams).value();
  EXPECT_EQ(i0.to_host(s0).value(), (std::vector{3, 7}));

  auto l0 = gpu::device_buffer<int64_t>::from_host(s0, std::vector<int64_t>{1 << 20}).value();
  auto l1 = gpu::device_buffer<int64_t>::from_host(s1, std::vector<int64_t>{1 << 20}).value();
  comm.allreduce(std::array{&l0, &l1}, op::prod, streams).value();
  EXPECT_EQ(l0.to_host(s0).value()[0], int64_t(1) << 40);

  auto u0 = gpu::device_buffer<uint32_t>::from_host(s0, std::vector{4000000000u}).value();
  auto u1 = gpu::device_buffer<uint32_t>::from_host(s1, std::vector{1u}).value();
  comm.allreduce(std::array{&u0, &u1}, op::max, streams).value();
  EXPECT_EQ(u1.to_host(s1).value()[0], 4000000000u);

  // Out of place, and ranges of buffers and streams rather than pointers.
  std::array<gpu::device_buffer<double>, 2> send{
      gpu::device_buffer<double>::from_host(s0, std::vector{0.25, 8.0}).value(),
      gpu::device_buffer<double>::from_host(s1, std::vector{0.5, -1.0}).value()};
  std::array<gpu::device_buffer<double>, 2> recv{
      gpu::device_buffer<double>::zeroed(s0, 2).value(),
      gpu::device_buffer<double>::zeroed(s1, 2).value()};
  comm.allreduce(send, recv, op::sum, streams).value();
  EXPECT_EQ(recv[0].to_host(s0).value(), (std::vector{0.75, 7.0}));
  EXPECT_EQ(recv[1].to_host(s1).value(), (std::vector{0.75, 7.0}));
  EXPECT_EQ(send[0].to_host(s0).value(), (std::vector{0.25, 8.0}));
  EXPECT_TRUE(contains(calls(), "type=8,op=0,stream=0)"));
  EXPECT_TRUE(contains(calls(), "type=2,op=2,"));
  EXPECT_TRUE(contains(calls(), "type=4,op=1,"));
  EXPECT_TRUE(contains(calls(), "type=3,op=2,"));
}

TEST_F(Nccl, NcclErrorsNameTheCall) {
  auto c0 = gpu::context::create(0).value();
  auto c1 = gpu::context::create(1).value();
  std::array contexts{&c0, &c1};
  nccl_fail("ncclCommInitAll", 2);
  auto failed = communicator::create_all(contexts);
  ASSERT_FALSE(failed);
  EXPECT_EQ(failed.error().code(), gpu::errc::nccl_error);
  EXPECT_EQ(failed.error().name(), "ALLOY_ERROR_NCCL");
  EXPECT_EQ(failed.error().message(),
            "gpu::nccl::communicator::create_all: ncclCommInitAll (2 "
            "devices: 0, 1): ncclSystemError (fake NCCL error)");

  auto comm = communicator::create_all(contexts).value();
  auto &s0 = c0.default_stream();
  auto &s1 = c1.default_stream();
  auto a = gpu::device_buffer<float>::zeroed(s0, 3).value();
  auto b = gpu::device_buffer<float>::zeroed(s1, 3).value();
  std::array buffers{&a, &b};
  std::array streams{&s0, &s1};

  clear_calls();
  nccl_fail("ncclAllReduce", 4);
  auto r = comm.allreduce(buffers, op::sum, streams);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code(), gpu::errc::nccl_error);
  EXPECT_EQ(r.error().message(),
            "ncclAllReduce (rank 0 of 2, device 0 (Fake GPU), 3 float32 "
            "elements, sum): ncclInvalidArgument (invalid argument (run with "
            "NCCL_DEBUG=WARN for details))");
  // The group is always ended, and nothing after the failed call queued.
  EXPECT_EQ(calls(), "ncclGroupStart "
                     "ncclAllReduce(rank=0,count=3,type=7,op=0,stream=0,"
                     "in-place) ncclGroupEnd ");

  nccl_fail("ncclGroupEnd", 1);
  r = comm.allreduce(buffers, op::max, streams);
  ASSERT_FALSE(r);
  EXPECT_TRUE(contains(r.error().message(),
                       "ncclGroupEnd (ending the ncclAllReduce of 2 local "
                       "ranks, 3 float32 elements, max): "
                       "ncclUnhandledCudaError (unhandled cuda error"))
      << r.error().message();

  nccl_fail("ncclGroupStart", 3);
  r = comm.allreduce(buffers, op::sum, streams);
  ASSERT_FALSE(r);
  EXPECT_TRUE(contains(r.error().message(), "ncclGroupStart: ncclInternalError"));
  // And the communicator still works.
  EXPECT_TRUE(comm.allreduce(buffers, op::sum, streams));
}

TEST_F(Nccl, MisuseIsCaughtBeforeNccl) {
  auto c0 = gpu::context::create(0).value();
  auto c1 = gpu::context::create(1).value();
  auto &s0 = c0.default_stream();
  auto &s1 = c1.default_stream();
  {
    std::array twice{&c0, &c0};
    auto r = communicator::create_all(twice);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().code(), gpu::errc::invalid_handle);
    EXPECT_TRUE(contains(r.error().message(), "are both on device 0"));
    auto none = communicator::create_all(std::vector<gpu::context *>{});
    ASSERT_FALSE(none);
    EXPECT_EQ(none.error().code(), gpu::errc::out_of_range);
  }
  std::array contexts{&c0, &c1};
  auto comm = communicator::create_all(contexts).value();
  auto a = gpu::device_buffer<int>::zeroed(s0, 4).value();
  auto b = gpu::device_buffer<int>::zeroed(s1, 4).value();
  auto short_b = gpu::device_buffer<int>::zeroed(s1, 3).value();
  auto a2 = gpu::device_buffer<int>::zeroed(s0, 4).value();
  std::array streams{&s0, &s1};
  clear_calls();

  auto r = comm.allreduce(std::array{&a}, op::sum, std::array{&s0});
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code(), gpu::errc::size_mismatch);
  EXPECT_TRUE(contains(r.error().message(), "1 buffers for a communicator of 2"));

  r = comm.allreduce(std::array{&a, &b}, op::sum, std::array{&s0});
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code(), gpu::errc::size_mismatch);
  EXPECT_TRUE(contains(r.error().message(), "2 buffers but 1 streams"));

  r = comm.allreduce(std::array{&a, &a2}, op::sum, streams);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code(), gpu::errc::invalid_handle);
  EXPECT_EQ(r.error().message(),
            "gpu::nccl::communicator::allreduce: rank 1 (device 1 (Fake "
            "GPU)): the buffer belongs to device 0 (Fake GPU); pass each rank "
            "a buffer on its own device");

  r = comm.allreduce(std::array{&a, &b}, op::sum, std::array{&s0, &s0});
  ASSERT_FALSE(r);
  EXPECT_TRUE(contains(r.error().message(), "the stream belongs to device 0"));

  r = comm.allreduce(std::array{&a, &short_b}, op::sum, streams);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code(), gpu::errc::size_mismatch);
  EXPECT_TRUE(contains(r.error().message(), "the buffer has 3 elements, rank 0's 4"));

  gpu::device_buffer<int> empty;
  r = comm.allreduce(std::array{&a, &empty}, op::sum, streams);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code(), gpu::errc::invalid_handle);

  communicator moved = std::move(comm);
  r = comm.allreduce(std::array{&a, &b}, op::sum, streams);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code(), gpu::errc::invalid_handle);
  EXPECT_EQ(calls(), "");

  // A sticky fault of one device: returned before NCCL queues anything on
  // any rank (a rank missing from a collective would hang the others).
  set_sync_result(700);
  EXPECT_FALSE(s1.synchronize());
  set_sync_result(0);
  r = moved.allreduce(std::array{&a, &b}, op::sum, streams);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().name(), "CUDA_ERROR_ILLEGAL_ADDRESS");
  EXPECT_TRUE(contains(r.error().message(), "on device 1"));
  EXPECT_EQ(calls(), "");
}

} // namespace
