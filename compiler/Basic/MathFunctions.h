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

enum class MathEmit {
  Libdevice,
  Sqrt,
  Cbrt,
  Exp,
  Exp2,
  Expm1,
  Log,
  Log2,
  Log10,
  Log1p,
  Sin,
  Cos,
  Tan,
  Asin,
  Acos,
  Atan,
  Atan2,
  Sinh,
  Cosh,
  Tanh,
  Asinh,
  Acosh,
  Atanh,
  Pow,
  Erf,
  Fabs,
  Floor,
  Ceil,
  Trunc,
  Round,
  RoundEven,
  Fma,
  Fmin,
  Fmax,
  Copysign,
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
