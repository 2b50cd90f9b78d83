// Clang builtins in device code: which ones Alloy lowers, and how.
// (Math functions are MathFunctions.h's.)
#ifndef ALLOY_COMPILER_BASIC_BUILTINS_H
#define ALLOY_COMPILER_BASIC_BUILTINS_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace clang {
class ASTContext;
class FunctionDecl;
} // namespace clang

namespace alloy {

enum class BuiltinKind {
  Unsupported,    // an error in device code
  HostLibrary,    // a C library function the GPU has not (printf, malloc)
  Identity,       // std::move, std::forward, std::as_const, std::launder
  AddressOf,      // std::addressof, __builtin_addressof
  ConstantFalse,  // __builtin_is_constant_evaluated, __builtin_constant_p
  Expect,         // __builtin_expect(_with_probability), __builtin_unpredictable
  Assume,         // __builtin_assume
  AssumeAligned,  // __builtin_assume_aligned
  Prefetch,       // __builtin_prefetch: no code
  Unreachable,    // __builtin_unreachable
  Trap,           // __builtin_trap, __builtin_verbose_trap, abort
  Abs,            // abs, labs, llabs
  CountLeadingZeros,
  CountTrailingZeros,
  Popcount,
  Parity,
  FindFirstSet, // ffs
  ByteSwap,
  BitReverse,
  RotateLeft,
  RotateRight,
  AddOverflow,
  SubOverflow,
  MulOverflow,
  Memcpy,
  Memmove,
  Memset,
  Memcmp,
  IsNan,
  IsInf,
  IsFinite,
  IsNormal,
  IsSubnormal,
  IsZero,
  IsInfSign,
  SignBit,
  FpClassify,
  IsGreater,
  IsGreaterEqual,
  IsLess,
  IsLessEqual,
  IsLessGreater,
  IsUnordered,
};

// The builtin `id` (of `fn`) in device code; `plainName` receives its name
// without __builtin_.
BuiltinKind classifyBuiltin(unsigned id, clang::ASTContext &ast,
                            std::string *plainName = nullptr);

} // namespace alloy

#endif
