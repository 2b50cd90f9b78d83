// Which C++ types device code may hold.
#ifndef ALLOY_COMPILER_BASIC_DEVICETYPES_H
#define ALLOY_COMPILER_BASIC_DEVICETYPES_H

#include "clang/AST/Type.h"

namespace clang {
class ASTContext;
}

namespace alloy {

// Why a value of type `t` cannot be used in device code, or null when it
// can. Pointers and references are fine whatever they point to; what is
// loaded through them is checked where it is loaded.
const char *unsupportedTypeReason(clang::QualType t, clang::ASTContext &ast);

} // namespace alloy

#endif
