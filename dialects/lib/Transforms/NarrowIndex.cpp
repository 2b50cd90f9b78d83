//===- NarrowIndex.cpp - Use the launch facts on index arithmetic ---------===//
//
// Upstream's integer range analysis does the work; what Alloy adds is the
// ranges themselves (the GPU registers' InferIntRangeInterface, which reads
// the kernel's launch contract and bounds). Values whose range is one
// number become constants, then Alloy's narrowing patterns move 64-bit
// arithmetic to 32 bits where the ranges prove the values are the same.
//
//===----------------------------------------------------------------------===//

#include "alloy/Transforms/Passes.h"

#include "mlir/Analysis/DataFlow/ConstantPropagationAnalysis.h"
#include "mlir/Analysis/DataFlow/DeadCodeAnalysis.h"
#include "mlir/Analysis/DataFlow/IntegerRangeAnalysis.h"
#include "mlir/Analysis/DataFlow/SparseAnalysis.h"
#include "mlir/Analysis/DataFlowFramework.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace alloy {
#define GEN_PASS_DEF_NARROWINDEXPASS
#include "alloy/Transforms/Passes.h.inc"
} // namespace alloy

using namespace mlir;

namespace {

using ConstantLattice = dataflow::Lattice<dataflow::ConstantValue>;

// The dead-code analysis follows a branch only once every operand it passes
// has a constant lattice, and the range analysis gives one to integers
// only: without this, a branch passing a float constant (`c ? 0.0f : x`
// after mem2reg) left its target dead, and a loop whose latch was behind it
// had its exit test folded to true (llvm-project issue 119045). Every other
// value's constant is unknown here; upstream's constant propagation would
// do too, but tries to fold every operation on the way.
struct NonIntegerConstants
    : dataflow::SparseForwardDataFlowAnalysis<ConstantLattice> {
  using SparseForwardDataFlowAnalysis::SparseForwardDataFlowAnalysis;

  LogicalResult visitOperation(Operation *op,
                               ArrayRef<const ConstantLattice *> operands,
                               ArrayRef<ConstantLattice *> results) override {
    for (auto [value, lattice] : llvm::zip(op->getResults(), results))
      if (!value.getType().isSignlessIntOrIndex())
        setToEntryState(lattice);
    return success();
  }

  void setToEntryState(ConstantLattice *lattice) override {
    propagateIfChanged(
        lattice, lattice->join(dataflow::ConstantValue::getUnknownConstant()));
  }
};

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

// The range the analysis found for `v`, if any.
const ConstantIntRanges *rangeOf(DataFlowSolver &solver, Value v) {
  auto *lattice = solver.lookupState<dataflow::IntegerValueRangeLattice>(v);
  if (!lattice || lattice->getValue().isUninitialized())
    return nullptr;
  return &lattice->getValue().getValue();
}

void copyRange(DataFlowSolver &solver, Value from, Value to) {
  if (auto *l = solver.lookupState<dataflow::IntegerValueRangeLattice>(from))
    (void)solver.getOrCreateState<dataflow::IntegerValueRangeLattice>(to)->join(
        *l);
}

// The one value an integer SSA value can have, if its range says so.
// Only integer and index values: the analysis gives width-0 ranges to
// others (upstream's int-range-optimizations would make an integer
// constant of a pointer type from one).
std::optional<APInt> knownConstant(DataFlowSolver &solver, Value v) {
  if (!v.getType().isSignlessIntOrIndex())
    return std::nullopt;
  const ConstantIntRanges *range = rangeOf(solver, v);
  return range ? range->getConstantValue() : std::nullopt;
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
    copyRange(solver, result, c);
    result.replaceAllUsesWith(c);
  }
}

// How the values of a range survive truncation to 32 bits: as the sign
// extension of their low half, as its zero extension, or both.
struct Fit32 {
  bool asSigned = false;
  bool asUnsigned = false;
};

Fit32 fit32(const ConstantIntRanges &r) {
  unsigned drop = r.smin().getBitWidth() - 32;
  return {r.smin().getNumSignBits() > drop && r.smax().getNumSignBits() > drop,
          r.umax().countLeadingZeros() >= drop};
}

// The range of an integer value wider than 32 bits, if the analysis has one.
const ConstantIntRanges *wideRange(DataFlowSolver &solver, Value v) {
  auto type = dyn_cast<IntegerType>(v.getType());
  return type && type.getWidth() > 32 ? rangeOf(solver, v) : nullptr;
}

