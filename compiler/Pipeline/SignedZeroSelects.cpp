// Keeps C++'s answer for `a < b ? a : b` on zeros of opposite signs. LLVM's
// instruction selection turns such a select of floats into the target's
// min/max (SelectionDAGBuilder matches the pattern even without `nsz`), and
// PTX's min.f32/min.f64 order -0 below +0: std::min(0.0, -0.0) gave -0.0 on
// the GPU, where C++ returns the first argument, +0.0 (found by test/fuzz).
// This pass freezes the condition of every such select whose result could
// differ (no `nsz`, no non-zero constant operand, and not a select that
// returns min's -0.0 or max's +0.0 itself on a tie, as the ReLU
// `x > 0.0f ? x : 0.0f` does); a frozen condition is a plain compare and
// select to the backend.
#include "DevicePasses.h"

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace alloy {

// A floating-point constant, or the value of a splat of one.
static ConstantFP *fpConstant(Value *v) {
  auto *c = dyn_cast_or_null<Constant>(v);
  if (!c)
    return nullptr;
  if (auto *fp = dyn_cast<ConstantFP>(c))
    return fp;
  return dyn_cast_or_null<ConstantFP>(c->getSplatValue());
}

// A constant with no zero element: min/max with it cannot tie on a zero.
static bool isNonZeroConstant(Value *v) {
  ConstantFP *c = fpConstant(v);
  return c && !c->isZero();
}

// What the select returns when its compare sees two zeros (equal, even of
// opposite signs): the false arm for a strict compare, the true arm for a
// non-strict one.
static Value *armOnZeroTie(SelectInst &select) {
  auto *cmp = dyn_cast<FCmpInst>(select.getCondition());
  if (!cmp)
    return nullptr;
  switch (cmp->getPredicate()) {
  case FCmpInst::FCMP_OLT:
  case FCmpInst::FCMP_OGT:
  case FCmpInst::FCMP_ULT:
  case FCmpInst::FCMP_UGT:
    return select.getFalseValue();
  case FCmpInst::FCMP_OLE:
  case FCmpInst::FCMP_OGE:
  case FCmpInst::FCMP_ULE:
  case FCmpInst::FCMP_UGE:
    return select.getTrueValue();
  default:
    return nullptr;
  }
}

// PTX's min gives -0 and its max +0 for zeros of opposite signs (measured on
// the H200). A select whose tie arm is that very zero constant agrees: the
// ReLU `x > 0.0f ? x : 0.0f` keeps its max.f32.
static bool tieAgrees(SelectInst &select, SelectPatternFlavor flavor) {
  ConstantFP *zero = fpConstant(armOnZeroTie(select));
  if (!zero || !zero->isZero())
    return false;
  return zero->isNegative() == (flavor == SPF_FMINNUM);
}

static bool needsGuard(SelectInst &select) {
  if (!select.getType()->isFPOrFPVectorTy() || select.hasNoSignedZeros() ||
      isa<FreezeInst>(select.getCondition()))
    return false;
  Value *lhs = nullptr, *rhs = nullptr;
  SelectPatternFlavor flavor = matchSelectPattern(&select, lhs, rhs).Flavor;
  if (flavor != SPF_FMINNUM && flavor != SPF_FMAXNUM)
    return false;
  return !isNonZeroConstant(lhs) && !isNonZeroConstant(rhs) &&
         !tieAgrees(select, flavor);
}

PreservedAnalyses SignedZeroSelectsPass::run(Function &f,
                                             FunctionAnalysisManager &) {
  SmallVector<SelectInst *> guarded;
  for (Instruction &inst : instructions(f))
    if (auto *select = dyn_cast<SelectInst>(&inst);
        select && needsGuard(*select))
      guarded.push_back(select);
  for (SelectInst *select : guarded) {
    auto *frozen = new FreezeInst(select->getCondition(),
                                  select->getCondition()->getName() + ".sz",
                                  select->getIterator());
    select->setCondition(frozen);
  }
  if (guarded.empty())
    return PreservedAnalyses::all();
  PreservedAnalyses kept;
  kept.preserveSet<CFGAnalyses>();
  return kept;
}

} // namespace alloy
