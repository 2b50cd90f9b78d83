// Undoes GVN's scalar PRE where it carries cheap values across a loop. A
// kernel that computes `8 * tid.x | i` both inside a loop (LICM hoists it
// to the preheader) and in the epilogue after the loop gets the epilogue's
// copies from GVN as phis: the preheader's values on the loop path, new
// copies on the path that skips the loop. Code generation later folds the
// loop's uses into address offsets, so the preheader's values stay live
// across the whole loop for the epilogue alone: seven registers in
// matmul_forward, which ptxas then takes from the software pipelining of
// its shared loads (0.91x nvcc). A phi whose incoming values are one cheap
// operation (integer arithmetic without division, or an integer cast) of
// the same operands, up to one operand that is itself a phi of that block
// or a value available there, becomes that operation after the phis, when
// one incoming value was computed before a loop the phi comes after. One
// live value is traded for one, and the loop no longer carries it.
#include "DevicePasses.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Transforms/Utils/Local.h"

#include <functional>

using namespace llvm;

namespace alloy {
namespace {

bool isCheap(const Instruction &inst) {
  if (auto *cast = dyn_cast<CastInst>(&inst))
    return isa<ZExtInst, SExtInst, TruncInst>(cast);
  return isa<BinaryOperator>(inst) && !inst.isIntDivRem() &&
         inst.getType()->isIntegerTy();
}

// Whether `inst`, the value `phi` takes from `incoming`, was computed before
// a loop that the path from it to the phi goes through.
bool carriedAcrossLoop(const Instruction &inst, const BasicBlock *incoming,
                       const PHINode &phi, ArrayRef<Loop *> loops,
                       const DominatorTree &dt) {
  for (const Loop *loop : loops)
    if (!loop->contains(inst.getParent()) && !loop->contains(&phi) &&
        dt.dominates(inst.getParent(), loop->getHeader()) &&
        (loop->contains(incoming) || dt.dominates(loop->getHeader(), incoming)))
      return true;
  return false;
}

// The phi of `block` that takes `values[k]` from its k-th incoming block.
PHINode *phiOf(BasicBlock &block, const PHINode &like,
               ArrayRef<Value *> values) {
  for (PHINode &phi : block.phis()) {
    if (&phi == &like || phi.getType() != values[0]->getType())
      continue;
    bool matches = true;
    for (unsigned k = 0; k < like.getNumIncomingValues() && matches; ++k)
      matches =
          phi.getIncomingValueForBlock(like.getIncomingBlock(k)) == values[k];
    if (matches)
      return &phi;
  }
  return nullptr;
}

// The operation that computes `phi` after the phis, not yet inserted, or
// null where its incoming values are not one cheap operation.
Instruction *recomputation(PHINode &phi, ArrayRef<Loop *> loops,
                           const DominatorTree &dt) {
  BasicBlock &block = *phi.getParent();
  SmallVector<Instruction *> incoming;
  bool acrossLoop = false;
  for (unsigned k = 0; k < phi.getNumIncomingValues(); ++k) {
    auto *inst = dyn_cast<Instruction>(phi.getIncomingValue(k));
    if (!inst || !isCheap(*inst) ||
        (!incoming.empty() &&
         !inst->isSameOperationAs(incoming[0],
                                  Instruction::CompareIgnoringAlignment |
                                      Instruction::CompareUsingScalarTypes)))
      return nullptr;
    incoming.push_back(inst);
    acrossLoop |=
        carriedAcrossLoop(*inst, phi.getIncomingBlock(k), phi, loops, dt);
  }
  if (!acrossLoop)
    return nullptr;
  Instruction *result = incoming[0]->clone();
  unsigned varying = 0;
  for (unsigned j = 0; j < result->getNumOperands(); ++j) {
    SmallVector<Value *> values;
    for (Instruction *inst : incoming)
      values.push_back(inst->getOperand(j));
    if (all_equal(values)) {
      auto *def = dyn_cast<Instruction>(values[0]);
      if (!def || dt.dominates(def, &block))
        continue;
    }
    PHINode *operand = phiOf(block, phi, values);
    if (!operand || isa<Constant>(values[0]) || ++varying > 1) {
      result->deleteValue();
      return nullptr;
    }
    result->setOperand(j, operand);
  }
  for (Instruction *inst : ArrayRef(incoming).drop_front())
    result->andIRFlags(inst);
  return result;
}

} // namespace

PreservedAnalyses RecomputeAfterLoopsPass::run(Function &f,
                                               FunctionAnalysisManager &fam) {
  auto &loopInfo = fam.getResult<LoopAnalysis>(f);
  if (loopInfo.empty())
    return PreservedAnalyses::all();
  SmallVector<Loop *, 4> loops = loopInfo.getLoopsInPreorder();
  auto &dt = fam.getResult<DominatorTreeAnalysis>(f);
  bool changed = false;
  for (BasicBlock &block : f) {
    if (loopInfo.isLoopHeader(&block))
      continue;
    // All plans first, against the phis as they are; a plan may use
    // another planned phi, which replaceAllUsesWith then redirects.
    SmallVector<std::pair<PHINode *, Instruction *>> plans;
    for (PHINode &phi : block.phis())
      if (Instruction *inst = recomputation(phi, loops, dt))
        plans.push_back({&phi, inst});
    if (plans.empty())
      continue;
    // Each new operation after the new operations it uses, right after the
    // phis; then the phis go.
    DenseMap<Value *, Instruction *> planned(plans.begin(), plans.end());
    SmallPtrSet<Instruction *, 8> placed;
    Instruction *last = nullptr;
    std::function<void(Instruction *)> place = [&](Instruction *inst) {
      if (!placed.insert(inst).second)
        return;
      for (Value *operand : inst->operands())
        if (Instruction *def = planned.lookup(operand))
          place(def);
      if (last)
        inst->insertAfter(last->getIterator());
      else
        inst->insertBefore(block.getFirstInsertionPt());
      last = inst;
    };
    for (auto [phi, inst] : plans)
      place(inst);
    SmallVector<WeakTrackingVH> dead;
    for (auto [phi, inst] : plans) {
      for (Value *value : phi->incoming_values())
        dead.push_back(value);
      phi->replaceAllUsesWith(inst);
      inst->takeName(phi);
      phi->eraseFromParent();
    }
    RecursivelyDeleteTriviallyDeadInstructionsPermissive(dead);
    changed = true;
  }
  return changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace alloy
