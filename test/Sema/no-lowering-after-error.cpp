// An error in device code stops the compile before anything is lowered:
// errors inside a constructor call, a call argument, an initializer and a
// condition each give their message and nothing else (these once crashed
// the lowering, which carried on with dummy values).
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not='internal error' --implicit-check-not='Stack dump'
#include <gpu/gpu.hpp>

float host_only(float);
struct Point {
  float x, y;
  Point(float a, float b) : x(a), y(b) {}
};
float consume(float v) { return v * 2; }

[[gpu::kernel]] void in_constructor(float *out) {
  // CHECK: :[[@LINE+1]]:17: error: 'host_only' has no definition visible here
  Point p(1.0f, host_only(out[0]));
  out[0] = p.y;
}
[[gpu::kernel]] void in_argument(float *out) {
  // CHECK: :[[@LINE+1]]:21: error: a throw expression cannot be used in device code
  out[0] = consume((throw 1, 2.0f));
}
[[gpu::kernel]] void in_initializer(float *out) {
  // CHECK: :[[@LINE+1]]:19: error: new cannot be used in device code
  float *buffer = new float[8];
  out[0] = buffer[0];
}
[[gpu::kernel]] void in_condition(float *out) {
  // CHECK: :[[@LINE+1]]:7: error: 'host_only' has no definition visible here
  if (host_only(out[0]) > 0)
    out[0] = 1;
  // CHECK: :[[@LINE+1]]:10: error: a throw expression cannot be used in device code
  while (throw 2, false)
    out[1] = 2;
}
