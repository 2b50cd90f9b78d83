// alloy.approx takes f16, bf16 and pairs of them, nothing else.
// RUN: alloy-opt %s -split-input-file -verify-diagnostics

func.func @approx_f32(%f: f32) {
  // expected-error @+1 {{works on f16, bf16, vector<2xf16> or vector<2xbf16>, not 'f32'}}
  %0 = alloy.approx exp2 %f : f32
  return
}

// -----

func.func @approx_wide(%v: vector<4xf16>) {
  // expected-error @+1 {{works on f16, bf16, vector<2xf16> or vector<2xbf16>, not 'vector<4xf16>'}}
  %0 = alloy.approx tanh %v : vector<4xf16>
  return
}

// -----

func.func @approx_integer(%w: i32) {
  // expected-error @+1 {{works on f16, bf16, vector<2xf16> or vector<2xbf16>, not 'i32'}}
  %0 = alloy.approx sin %w : i32
  return
}

// -----

func.func @approx_unknown(%h: f16) {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'fn' [exp2, tanh, exp, log, log2, sqrt, rsqrt, rcp, sin, cos]}}
  %0 = alloy.approx tan %h : f16
  return
}
