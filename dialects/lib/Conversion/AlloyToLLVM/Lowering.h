//===- Lowering.h - Pieces shared by Alloy's lowering patterns -*- C++ -*-===//

#ifndef ALLOY_CONVERSION_ALLOYTOLLVM_LOWERING_H
#define ALLOY_CONVERSION_ALLOYTOLLVM_LOWERING_H

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"

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

/// Marks the first `pointers` operands of a memcpy, memmove or memset
/// intrinsic `align`-aligned; the others (value, length) get none.
template <class IntrinsicOp>
void setAlignArgAttrs(mlir::Builder &b, IntrinsicOp op, uint64_t align,
                      unsigned pointers) {
  auto aligned = b.getDictionaryAttr(
      b.getNamedAttr(mlir::LLVM::LLVMDialect::getAlignAttrName(),
                     b.getI64IntegerAttr(int64_t(align))));
  llvm::SmallVector<mlir::Attribute, 3> attrs(pointers, aligned);
  attrs.resize(op->getNumOperands(), b.getDictionaryAttr({}));
  op.setArgAttrsAttr(b.getArrayAttr(attrs));
}

} // namespace alloy

#endif // ALLOY_CONVERSION_ALLOYTOLLVM_LOWERING_H
