// The fixture of the tests that run the runtime against the stand-in driver
// (fake_cuda.cpp): loads it through ALLOY_CUDA_DRIVER, resets its state,
// and reaches its control functions.
#ifndef ALLOY_TEST_UNIT_FAKE_DRIVER_HPP
#define ALLOY_TEST_UNIT_FAKE_DRIVER_HPP

#include "driver_api.hpp"

#include <gpu/detail/module_abi.h>

#include <gtest/gtest.h>

#include <dlfcn.h>

#include <cstdlib>
#include <cstring>
#include <map>
#include <string>

namespace alloy_test {

using launch_hook = void (*)(const char *, void **, const unsigned *,
                             const unsigned *, unsigned);

// A module image as the plugin would embed it, with `count` kernels whose
// host functions are `functions` and PTX `code` (the fake ignores it unless
// it starts with "BAD").
inline alloy_module_image make_image(const char *metadata, uint32_t count,
                                     const void *const *functions,
                                     const char *code = "// fake PTX\n") {
  alloy_module_image i{};
  i.abi_version = ALLOY_MODULE_ABI_VERSION;
  i.kernel_count = count;
  i.host_functions = functions;
  i.metadata = metadata;
  i.metadata_size = std::strlen(metadata);
  i.ptx = code;
  i.ptx_size = std::strlen(code);
  return i;
}

class FakeDriverBase : public ::testing::Test {
protected:
  void SetUp() override {
    setenv("ALLOY_CUDA_DRIVER", ALLOY_FAKE_CUDA_PATH, 1);
    gpu::detail::cu::reset_driver_for_testing();
    library = dlopen(ALLOY_FAKE_CUDA_PATH, RTLD_NOW);
    ASSERT_NE(library, nullptr) << dlerror();
    control<void (*)()>("fake_cuda_reset")();
  }
  void TearDown() override {
    gpu::detail::cu::reset_driver_for_testing();
    unsetenv("ALLOY_CUDA_DRIVER");
    if (library)
      dlclose(library);
  }
  template <class F> F control(const char *name) {
    auto f = reinterpret_cast<F>(dlsym(library, name));
    EXPECT_NE(f, nullptr) << "the fake driver lacks " << name;
    return f;
  }
  void set_hook(launch_hook hook) {
    control<void (*)(launch_hook)>("fake_cuda_set_launch_hook")(hook);
  }
  int launches() { return control<int (*)()>("fake_cuda_launches")(); }
  void set_sync_result(int rc) {
    control<void (*)(int)>("fake_cuda_set_sync_result")(rc);
  }
  // The next call of the driver function `name` returns `rc`.
  void fail_next(const char *name, int rc) {
    control<void (*)(const char *, int)>("fake_cuda_fail")(name, rc);
  }
  int stream_syncs() { return control<int (*)()>("fake_cuda_stream_syncs")(); }
  // The `n`th call from now (1: the next) of the driver function `name`
  // returns `rc`.
  void fail_nth(const char *name, int n, int rc) {
    control<void (*)(const char *, int, int)>("fake_cuda_fail_nth")(name, n,
                                                                     rc);
  }
  // Calls of each driver function since the last reset.
  std::map<std::string, int> calls() {
    auto called = control<int (*)(int, const char **, int *)>(
        "fake_cuda_called");
    std::map<std::string, int> counts;
    const char *name = nullptr;
    int n = 0;
    for (int i = 0; called(i, &name, &n); ++i)
      counts[name] = n;
    return counts;
  }
  // Objects the runtime made and has not destroyed (fake_cuda_live).
  int live(const char *kind) {
    return control<int (*)(const char *)>("fake_cuda_live")(kind);
  }
  void reset_fake() { control<void (*)()>("fake_cuda_reset")(); }
  void *library = nullptr;
};

} // namespace alloy_test

#endif // ALLOY_TEST_UNIT_FAKE_DRIVER_HPP
