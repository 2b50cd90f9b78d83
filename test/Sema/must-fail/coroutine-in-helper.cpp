// A coroutine (co_return) reached from a kernel.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>
#include <coroutine>

struct task {
  struct promise_type {
    task get_return_object() { return {}; }
    std::suspend_never initial_suspend() noexcept { return {}; }
    std::suspend_never final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() {}
  };
};

inline task produce(int *out) {
  out[0] = 1;
  // CHECK: coroutine-in-helper.cpp:[[@LINE+1]]:3: error: coroutines cannot be used in device code [alloy:device-coroutine]
  co_return;
}

[[gpu::kernel]] void k(int *out) {
  // CHECK: coroutine-in-helper.cpp:[[@LINE+1]]:3: note: reached from kernel 'k' through 'produce'
  produce(out);
}
