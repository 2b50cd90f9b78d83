// std::vector in a helper: its allocator's operator new and delete are the
// device-heap error, and a note shows the user's line that entered the
// library.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>
#include <vector>

inline int helper(int x) {
  std::vector<int> v(3, x);
  return v[1];
}

[[gpu::kernel]] void k(int *out) { out[0] = helper(out[1]); }

// CHECK: new_allocator.h:{{[0-9]+}}:{{[0-9]+}}: error: delete cannot be used in device code: Alloy has no device heap; use a local array, gpu::shared_array, or a gpu::device_buffer passed from the host [alloy:device-heap]
// CHECK: note: expanded from macro
// CHECK: std-vector-in-helper.cpp:13:45: note: reached from kernel 'k' through 'helper' -> 'std::vector<int>::~vector' -> {{.*}}
// CHECK: std-vector-in-helper.cpp:9:20: note: the library is entered here, through 'std::vector<int>::~vector'
// CHECK: new_allocator.h:{{[0-9]+}}:{{[0-9]+}}: error: new cannot be used in device code: Alloy has no device heap
// CHECK: note: expanded from macro
// CHECK: std-vector-in-helper.cpp:13:45: note: reached from kernel 'k' through 'helper' -> 'std::vector<int>::vector' -> {{.*}}
// CHECK: std-vector-in-helper.cpp:9:20: note: the library is entered here, through 'std::vector<int>::vector'
