// The C and C++ math functions device code may call (MathFunctions.def).
#ifndef ALLOY_COMPILER_BASIC_MATHFUNCTIONS_H
#define ALLOY_COMPILER_BASIC_MATHFUNCTIONS_H

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace clang {
class ASTContext;
class FunctionDecl;
} // namespace clang

namespace alloy {

// What a math function becomes: a call of libdevice, or an MLIR operation.
enum class MathEmit {
  Libdevice,
#define ALLOY_MATH_OP(EMIT, OP, ARITY) EMIT,
#include "MathOps.def"
};

struct MathFunction {
  llvm::StringRef name; // the double spelling, e.g. "hypot"
  MathEmit emit;
  llvm::StringRef libdevice; // e.g. "hypot" for __nv_hypot(f)
  bool isFloat;              // the float spelling (hypotf)
  // The libdevice function: __nv_hypot or __nv_hypotf.
  std::string libdeviceName() const;
};

// `fn` as a math function: a library builtin (sqrt, sqrtf, __builtin_sqrt)
// or a body-less extern "C" declaration of <math.h> (sincosf, exp10).
std::optional<MathFunction> lookupMathFunction(const clang::FunctionDecl *fn,
                                               clang::ASTContext &ast);

} // namespace alloy

#endif
