// Which cast kinds device code may use. The emitters handle exactly the
// Supported ones.
#ifndef ALLOY_COMPILER_BASIC_CASTS_H
#define ALLOY_COMPILER_BASIC_CASTS_H

#include "clang/AST/OperationKinds.h"

namespace alloy {

enum class CastSupport {
  Supported,
  FunctionPointer, // CK_FunctionToPointerDecay outside a call
  Dynamic,         // dynamic_cast
  MemberPointer,
  Unsupported,
};

CastSupport classifyCast(clang::CastKind kind);

// The Supported casts that convert a scalar's value to another scalar type
// (integers, floats, pointers, bool): FunctionEmitter::emitScalarConversion.
bool isScalarConversion(clang::CastKind kind);

} // namespace alloy

#endif
