// gpu::ptx::asm_volatile takes operands PTX registers hold; the text is a
// literal and its operand references exist.
// RUN: not %alloy_cc1 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not='PLEASE submit'
#include <gpu/device.hpp>
#include <gpu/ptx.hpp>

struct Three {
  char c[3];
};

[[gpu::kernel]] void k(float *out, const char *text) {
  Three t{};
  // CHECK: ptx-asm-operand-type.cpp:[[@LINE+1]]:45: error: an operand of gpu::ptx::asm_volatile of type 'Three' fits no PTX register (float, double, or 2, 4 or 8 bytes of an integer, pointer or trivially copyable value) [alloy:device-ptx-operand]
  gpu::ptx::asm_volatile("mov.b32 %0, %0;", t);
  // CHECK: ptx-asm-operand-type.cpp:[[@LINE+1]]:26: error: the text of gpu::ptx::asm_volatile must be a string literal [alloy:device-ptx-text]
  gpu::ptx::asm_volatile(text, out[0]);
  // CHECK: ptx-asm-operand-type.cpp:[[@LINE+1]]:39: error: in the PTX asm text: operand %1 does not exist (the statement has 1) [alloy:device-asm-template]
  gpu::ptx::asm_volatile("mov.f32 %0, %1;", gpu::ptx::out(out[0]));
}
