// alloy.approx prints and parses back, for every function and every type
// it takes (f16, bf16 and their pairs).
// RUN: alloy-opt %s | alloy-opt | FileCheck %s

// CHECK-LABEL: func.func @approx
func.func @approx(%h: f16, %b: bf16, %p: vector<2xf16>, %q: vector<2xbf16>) {
  // CHECK: alloy.approx exp2 %{{.*}} : f16
  %0 = alloy.approx exp2 %h : f16
  // CHECK: alloy.approx tanh %{{.*}} : bf16
  %1 = alloy.approx tanh %b : bf16
  // CHECK: alloy.approx exp %{{.*}} : vector<2xf16>
  %2 = alloy.approx exp %p : vector<2xf16>
  // CHECK: alloy.approx log %{{.*}} : vector<2xbf16>
  %3 = alloy.approx log %q : vector<2xbf16>
  // CHECK: alloy.approx log2 %{{.*}} : f16
  %4 = alloy.approx log2 %h : f16
  // CHECK: alloy.approx sqrt %{{.*}} : f16
  %5 = alloy.approx sqrt %h : f16
  // CHECK: alloy.approx rsqrt %{{.*}} : bf16
  %6 = alloy.approx rsqrt %b : bf16
  // CHECK: alloy.approx rcp %{{.*}} : vector<2xf16>
  %7 = alloy.approx rcp %p : vector<2xf16>
  // CHECK: alloy.approx sin %{{.*}} : vector<2xbf16>
  %8 = alloy.approx sin %q : vector<2xbf16>
  // CHECK: alloy.approx cos %{{.*}} : f16
  %9 = alloy.approx cos %h : f16
  return
}

// Pure: an unused one goes, two equal ones become one.
// RUN: alloy-opt %s --cse --canonicalize | FileCheck %s --check-prefix=CSE
// CSE-LABEL: func.func @pure
// CSE-COUNT-1: alloy.approx tanh
// CSE-NOT: alloy.approx
func.func @pure(%h: f16) -> (f16, f16) {
  %0 = alloy.approx tanh %h : f16
  %1 = alloy.approx tanh %h : f16
  %2 = alloy.approx exp %h : f16
  return %0, %1 : f16, f16
}
