#include "TypeLowering.h"
#include "Basic/InternalError.h"

#include "alloy/Dialect/Alloy/AlloyTypes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"

using namespace clang;

namespace alloy {

bool TypeLowering::isScalar(QualType t) const {
  t = t.getCanonicalType();
  if (t->isRealFloatingType())
    return bool(valueType(t)); // not long double or __float128
  return t->isBooleanType() || t->isIntegralOrEnumerationType() ||
         t->isPointerType() || t->isReferenceType() || t->isNullPtrType() ||
         t->isMemberDataPointerType();
}

bool TypeLowering::isAggregate(QualType t) const {
  t = t.getCanonicalType();
  return t->isRecordType() || t->isConstantArrayType();
}

mlir::Type TypeLowering::valueType(QualType t) const {
  t = t.getCanonicalType();
  if (t->isBooleanType())
    return mlir::IntegerType::get(&ctx, 1);
  if (t->isIntegralOrEnumerationType())
    return mlir::IntegerType::get(&ctx, unsigned(ast.getTypeSize(t)));
  if (t->isPointerType() || t->isReferenceType() || t->isNullPtrType())
    return pointerType();
  if (t->isMemberDataPointerType()) // the member's offset (Itanium C++ ABI)
    return mlir::IntegerType::get(&ctx, unsigned(ast.getTypeSize(t)));
  if (const auto *bt = t->getAs<BuiltinType>()) {
    switch (bt->getKind()) {
    case BuiltinType::Float:
      return mlir::Float32Type::get(&ctx);
    case BuiltinType::Double:
      return mlir::Float64Type::get(&ctx);
    case BuiltinType::Half:
    case BuiltinType::Float16:
      return mlir::Float16Type::get(&ctx);
    case BuiltinType::BFloat16:
      return mlir::BFloat16Type::get(&ctx);
    default:
      return {};
    }
  }
  return {};
}

mlir::Type TypeLowering::memoryType(QualType t) const {
  t = t.getCanonicalType();
  if (t->isBooleanType())
    return mlir::IntegerType::get(&ctx, 8);
  if (isAggregate(t)) {
    std::string name = t.getAsString(ast.getPrintingPolicy());
    return RecordType::get(&ctx, name, sizeOf(t), alignOf(t));
  }
  mlir::Type type = valueType(t);
  // Sema/DeviceTypes.h admits only types that have one.
  ALLOY_CHECK(type);
  return type;
}

uint64_t TypeLowering::sizeOf(QualType t) const {
  return ast.getTypeSizeInChars(t).getQuantity();
}

uint64_t TypeLowering::dataSizeOf(QualType t) const {
  if (const auto *rd = t->getAsCXXRecordDecl(); rd && rd->isEmpty())
    return 0;
  return ast.getTypeInfoDataSizeInChars(t).Width.getQuantity();
}

uint64_t TypeLowering::alignOf(QualType t) const {
  return ast.getTypeAlignInChars(t).getQuantity();
}

mlir::Type TypeLowering::pointerType() const {
  return PtrType::get(&ctx, MemorySpace::generic);
}

mlir::Type TypeLowering::globalPointerType() const {
  return PtrType::get(&ctx, MemorySpace::global);
}

} // namespace alloy
