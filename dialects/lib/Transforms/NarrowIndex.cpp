//===- NarrowIndex.cpp - Use the launch facts on index arithmetic ---------===//
//
// Upstream's integer range analysis does the work; what Alloy adds is the
// ranges themselves (the GPU registers' InferIntRangeInterface, which reads
// the kernel's launch contract and bounds). Values whose range is one
// number become constants, then upstream's narrowing patterns move 64-bit
// arithmetic to 32 bits.
//
//===----------------------------------------------------------------------===//

#include "alloy/Transforms/Passes.h"

#include "mlir/Analysis/DataFlow/DeadCodeAnalysis.h"
#include "mlir/Analysis/DataFlow/IntegerRangeAnalysis.h"
#include "mlir/Analysis/DataFlowFramework.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace alloy {
#define GEN_PASS_DEF_NARROWINDEXPASS
#include "alloy/Transforms/Passes.h.inc"
} // namespace alloy

using namespace mlir;

namespace {

// Forgets the analysis state of what the rewrites erase, so that later
// queries do not read a stale range.
struct ForgetErased : RewriterBase::Listener {
  explicit ForgetErased(DataFlowSolver &solver) : solver(solver) {}
  void notifyOperationErased(Operation *op) override {
    solver.eraseState(solver.getProgramPointAfter(op));
    for (Value result : op->getResults())
      solver.eraseState(result);
  }
  DataFlowSolver &solver;
};

// The one value an integer SSA value can have, if its range says so.
// Only integer and index values: the analysis gives width-0 ranges to
// others (upstream's int-range-optimizations would make an integer
// constant of a pointer type from one).
std::optional<APInt> knownConstant(DataFlowSolver &solver, Value v) {
  if (!v.getType().isSignlessIntOrIndex())
    return std::nullopt;
  auto *lattice = solver.lookupState<dataflow::IntegerValueRangeLattice>(v);
  if (!lattice || lattice->getValue().isUninitialized())
    return std::nullopt;
  return lattice->getValue().getValue().getConstantValue();
}

// Replaces integer results that the ranges pin to one value with constants
// (a contract of 256 threads: `alloy.block_dim x` is 256, `thread_id x <
// 256` is true).
void materializeConstants(Operation *root, DataFlowSolver &solver) {
  SmallVector<std::pair<OpResult, APInt>> known;
  root->walk([&](Operation *op) {
    if (op->hasTrait<OpTrait::ConstantLike>())
      return;
    for (OpResult r : op->getResults())
      if (!r.use_empty())
        if (std::optional<APInt> c = knownConstant(solver, r))
          known.emplace_back(r, *c);
  });
  for (auto &[result, value] : known) {
    OpBuilder b(result.getOwner());
    Value c = arith::ConstantOp::create(
        b, result.getLoc(), b.getIntegerAttr(result.getType(), value));
    (void)solver.getOrCreateState<dataflow::IntegerValueRangeLattice>(c)->join(
        *solver.lookupState<dataflow::IntegerValueRangeLattice>(result));
    result.replaceAllUsesWith(c);
  }
}

struct NarrowIndexPass : alloy::impl::NarrowIndexPassBase<NarrowIndexPass> {
  void runOnOperation() override {
    Operation *module = getOperation();
    DataFlowSolver solver;
    solver.load<dataflow::DeadCodeAnalysis>();
    solver.load<dataflow::IntegerRangeAnalysis>();
    if (failed(solver.initializeAndRun(module)))
      return signalPassFailure();
    materializeConstants(module, solver);

    RewritePatternSet patterns(&getContext());
    arith::populateIntRangeNarrowingPatterns(patterns, solver, {32});
    ForgetErased listener(solver);
    GreedyRewriteConfig config;
    config.setListener(&listener);
    config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
    // The patterns only rewrite what the ranges prove; a fixpoint that is
    // not reached leaves correct code, so the result is not an error.
    (void)applyPatternsGreedily(module, std::move(patterns), config);
  }
};

} // namespace
