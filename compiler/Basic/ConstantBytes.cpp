#include "ConstantBytes.h"
#include "ASTUtils.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecordLayout.h"

using namespace clang;

namespace alloy {
namespace {

void writeInt(std::string &bytes, uint64_t offset, const llvm::APInt &v,
              uint64_t size) {
  for (uint64_t i = 0; i < size && i * 8 < v.getBitWidth(); ++i)
    bytes[offset + i] = char(v.extractBitsAsZExtValue(8, unsigned(i * 8)));
}

bool writeValue(ASTContext &ast, std::string &bytes, uint64_t offset,
                const APValue &value, QualType t) {
  t = t.getCanonicalType();
  uint64_t size = ast.getTypeSizeInChars(t).getQuantity();
  switch (value.getKind()) {
  case APValue::Int:
    writeInt(bytes, offset, value.getInt().zextOrTrunc(unsigned(size * 8)),
             size);
    return true;
  case APValue::Float:
    writeInt(bytes, offset, value.getFloat().bitcastToAPInt(), size);
    return true;
  case APValue::LValue:
    return value.isNullPointer(); // the bytes are already zero
  case APValue::MemberPointer:
    if (!t->isMemberDataPointerType())
      return false;
    writeInt(bytes, offset,
             llvm::APInt(64, uint64_t(memberPointerOffset(value, ast))), size);
    return true;
  case APValue::Array: {
    const auto *at = ast.getAsConstantArrayType(t);
    if (!at)
      return false;
    QualType elem = at->getElementType();
    uint64_t elemSize = ast.getTypeSizeInChars(elem).getQuantity();
    for (unsigned i = 0, n = unsigned(at->getZExtSize()); i < n; ++i) {
      const APValue &v = i < value.getArrayInitializedElts()
                             ? value.getArrayInitializedElt(i)
                             : value.getArrayFiller();
      if (!writeValue(ast, bytes, offset + i * elemSize, v, elem))
        return false;
    }
    return true;
  }
  case APValue::Struct: {
    const auto *rd = t->getAsCXXRecordDecl();
    if (!rd)
      return false;
    const ASTRecordLayout &layout = ast.getASTRecordLayout(rd);
    unsigned b = 0;
    for (const CXXBaseSpecifier &base : rd->bases()) {
      const CXXRecordDecl *bd = base.getType()->getAsCXXRecordDecl();
      if (base.isVirtual() ||
          !writeValue(ast, bytes,
                      offset + layout.getBaseClassOffset(bd).getQuantity(),
                      value.getStructBase(b++), base.getType()))
        return false;
    }
    for (const FieldDecl *f : rd->fields()) {
      if (f->isBitField())
        return false;
      if (f->isZeroSize(ast))
        continue;
      uint64_t fieldOffset =
          ast.toCharUnitsFromBits(layout.getFieldOffset(f->getFieldIndex()))
              .getQuantity();
      if (!writeValue(ast, bytes, offset + fieldOffset,
                      value.getStructField(f->getFieldIndex()), f->getType()))
        return false;
    }
    return true;
  }
  case APValue::Union: {
    const FieldDecl *f = value.getUnionField();
    if (!f)
      return true; // no active member: zero
    if (f->isBitField())
      return false;
    return writeValue(ast, bytes, offset, value.getUnionValue(), f->getType());
  }
  case APValue::None:
  case APValue::Indeterminate:
    return true; // uninitialized: zero
  default:
    return false;
  }
}

} // namespace

std::optional<uint64_t> oversizedConstant(const ASTContext &ast, QualType t) {
  uint64_t size = ast.getTypeSizeInChars(t).getQuantity();
  if (size > kMaxConstantBytes)
    return size;
  return std::nullopt;
}

std::optional<std::string> constantBytes(ASTContext &ast, const APValue &value,
                                         QualType t) {
  if (oversizedConstant(ast, t))
    return std::nullopt; // the checker reports it (err_device_constant_too_large)
  std::string bytes(ast.getTypeSizeInChars(t).getQuantity(), '\0');
  if (!writeValue(ast, bytes, 0, value, t))
    return std::nullopt;
  return bytes;
}

std::optional<std::string> constantVariableBytes(ASTContext &ast,
                                                 const VarDecl *vd) {
  QualType t = vd->getType();
  // The initializer may sit on another declaration (an in-class one).
  const VarDecl *withInit = nullptr;
  if (!t.isConstQualified() || t->isReferenceType() ||
      !vd->getAnyInitializer(withInit) || !withInit)
    return std::nullopt;
  const APValue *value = withInit->evaluateValue();
  if (!value)
    return std::nullopt;
  return constantBytes(ast, *value, t);
}

std::optional<std::string> deviceGlobalBytes(ASTContext &ast,
                                             const VarDecl *vd) {
  QualType t = vd->getType();
  const VarDecl *withInit = nullptr;
  std::string zeros(ast.getTypeSizeInChars(t).getQuantity(), '\0');
  if (!vd->getAnyInitializer(withInit) || !withInit)
    return zeros;
  // No initializer but a trivial default constructor (of a struct, or of
  // an array of them): zero-initialized, as a static variable is.
  if (const auto *ctor = dyn_cast_or_null<CXXConstructExpr>(
          withInit->getInit() ? withInit->getInit()->IgnoreImplicit()
                              : nullptr);
      ctor && ctor->getNumArgs() == 0 && ctor->getConstructor()->isTrivial())
    return zeros;
  const APValue *value = withInit->evaluateValue();
  if (!value)
    return std::nullopt;
  return constantBytes(ast, *value, t);
}

} // namespace alloy
