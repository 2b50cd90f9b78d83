//===- Lowering.h - Pieces shared by Alloy's lowering patterns -*- C++ -*-===//

#ifndef ALLOY_CONVERSION_ALLOYTOLLVM_LOWERING_H
#define ALLOY_CONVERSION_ALLOYTOLLVM_LOWERING_H

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

namespace alloy {

/// An op that becomes one `To` op: the same operands (converted), the
/// converted result types, no attributes.
template <class From, class To>
struct OneToOneLowering : mlir::ConvertOpToLLVMPattern<From> {
  using mlir::ConvertOpToLLVMPattern<From>::ConvertOpToLLVMPattern;
  mlir::LogicalResult
  matchAndRewrite(From op, typename From::Adaptor adaptor,
                  mlir::ConversionPatternRewriter &r) const override {
    llvm::SmallVector<mlir::Type> types;
    if (mlir::failed(this->getTypeConverter()->convertTypes(
            op->getResultTypes(), types)))
      return mlir::failure();
    r.replaceOpWithNewOp<To>(op, types, adaptor.getOperands());
    return mlir::success();
  }
};

/// `types` as the one result of an llvm op (inline asm, an nvvm op with
/// several registers): none, the one type, or a literal struct of them.
inline mlir::Type packedType(mlir::MLIRContext *ctx, mlir::TypeRange types) {
  if (types.empty())
    return {};
  if (types.size() == 1)
    return types.front();
  return mlir::LLVM::LLVMStructType::getLiteral(
      ctx, llvm::SmallVector<mlir::Type>(types));
}

/// The `n` values that `op`'s packedType result holds.
inline llvm::SmallVector<mlir::Value> unpackResults(mlir::OpBuilder &b,
                                                    mlir::Location loc,
                                                    mlir::Operation *op,
                                                    unsigned n) {
  if (n == 1)
    return {op->getResult(0)};
  llvm::SmallVector<mlir::Value> values;
  for (unsigned i = 0; i < n; ++i)
    values.push_back(
        mlir::LLVM::ExtractValueOp::create(b, loc, op->getResult(0), i));
  return values;
}

} // namespace alloy

#endif // ALLOY_CONVERSION_ALLOYTOLLVM_LOWERING_H
