// Constant data in device code: string literals, __func__, and
// namespace-scope or static const variables (constexpr tables), laid out
// byte by byte from clang's constant evaluator.
#include "FunctionLowering.h"

#include "alloy/Dialect/Alloy/AlloyOps.h"

#include "clang/AST/APValue.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/RecordLayout.h"

using namespace clang;

namespace alloy {
namespace {

void writeInt(std::string &bytes, uint64_t offset, const llvm::APInt &v,
              uint64_t size) {
  for (uint64_t i = 0; i < size; ++i)
    bytes[offset + i] = char(v.extractBitsAsZExtValue(8, unsigned(i * 8)));
}

// Writes `value` of type `t` at `offset`; false for what has no byte image
// (pointers other than null, unions, bit-fields).
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
      uint64_t fieldOffset =
          ast.toCharUnitsFromBits(layout.getFieldOffset(f->getFieldIndex()))
              .getQuantity();
      if (!writeValue(ast, bytes, offset + fieldOffset,
                      value.getStructField(f->getFieldIndex()), f->getType()))
        return false;
    }
    return true;
  }
  case APValue::None:
  case APValue::Indeterminate:
    return true; // uninitialized: zero
  default:
    return false;
  }
}

} // namespace

Address FunctionLowering::emitConstantData(llvm::StringRef bytes,
                                           uint64_t align, mlir::Location l) {
  std::string name = module.getConstantData(bytes, align);
  mlir::Value p = ConstantAddressOp::create(b, l, name);
  return Address{AddrSpaceCastOp::create(b, l, types.pointerType(), p), align};
}

Address FunctionLowering::emitStringLiteral(const StringLiteral *s) {
  if (s->getCharByteWidth() != 1)
    return {unsupported(s, "a wide string literal", types.pointerType()), 1};
  std::string bytes = s->getBytes().str();
  if (const auto *at = ast.getAsConstantArrayType(s->getType()))
    bytes.resize(at->getZExtSize(), '\0');
  return emitConstantData(bytes, 1, loc(s->getBeginLoc()));
}

Address FunctionLowering::emitConstantVariable(const VarDecl *vd,
                                               SourceLocation use) {
  QualType t = vd->getType();
  const APValue *value =
      t.isConstQualified() && vd->getInit() ? vd->evaluateValue() : nullptr;
  uint64_t size = types.sizeOf(t);
  std::string bytes(size, '\0');
  if (!value || !writeValue(ast, bytes, 0, *value, t)) {
    module.error(use, "Alloy cannot compile the variable '" +
                          vd->getQualifiedNameAsString() +
                          "' in device code: only constants (const or "
                          "constexpr, with a constant initializer) of "
                          "scalars, arrays and plain structs can be used "
                          "from the GPU");
    return createTemp(types.isScalar(t) || types.isAggregate(t) ? t
                                                                : ast.IntTy);
  }
  return emitConstantData(bytes, types.alignOf(t), loc(use));
}

} // namespace alloy
