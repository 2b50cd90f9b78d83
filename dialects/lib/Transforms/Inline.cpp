//===- Inline.cpp - Alloy's inlining policy over MLIR's inliner ----------===//

#include "alloy/Transforms/Passes.h"

#include "alloy/Dialect/Alloy/AlloyOps.h"

#include "mlir/Analysis/CallGraph.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/RegionGraphTraits.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Inliner.h"
#include "llvm/ADT/SCCIterator.h"

namespace alloy {
#define GEN_PASS_DEF_INLINEPASS
#include "alloy/Transforms/Passes.h.inc"
} // namespace alloy

using namespace mlir;

namespace {

// Whether some block of `region` that the entry reaches reaches itself.
bool hasLoop(Region &region) {
  for (auto scc = llvm::scc_begin(&region); !scc.isAtEnd(); ++scc)
    if (scc.hasCycle())
      return true;
  return false;
}

bool profitable(const Inliner::ResolvedCall &call) {
  Region *body = call.targetNode->getCallableRegion();
  Operation *callee = body->getParentOp();
  if (callee->hasAttr("llvm.always_inline"))
    return true;
  return !hasLoop(*body);
}

struct InlinePass : alloy::impl::InlinePassBase<InlinePass> {
  void runOnOperation() override {
    CallGraph &cg = getAnalysis<CallGraph>();
    InlinerConfig config([](OpPassManager &) {}, /*maxInliningIterations=*/4);
    auto runPipeline = [](Pass &pass, OpPassManager &pipeline, Operation *op) {
      return static_cast<InlinePass &>(pass).runPipeline(pipeline, op);
    };
    Inliner inliner(getOperation(), cg, *this, getAnalysisManager(),
                    runPipeline, config, profitable);
    if (failed(inliner.doInlining()))
      return signalPassFailure();
    // The AST lowering puts every slot in the entry block; an inlined
    // helper's slots join the caller's there, allocated once even where the
    // call was in a loop (LLVM would make an alloca in a loop grow the
    // stack, and mem2reg needs the slot to dominate its uses).
    getOperation().walk([](FunctionOpInterface fn) {
      if (fn.isExternal())
        return;
      Block &entry = fn.getFunctionBody().front();
      SmallVector<alloy::AllocaOp> inlined;
      fn.walk([&](alloy::AllocaOp slot) {
        if (slot->getBlock() != &entry)
          inlined.push_back(slot);
      });
      for (alloy::AllocaOp slot : inlined)
        slot->moveBefore(&entry, entry.begin());
    });
  }
};

} // namespace
