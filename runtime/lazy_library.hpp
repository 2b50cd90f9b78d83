// A shared library the runtime opens with dlopen on first use (the CUDA
// driver, NCCL): loaded once under a lock, its function table bound, the
// failure kept and reported to every later caller.
#ifndef ALLOY_RUNTIME_LAZY_LIBRARY_HPP
#define ALLOY_RUNTIME_LAZY_LIBRARY_HPP

#include <gpu/runtime.hpp>

#include <dlfcn.h>

#include <mutex>
#include <optional>
#include <string>

namespace gpu::detail {

// Binds `symbol` of `handle` to `slot`; remembers the first missing one.
template <class F>
void bind_symbol(void *handle, F &slot, const char *symbol,
                 std::string &missing) {
  slot = reinterpret_cast<F>(dlsym(handle, symbol));
  if (!slot && missing.empty())
    missing = symbol;
}

template <class Api> class lazy_library {
public:
  // Opens the library into `handle` and fills `api`; an error if it cannot.
  using loader = std::optional<gpu::error> (*)(void *&handle, Api &api);

  explicit lazy_library(loader load) : load_(load) {}

  result<const Api *> get() {
    std::lock_guard lock(mutex_);
    if (!attempted_) {
      attempted_ = true;
      failure_ = load_(handle_, api_);
    }
    if (failure_)
      return std::unexpected(*failure_);
    return &api_;
  }

  // Closes the library; the next get() loads it again (unit tests).
  void reset_for_testing() {
    std::lock_guard lock(mutex_);
    if (handle_)
      dlclose(handle_);
    handle_ = nullptr;
    api_ = {};
    attempted_ = false;
    failure_.reset();
  }

private:
  loader load_;
  std::mutex mutex_;
  bool attempted_ = false;
  void *handle_ = nullptr;
  Api api_{};
  std::optional<gpu::error> failure_;
};

} // namespace gpu::detail

#endif // ALLOY_RUNTIME_LAZY_LIBRARY_HPP
