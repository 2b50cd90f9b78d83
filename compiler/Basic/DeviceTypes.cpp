#include "DeviceTypes.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"

using namespace clang;

namespace alloy {

const char *unsupportedTypeReason(QualType t, ASTContext &ast) {
  t = t.getCanonicalType();
  if (t->isReferenceType() || t->isPointerType() || t->isVoidType() ||
      t->isNullPtrType() || t->isFunctionType() || t->isEnumeralType() ||
      t->isRecordType())
    return nullptr;
  if (const auto *at = ast.getAsArrayType(t)) {
    if (isa<VariableArrayType>(at))
      return "variable-length arrays are not supported";
    return unsupportedTypeReason(at->getElementType(), ast);
  }
  if (t->isMemberDataPointerType())
    return nullptr;
  if (t->isMemberFunctionPointerType())
    return "pointers to member functions are not supported";
  if (t->isAnyComplexType())
    return "complex types are not supported; use a struct of two values";
  if (t->isVectorType() || t->isExtVectorType() || t->isMatrixType())
    return "vector and matrix types are not supported; use std::array or a "
           "struct";
  if (t->isAtomicType())
    return "_Atomic types are not supported; use gpu::atomic_* on a plain "
           "value";
  if (const auto *bi = t->getAs<BitIntType>())
    return bi->getNumBits() > 128 ? "integers wider than 128 bits are not "
                                    "supported"
                                  : nullptr;
  if (const auto *bt = t->getAs<BuiltinType>()) {
    switch (bt->getKind()) {
    case BuiltinType::LongDouble:
      return "the GPU has no long double; use double";
    case BuiltinType::Float128:
    case BuiltinType::Ibm128:
      return "the GPU has no 128-bit floating point; use double";
    default:
      break;
    }
    if (bt->isInteger() || bt->isFloatingPoint())
      return nullptr;
  }
  return "Alloy cannot represent this type on the GPU";
}

} // namespace alloy
