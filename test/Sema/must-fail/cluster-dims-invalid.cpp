// gpu::cluster_dims: 1 to 8 blocks, each extent at least 1, on a kernel,
// once.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not='PLEASE submit' --implicit-check-not='Stack dump'
#include <gpu/device.hpp>

// CHECK: cluster-dims-invalid.cpp:[[@LINE+1]]:16: error: gpu::cluster_dims: a cluster has 1 to 8 blocks (the portable maximum), each extent at least 1; 3 x 3 x 1 is not
[[gpu::kernel, gpu::cluster_dims(3, 3)]] void nine(float *out) { out[0] = 1; }

// CHECK: cluster-dims-invalid.cpp:[[@LINE+1]]:16: error: gpu::cluster_dims: a cluster has 1 to 8 blocks (the portable maximum), each extent at least 1; 2 x 0 x 1 is not
[[gpu::kernel, gpu::cluster_dims(2, 0)]] void empty(float *out) { out[0] = 1; }

// CHECK: cluster-dims-invalid.cpp:[[@LINE+1]]:3: error: gpu::cluster_dims applies only to a {{\[\[}}gpu::kernel{{\]\]}}
[[gpu::cluster_dims(2)]] void helper(float *out) { out[0] = 1; }
[[gpu::kernel]] void calls_helper(float *out) { helper(out); }

// CHECK: cluster-dims-invalid.cpp:[[@LINE+1]]:38: error: a kernel takes one gpu::cluster_dims
[[gpu::kernel, gpu::cluster_dims(2), gpu::cluster_dims(4)]] void twice(float *out) {
  out[0] = 1;
}
