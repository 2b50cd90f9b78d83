// Inline PTX in Alloy's form: the constraints follow from the operand types.
//
//   float d;
//   gpu::ptx::asm_volatile("fma.rn.f32 %0, %1, %2, %3;", gpu::ptx::out(d), a, b, c);
//   gpu::ptx::asm_volatile("add.u32 %0, %0, 1;", gpu::ptx::inout(counter));
//
// %N is the N-th operand after the text, in the order written. An operand
// is a float (f), a double (d), or any integer, pointer or trivially
// copyable value of 2, 4 or 8 bytes (h, r, l: its bits, so gpu::half2 is
// one 32-bit register). gpu::ptx::out(x) is written by the asm,
// gpu::ptx::inout(x) read and written; everything else is read. The
// statement is volatile and clobbers memory. CUDA's own asm statement works
// too (docs/tensor-cores.md).
#ifndef GPU_PTX_HPP
#define GPU_PTX_HPP

#include <gpu/detail/intrinsics.hpp>

#include <cstdlib>

namespace gpu::ptx {

template <class T> struct out {
  T *p;
  explicit out(T &x) noexcept : p(&x) {}
};
template <class T> struct inout {
  T *p;
  explicit inout(T &x) noexcept : p(&x) {}
};

// The text must be a string literal. On the host: the program stops (the
// host processor does not run PTX).
template <class... Operands>
ALLOY_INTRINSIC("ptx.asm")
inline void asm_volatile(const char *, Operands...) noexcept {
  ::gpu::detail::cpu::unsupported("ptx.asm");
}

} // namespace gpu::ptx

#endif // GPU_PTX_HPP
