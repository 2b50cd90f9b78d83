//===- DistinctInlinedLoops.cpp - one loop annotation per inlined copy ----===//

#include "alloy/Transforms/InlinedLocations.h"
#include "alloy/Transforms/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMAttrs.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Location.h"

namespace alloy {
#define GEN_PASS_DEF_DISTINCTINLINEDLOOPSPASS
#include "alloy/Transforms/Passes.h.inc"
} // namespace alloy

using namespace mlir;

namespace {

// `range` (a loop's start or end) inlined through `callers`.
FusedLoc inlinedAt(FusedLoc range, ArrayRef<Location> callers) {
  if (!range)
    return range;
  SmallVector<Location> locs;
  for (Location loc : range.getLocations()) {
    for (Location caller : callers)
      loc = CallSiteLoc::get(loc, caller);
    locs.push_back(loc);
  }
  return FusedLoc::get(range.getContext(), locs, range.getMetadata());
}

struct DistinctInlinedLoopsPass
    : alloy::impl::DistinctInlinedLoopsPassBase<DistinctInlinedLoopsPass> {
  void runOnOperation() override {
    getOperation().walk([](Operation *op) {
      auto loop =
          op->getAttrOfType<LLVM::LoopAnnotationAttr>("loop_annotation");
      if (!loop)
        return;
      SmallVector<Location> callers;
      alloy::callSitesOf(op->getLoc(), callers);
      if (callers.empty())
        return;
      // A loop without a range gets the branch's own location.
      FusedLoc start = loop.getStartLoc(), end = loop.getEndLoc();
      if (!start)
        start = alloy::loopRangeAt(op->getLoc());
      else
        start = inlinedAt(start, callers);
      op->setAttr("loop_annotation",
                  LLVM::LoopAnnotationAttr::get(
                      op->getContext(), loop.getDisableNonforced(),
                      loop.getVectorize(), loop.getInterleave(),
                      loop.getUnroll(), loop.getUnrollAndJam(), loop.getLicm(),
                      loop.getDistribute(), loop.getPipeline(),
                      loop.getPeeled(), loop.getUnswitch(),
                      loop.getMustProgress(), loop.getIsVectorized(), start,
                      inlinedAt(end, callers), loop.getParallelAccesses()));
    });
  }
};

} // namespace
