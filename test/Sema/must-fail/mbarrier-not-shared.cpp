// A gpu::mbarrier exists only in shared memory: a local one (or a local
// holding one) is an error naming the fix; a global one is a mutable
// global, which device code cannot use.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/gpu.hpp>
#include <gpu/hopper.hpp>

struct stage {
  gpu::mbarrier full;
  int data[32];
};

gpu::mbarrier global_bar;

[[gpu::kernel]] void k(int *out) {
  // CHECK: mbarrier-not-shared.cpp:[[@LINE+1]]:17: error: 'gpu::mbarrier' is an object of shared memory (an mbarrier or a wgmma tile): declare the variable {{\[\[}}gpu::shared{{\]\]}} (a local 'local_bar' would be in thread-private memory, which mbarrier, TMA and wgmma instructions cannot use)
  gpu::mbarrier local_bar;
  local_bar.init(1);
  // CHECK: mbarrier-not-shared.cpp:[[@LINE+1]]:9: error: 'stage' holds an object of shared memory
  stage s;
  s.full.init(1);
  [[gpu::shared]] stage ok; // accepted
  ok.full.init(1);
  // CHECK: mbarrier-not-shared.cpp:[[@LINE+1]]:3: error: the global variable 'global_bar' cannot be used in device code
  global_bar.arrive();
  out[0] = 1;
}
