// Constant data in device code: string literals, __func__, constant
// variables (constexpr tables) and constant values of any type, laid out
// byte by byte from clang's constant evaluator (Basic/ConstantBytes.h);
// and the addresses of device globals.
#include "Basic/ASTUtils.h"
#include "Basic/ConstantBytes.h"
#include "Basic/InternalError.h"
#include "FunctionEmitter.h"

#include "alloy/Dialect/Alloy/AlloyOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "clang/AST/ASTContext.h"

using namespace clang;

namespace alloy {

Address FunctionEmitter::emitConstantData(llvm::StringRef bytes,
                                          uint64_t align, mlir::Location l) {
  std::string name = module.getConstantData(bytes, align);
  mlir::Value p = ConstantAddressOp::create(b, l, name);
  return Address{AddrSpaceCastOp::create(b, l, types.pointerType(), p), align};
}

Address FunctionEmitter::emitStringLiteral(const StringLiteral *s) {
  std::string bytes = s->getBytes().str();
  if (const auto *at = ast.getAsConstantArrayType(s->getType()))
    bytes.resize(at->getZExtSize() * s->getCharByteWidth(), '\0');
  return emitConstantData(bytes, s->getCharByteWidth(), loc(s->getBeginLoc()));
}

Address FunctionEmitter::emitConstantVariable(const VarDecl *vd) {
  std::optional<std::string> bytes = constantVariableBytes(ast, vd);
  ALLOY_CHECK(bytes && "Sema checked that the constant has a byte image");
  return emitConstantData(*bytes, types.alignOf(vd->getType()),
                          loc(vd->getLocation()));
}

Address FunctionEmitter::emitDeviceGlobal(const VarDecl *vd, mlir::Location l) {
  DeviceModule::GlobalRef g = module.getDeviceGlobal(vd);
  mlir::Value p = GlobalAddressOp::create(
      b, l, g.symbol, g.constant ? MemorySpace::constant : MemorySpace::global);
  return Address{AddrSpaceCastOp::create(b, l, types.pointerType(), p),
                 g.align};
}

mlir::Value FunctionEmitter::emitConstant(const APValue &value, QualType t,
                                          mlir::Location l) {
  mlir::Type vt = valueType(t);
  if (value.isInt())
    return mlir::arith::ConstantOp::create(
        b, l, vt,
        b.getIntegerAttr(vt, value.getInt().extOrTrunc(
                                 vt.getIntOrFloatBitWidth())));
  if (value.isMemberPointer())
    return constantInt(l, vt, memberPointerOffset(value, ast));
  ALLOY_CHECK(value.isFloat() &&
              "foldScalar gives integers, floats and member pointers");
  return mlir::arith::ConstantOp::create(b, l, vt,
                                         b.getFloatAttr(vt, value.getFloat()));
}

} // namespace alloy