// What a binary operation needs to give the same value in 32 bits.
//  - Wrapping: add, sub, mul and the bitwise operations; the low 32 bits of
//    their result depend only on the operands' low 32 bits, so the result
//    alone must fit.
//  - Signed / Unsigned: divisions, remainders, min and max read the whole
//    value: operands and result must fit as that signedness (an unsigned
//    value over 2^31 is negative as a 32-bit signed one).
//  - the shifts also need the amount below 32 (a 32-bit shift by 32 or more
//    is poison; the 64-bit one is defined).
enum class Needs {
  Wrapping,
  Signed,
  Unsigned,
  ShiftLeft,
  ShiftSigned,
  ShiftUnsigned
};

// Upstream's arith narrowing patterns (LLVM 22) keep a signed predicate or
// operation on operands that only fit as unsigned 32-bit values:
// `8 < (int64_t)(uint32_t)x` became a signed 32-bit compare, false for
// x >= 2^31 (found by test/fuzz on the GPU). Alloy's own patterns check the
// signedness each operation needs.
template <class Op, Needs N> struct NarrowBinary : OpRewritePattern<Op> {
  NarrowBinary(MLIRContext *ctx, DataFlowSolver &solver)
      : OpRewritePattern<Op>(ctx), solver(solver) {}

  LogicalResult matchAndRewrite(Op op,
                                PatternRewriter &rewriter) const override {
    Value lhs = op->getOperand(0), rhs = op->getOperand(1);
    Value res = op->getResult(0);
    const ConstantIntRanges *a = wideRange(solver, lhs);
    const ConstantIntRanges *b = wideRange(solver, rhs);
    const ConstantIntRanges *r = wideRange(solver, res);
    if (!a || !b || !r || lhs.getType() != res.getType() ||
        rhs.getType() != res.getType())
      return failure();
    Fit32 fa = fit32(*a), fb = fit32(*b), fr = fit32(*r);
    bool shift = N == Needs::ShiftLeft || N == Needs::ShiftSigned ||
                 N == Needs::ShiftUnsigned;
    if (shift && !b->umax().ult(32))
      return failure();
    bool allSigned = fa.asSigned && fb.asSigned && fr.asSigned;
    bool allUnsigned = fa.asUnsigned && fb.asUnsigned && fr.asUnsigned;
    bool ok = false;
    switch (N) {
    case Needs::Wrapping:
    case Needs::ShiftLeft:
      ok = fr.asSigned || fr.asUnsigned;
      break;
    case Needs::Signed:
      ok = allSigned;
      break;
    case Needs::Unsigned:
      ok = allUnsigned;
      break;
    case Needs::ShiftSigned:
      ok = fa.asSigned && fr.asSigned;
      break;
    case Needs::ShiftUnsigned:
      ok = fa.asUnsigned && fr.asUnsigned;
      break;
    }
    if (!ok)
      return failure();

    Location loc = op.getLoc();
    Type i32 = rewriter.getI32Type();
    Value l = arith::TruncIOp::create(rewriter, loc, i32, lhs);
    Value rr = arith::TruncIOp::create(rewriter, loc, i32, rhs);
    IRMapping mapping;
    mapping.map(lhs, l);
    mapping.map(rhs, rr);
    Operation *narrow = rewriter.clone(*op, mapping);
    rewriter.modifyOpInPlace(narrow, [&] {
      narrow->getResult(0).setType(i32);
      // A 32-bit operation keeps no-wrap flags only where the values it
      // sees are the exact ones; otherwise it may wrap where 64 bits did
      // not.
      if (auto flags =
              dyn_cast<arith::ArithIntegerOverflowFlagsInterface>(narrow)) {
        auto kept = arith::IntegerOverflowFlags::none;
        if (!shift && flags.hasNoSignedWrap() && allSigned)
          kept = kept | arith::IntegerOverflowFlags::nsw;
        if (!shift && flags.hasNoUnsignedWrap() && allUnsigned)
          kept = kept | arith::IntegerOverflowFlags::nuw;
        narrow->setAttr(
            flags.getIntegerOverflowAttrName(),
            arith::IntegerOverflowFlagsAttr::get(op.getContext(), kept));
      }
    });
    Value wide = fr.asUnsigned
                     ? Value(arith::ExtUIOp::create(
                           rewriter, loc, res.getType(), narrow->getResult(0)))
                     : Value(arith::ExtSIOp::create(
                           rewriter, loc, res.getType(), narrow->getResult(0)));
    copyRange(solver, res, wide);
    rewriter.replaceOp(op, wide);
    return success();
  }

  DataFlowSolver &solver;
};

