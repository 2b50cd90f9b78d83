#include "LoopHints.h"
#include "FunctionEmitter.h"

#include "alloy/Transforms/InlinedLocations.h"

#include "mlir/Dialect/LLVMIR/LLVMAttrs.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"

using namespace clang;
namespace LLVM = mlir::LLVM;

namespace alloy {

mlir::Attribute buildLoopAnnotation(FunctionEmitter &fe, const Stmt *loop,
                                    llvm::ArrayRef<const Attr *> hints) {
  if (hints.empty())
    return {};
  mlir::MLIRContext *ctx = &fe.module.ctx;
  mlir::OpBuilder &b = fe.b;
  mlir::BoolAttr yes = b.getBoolAttr(true), no = b.getBoolAttr(false);
  // Vectorize.
  mlir::BoolAttr vecDisable, vecPredicate, vecScalable;
  mlir::IntegerAttr vecWidth, interleaveCount;
  // Unroll and unroll-and-jam.
  mlir::BoolAttr unrollDisable, unrollFull, jamDisable;
  mlir::IntegerAttr unrollCount, jamCount;
  // Pipelining and distribution.
  mlir::BoolAttr pipelineDisable, distributeDisable;
  mlir::IntegerAttr pipelineInterval;

  for (const Attr *a : hints) {
    const auto *hint = cast<LoopHintAttr>(a);
    LoopHintAttr::LoopHintState state = hint->getState();
    mlir::IntegerAttr value;
    if (const Expr *e = hint->getValue())
      if (std::optional<llvm::APSInt> v = e->getIntegerConstantExpr(fe.ast))
        value = b.getI32IntegerAttr(int32_t(v->getExtValue()));
    bool enable = state != LoopHintAttr::Disable;
    switch (hint->getOption()) {
    case LoopHintAttr::Vectorize:
      vecDisable = enable ? no : yes;
      break;
    case LoopHintAttr::VectorizeWidth:
      vecWidth = value;
      if (state == LoopHintAttr::ScalableWidth)
        vecScalable = yes;
      vecDisable = no;
      break;
    case LoopHintAttr::VectorizePredicate:
      vecPredicate = enable ? yes : no;
      break;
    case LoopHintAttr::Interleave:
      if (!enable)
        interleaveCount = b.getI32IntegerAttr(1);
      else
        vecDisable = no;
      break;
    case LoopHintAttr::InterleaveCount:
      interleaveCount = value;
      break;
    case LoopHintAttr::Unroll:
      if (state == LoopHintAttr::Full)
        unrollFull = yes;
      else
        unrollDisable = enable ? no : yes;
      break;
    case LoopHintAttr::UnrollCount:
      unrollCount = value;
      break;
    case LoopHintAttr::UnrollAndJam:
      jamDisable = enable ? no : yes;
      break;
    case LoopHintAttr::UnrollAndJamCount:
      jamCount = value;
      break;
    case LoopHintAttr::PipelineDisabled:
      pipelineDisable = yes;
      break;
    case LoopHintAttr::PipelineInitiationInterval:
      pipelineInterval = value;
      break;
    case LoopHintAttr::Distribute:
      distributeDisable = enable ? no : yes;
      break;
    }
  }

  LLVM::LoopVectorizeAttr vectorize;
  if (vecDisable || vecPredicate || vecScalable || vecWidth)
    vectorize = LLVM::LoopVectorizeAttr::get(ctx, vecDisable, vecPredicate,
                                             vecScalable, vecWidth, {}, {}, {});
  LLVM::LoopInterleaveAttr interleave;
  if (interleaveCount)
    interleave = LLVM::LoopInterleaveAttr::get(ctx, interleaveCount);
  LLVM::LoopUnrollAttr unroll;
  if (unrollDisable || unrollFull || unrollCount)
    unroll = LLVM::LoopUnrollAttr::get(ctx, unrollDisable, unrollCount, {},
                                       unrollFull, {}, {}, {});
  LLVM::LoopUnrollAndJamAttr jam;
  if (jamDisable || jamCount)
    jam = LLVM::LoopUnrollAndJamAttr::get(ctx, jamDisable, jamCount, {}, {},
                                          {}, {}, {});
  LLVM::LoopPipelineAttr pipeline;
  if (pipelineDisable || pipelineInterval)
    pipeline = LLVM::LoopPipelineAttr::get(ctx, pipelineDisable,
                                           pipelineInterval);
  LLVM::LoopDistributeAttr distribute;
  if (distributeDisable)
    distribute =
        LLVM::LoopDistributeAttr::get(ctx, distributeDisable, {}, {}, {}, {});
  // The loop's source range makes each loop's metadata distinct.
  mlir::FusedLoc start = alloy::loopRangeAt(fe.loc(loop->getBeginLoc()));
  mlir::FusedLoc end = alloy::loopRangeAt(fe.loc(loop->getEndLoc()));
  return LLVM::LoopAnnotationAttr::get(
      ctx, /*disableNonforced=*/{}, vectorize, interleave, unroll, jam,
      /*licm=*/{}, distribute, pipeline, /*peeled=*/{}, /*unswitch=*/{},
      /*mustProgress=*/{}, /*isVectorized=*/{}, start, end,
      /*parallelAccesses=*/{});
}

} // namespace alloy
