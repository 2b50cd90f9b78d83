//===- EraseUnreachableBlocks.cpp - Drop blocks no path reaches -----------===//

#include "alloy/Conversion/Passes.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/RegionUtils.h"

namespace alloy {
#define GEN_PASS_DEF_ERASEUNREACHABLEBLOCKSPASS
#include "alloy/Conversion/Passes.h.inc"
} // namespace alloy

namespace {
struct EraseUnreachableBlocksPass
    : alloy::impl::EraseUnreachableBlocksPassBase<EraseUnreachableBlocksPass> {
  void runOnOperation() override {
    mlir::IRRewriter rewriter(&getContext());
    getOperation()->walk([&](mlir::Operation *op) {
      if (op->getNumRegions())
        (void)mlir::eraseUnreachableBlocks(rewriter, op->getRegions());
    });
  }
};
} // namespace