arith::CmpIPredicate unsignedPredicate(arith::CmpIPredicate p) {
  using P = arith::CmpIPredicate;
  static constexpr P pairs[][2] = {
      {P::slt, P::ult}, {P::sle, P::ule}, {P::sgt, P::ugt}, {P::sge, P::uge}};
  for (auto [signedP, unsignedP] : pairs)
    if (p == signedP)
      return unsignedP;
  return p;
}

// A comparison of two values that fit in 32 bits the same way. Operands
// that fit only as unsigned values are non-negative as 64-bit ones, so a
// signed predicate becomes the unsigned one. Operands that fit as signed
// values keep every predicate: sign extension keeps the unsigned order too.
struct NarrowCompare : OpRewritePattern<arith::CmpIOp> {
  NarrowCompare(MLIRContext *ctx, DataFlowSolver &solver)
      : OpRewritePattern(ctx), solver(solver) {}

  LogicalResult matchAndRewrite(arith::CmpIOp op,
                                PatternRewriter &rewriter) const override {
    const ConstantIntRanges *a = wideRange(solver, op.getLhs());
    const ConstantIntRanges *b = wideRange(solver, op.getRhs());
    if (!a || !b)
      return failure();
    Fit32 fa = fit32(*a), fb = fit32(*b);
    arith::CmpIPredicate pred = op.getPredicate();
    if (!(fa.asSigned && fb.asSigned)) {
      if (!(fa.asUnsigned && fb.asUnsigned))
        return failure();
      pred = unsignedPredicate(pred);
    }
    Location loc = op.getLoc();
    Type i32 = rewriter.getI32Type();
    Value l = arith::TruncIOp::create(rewriter, loc, i32, op.getLhs());
    Value r = arith::TruncIOp::create(rewriter, loc, i32, op.getRhs());
    Value cmp = arith::CmpIOp::create(rewriter, loc, pred, l, r);
    copyRange(solver, op.getResult(), cmp);
    rewriter.replaceOp(op, cmp);
    return success();
  }

  DataFlowSolver &solver;
};

void populateNarrowingPatterns(RewritePatternSet &patterns,
                               DataFlowSolver &solver) {
  MLIRContext *ctx = patterns.getContext();
  patterns
      .add<NarrowBinary<arith::AddIOp, Needs::Wrapping>,
           NarrowBinary<arith::SubIOp, Needs::Wrapping>,
           NarrowBinary<arith::MulIOp, Needs::Wrapping>,
           NarrowBinary<arith::AndIOp, Needs::Wrapping>,
           NarrowBinary<arith::OrIOp, Needs::Wrapping>,
           NarrowBinary<arith::XOrIOp, Needs::Wrapping>,
           NarrowBinary<arith::DivSIOp, Needs::Signed>,
           NarrowBinary<arith::RemSIOp, Needs::Signed>,
           NarrowBinary<arith::MaxSIOp, Needs::Signed>,
           NarrowBinary<arith::MinSIOp, Needs::Signed>,
           NarrowBinary<arith::DivUIOp, Needs::Unsigned>,
           NarrowBinary<arith::RemUIOp, Needs::Unsigned>,
           NarrowBinary<arith::MaxUIOp, Needs::Unsigned>,
           NarrowBinary<arith::MinUIOp, Needs::Unsigned>,
           NarrowBinary<arith::ShLIOp, Needs::ShiftLeft>,
           NarrowBinary<arith::ShRSIOp, Needs::ShiftSigned>,
           NarrowBinary<arith::ShRUIOp, Needs::ShiftUnsigned>, NarrowCompare>(
          ctx, solver);
}

struct NarrowIndexPass : alloy::impl::NarrowIndexPassBase<NarrowIndexPass> {
  void runOnOperation() override {
    Operation *module = getOperation();
    // One function at a time. Across calls, each change at one call site
    // revisited the callee's entry with every call site of it: on a file of
    // 198 kernel instances sharing helpers, half of the pass's time, and
    // the same PTX for all benchmarks (the inliner and LLVM see through the
    // calls later).
    DataFlowSolver solver(DataFlowConfig().setInterprocedural(false));
    solver.load<dataflow::DeadCodeAnalysis>();
    solver.load<NonIntegerConstants>();
    solver.load<dataflow::IntegerRangeAnalysis>();
    if (failed(solver.initializeAndRun(module)))
      return signalPassFailure();
    materializeConstants(module, solver);

    RewritePatternSet patterns(&getContext());
    populateNarrowingPatterns(patterns, solver);
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
