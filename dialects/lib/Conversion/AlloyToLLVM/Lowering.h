//===- Lowering.h - Pieces shared by Alloy's lowering patterns -*- C++ -*-===//

#ifndef ALLOY_CONVERSION_ALLOYTOLLVM_LOWERING_H
#define ALLOY_CONVERSION_ALLOYTOLLVM_LOWERING_H

#include "mlir/Conversion/LLVMCommon/Pattern.h"

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

} // namespace alloy

#endif // ALLOY_CONVERSION_ALLOYTOLLVM_LOWERING_H
