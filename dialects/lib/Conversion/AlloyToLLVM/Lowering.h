//===- Lowering.h - Pieces shared by Alloy's lowering patterns -*- C++ -*-===//
//
// Most ops lower through a function that builds the replacement, listed in
// a LoweringTable with what the instruction needs of the target; ops whose
// lowering decides more than that have a pattern of their own.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOY_CONVERSION_ALLOYTOLLVM_LOWERING_H
#define ALLOY_CONVERSION_ALLOYTOLLVM_LOWERING_H

#include "TargetChecks.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

namespace alloy {

using mlir::ConversionPatternRewriter;

/// What a lowering function built: the op whose results replace the lowered
/// op's, or the values that do. A lowered op without results is erased.
class Lowered {
public:
  template <class OpT, class = decltype(std::declval<OpT>().getOperation())>
  Lowered(OpT op) : op(op.getOperation()) {}
  Lowered(mlir::Value value) : values{value} {}
  Lowered(llvm::SmallVector<mlir::Value> values) : values(std::move(values)) {}
  /// Built, with nothing to replace results with (the op has none).
  static Lowered done() { return Lowered(llvm::SmallVector<mlir::Value>()); }

  void replace(mlir::Operation *old, ConversionPatternRewriter &r) const {
    if (old->getNumResults() == 0)
      r.eraseOp(old);
    else if (op)
      r.replaceOp(old, op->getResults());
    else
      r.replaceOp(old, values);
  }

private:
  mlir::Operation *op = nullptr;
  llvm::SmallVector<mlir::Value> values;
};

/// A lowering function of `Op`: it builds the replacement from the converted
/// operands; the second form also converts types.
template <class Op>
using LowerFn = Lowered (*)(Op, typename Op::Adaptor,
                            ConversionPatternRewriter &);
template <class Op>
using TypedLowerFn = Lowered (*)(Op, typename Op::Adaptor,
                                 ConversionPatternRewriter &,
                                 const mlir::TypeConverter &);

/// The pattern of a lowering function: checks what the instruction needs,
/// then builds and replaces.
template <class Op> struct FunctionLowering : TargetPattern<Op> {
  FunctionLowering(const mlir::LLVMTypeConverter &tc, GpuTarget target,
                   LowerFn<Op> fn, TypedLowerFn<Op> typedFn, Needs needs,
                   llvm::StringRef what)
      : TargetPattern<Op>(tc, std::move(target)), fn(fn), typedFn(typedFn),
        needs(needs), what(what) {}
  mlir::LogicalResult
  matchAndRewrite(Op op, typename Op::Adaptor a,
                  ConversionPatternRewriter &r) const override {
    if (mlir::failed(require(needs, op, what, this->target, r)))
      return mlir::failure();
    Lowered built = fn ? fn(op, a, r) : typedFn(op, a, r, *this->typeConverter);
    built.replace(op, r);
    return mlir::success();
  }
  LowerFn<Op> fn;
  TypedLowerFn<Op> typedFn;
  Needs needs;
  llvm::StringRef what;
};

/// Adds lowerings to a pattern set: `add<Op>(fn)` a lowering function for
/// an instruction every target has, `add<Op>(fn, needs, "name")` one that
/// needs more (the name is the error's), `addPatterns<P...>(args...)`
/// patterns constructed from the type converter and `args`.
class LoweringTable {
public:
  LoweringTable(const mlir::LLVMTypeConverter &tc,
                mlir::RewritePatternSet &patterns, const GpuTarget &target)
      : tc(tc), patterns(patterns), target_(target) {}

  template <class Op> LoweringTable &add(LowerFn<Op> fn) {
    return add<Op>(fn, needs, what);
  }
  template <class Op>
  LoweringTable &add(LowerFn<Op> fn, Needs needs, llvm::StringRef what) {
    patterns.add<FunctionLowering<Op>>(tc, target_, fn, nullptr, needs, what);
    return *this;
  }
  template <class Op> LoweringTable &add(TypedLowerFn<Op> fn) {
    patterns.add<FunctionLowering<Op>>(tc, target_, nullptr, fn, needs, what);
    return *this;
  }
  template <class... Patterns, class... Args>
  LoweringTable &addPatterns(Args &&...args) {
    patterns.add<Patterns...>(tc, std::forward<Args>(args)...);
    return *this;
  }

  /// A table whose `add<Op>(fn)` rows all need `needs`.
  LoweringTable needing(Needs needs, llvm::StringRef what) const {
    LoweringTable table = *this;
    table.needs = needs;
    table.what = what;
    return table;
  }
  const GpuTarget &target() const { return target_; }

private:
  const mlir::LLVMTypeConverter &tc;
  mlir::RewritePatternSet &patterns;
  const GpuTarget &target_;
  Needs needs = Needs::Any;
  llvm::StringRef what;
};

/// The lowerings of each group of Alloy ops, one file each
/// (<Group>ToLLVM.cpp).
void addCoreLowerings(LoweringTable &table);
void addAtomicsLowerings(LoweringTable &table);
void addMemoryLowerings(LoweringTable &table);
void addTensorLowerings(LoweringTable &table);
void addHalfMathLowerings(LoweringTable &table);
void addTmaLowerings(LoweringTable &table);
void addHopperLowerings(LoweringTable &table);
void addWgmmaLowerings(LoweringTable &table);
void addClusterLowerings(LoweringTable &table);

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
