// A load that every path from a block reaches, in several copies below it,
// becomes one load at the end of that block (the copies' nearest common
// dominator), as nvcc's optimizer does: stencil2d reads its centre point
// `in[i]` in both arms of its border test, which is two branches, so the
// border arm has two predecessors and SimplifyCFG's hoisting of identical
// instructions does not apply (nor does GVNHoist); the kernel loaded the
// point twice and branched where nvcc predicates. Copies are loads of the
// same type from the same pointer, or from GEPs that differ only in their
// no-wrap flags (instcombine drops `inbounds` from one it splits). Only
// when no path from the block to a copy writes memory, calls something or
// leaves the function, so that the hoisted load runs exactly when one of
// the copies would have. Runs at the end of function simplification,
// before its last SimplifyCFG and instcombine.
#include "DevicePasses.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Transforms/Utils/Local.h"

#include <map>
#include <vector>

using namespace llvm;

namespace alloy {
namespace {

// Blocks the walk from the hoisting point may visit before it gives up.
constexpr unsigned kMaxBlocks = 32;

// Loads of one type from one address: the pointer, or a GEP's source type
// and operands (its flags left out).
std::vector<const void *> addressKey(const LoadInst &load) {
  std::vector<const void *> key{load.getType()};
  const Value *ptr = load.getPointerOperand();
  if (const auto *gep = dyn_cast<GetElementPtrInst>(ptr)) {
    key.push_back(gep->getSourceElementType());
    for (const Value *operand : gep->operands())
      key.push_back(operand);
  } else {
    key.push_back(ptr);
  }
  return key;
}

// Whether `v` is available at the end of `block`.
bool availableAt(const Value *v, const BasicBlock *block,
                 const DominatorTree &dt) {
  const auto *inst = dyn_cast<Instruction>(v);
  return !inst || dt.dominates(inst, block->getTerminator());
}

// Whether `inst` lets execution go on to the next instruction without
// touching memory that a load could see.
bool isHarmless(const Instruction &inst) {
  return !inst.mayWriteToMemory() && !isa<CallBase>(inst) &&
         isGuaranteedToTransferExecutionToSuccessor(&inst);
}

// Whether every path from the end of `from` reaches one of `copies` with
// only harmless instructions before it.
bool anticipated(BasicBlock *from, ArrayRef<LoadInst *> copies,
                 const DominatorTree &dt) {
  SmallPtrSet<BasicBlock *, 16> seen;
  SmallVector<BasicBlock *, 16> work(successors(from));
  if (work.empty())
    return false;
  while (!work.empty()) {
    BasicBlock *block = work.pop_back_val();
    if (!seen.insert(block).second)
      continue;
    if (seen.size() > kMaxBlocks || block == from || dt.dominates(block, from))
      return false; // too far, or a loop around the hoisting point
    bool reached = false; // a copy, with only harmless instructions before
    for (Instruction &inst : *block) {
      if (auto *load = dyn_cast<LoadInst>(&inst);
          load && is_contained(copies, load)) {
        reached = true;
        break;
      }
      if (!isHarmless(inst))
        return false;
    }
    if (reached)
      continue;
    if (succ_empty(block))
      return false; // a path that leaves without loading
    for (BasicBlock *next : successors(block)) {
      if (dt.dominates(next, block))
        return false; // a loop without a copy
      work.push_back(next);
    }
  }
  return true;
}

// Whether every instruction of `block` is harmless.
bool allHarmless(const BasicBlock &block) {
  return llvm::all_of(block,
                      [](const Instruction &i) { return isHarmless(i); });
}

// Whether every path from the end of `from` to `copy` is harmless: a copy
// that a path reaches after a store (past another copy, where `anticipated`
// stops) must keep its own load.
bool cleanPathsTo(const BasicBlock *from, const LoadInst *copy) {
  for (const Instruction *i = copy->getPrevNode(); i; i = i->getPrevNode())
    if (!isHarmless(*i))
      return false;
  SmallPtrSet<const BasicBlock *, 16> seen;
  SmallVector<const BasicBlock *, 16> work(predecessors(copy->getParent()));
  while (!work.empty()) {
    const BasicBlock *block = work.pop_back_val();
    if (block == from || !seen.insert(block).second)
      continue;
    if (seen.size() > kMaxBlocks || !allHarmless(*block))
      return false;
    llvm::append_range(work, predecessors(block));
  }
  return true;
}

bool hoist(SmallVectorImpl<LoadInst *> &copies, DominatorTree &dt) {
  BasicBlock *at = copies.front()->getParent();
  for (LoadInst *copy : copies)
    at = dt.findNearestCommonDominator(at, copy->getParent());
  if (!at)
    return false;
  for (LoadInst *copy : copies)
    if (copy->getParent() == at)
      return false; // one copy dominates the others: GVN's job
  Value *ptr = copies.front()->getPointerOperand();
  auto *gep = dyn_cast<GetElementPtrInst>(ptr);
  if (gep) {
    for (const Value *operand : gep->operands())
      if (!availableAt(operand, at, dt))
        return false;
  } else if (!availableAt(ptr, at, dt)) {
    return false;
  }
  if (!anticipated(at, copies, dt))
    return false;
  SmallVector<LoadInst *, 4> replaced;
  for (LoadInst *copy : copies)
    if (cleanPathsTo(at, copy))
      replaced.push_back(copy);
  if (replaced.size() < 2)
    return false; // nothing to merge
  IRBuilder<> b(at->getTerminator());
  Value *address = ptr;
  if (gep) {
    GEPNoWrapFlags flags = GEPNoWrapFlags::all();
    for (LoadInst *copy : replaced)
      flags =
          flags &
          cast<GetElementPtrInst>(copy->getPointerOperand())->getNoWrapFlags();
    auto *clone = cast<GetElementPtrInst>(gep->clone());
    clone->setNoWrapFlags(flags);
    b.Insert(clone);
    address = clone;
  }
  Align align = replaced.front()->getAlign();
  for (LoadInst *copy : replaced)
    align = std::min(align, copy->getAlign());
  LoadInst *load =
      b.CreateAlignedLoad(replaced.front()->getType(), address, align);
  for (LoadInst *copy : replaced) {
    Value *oldAddress = copy->getPointerOperand();
    copy->replaceAllUsesWith(load);
    copy->eraseFromParent();
    RecursivelyDeleteTriviallyDeadInstructions(oldAddress);
  }
  return true;
}

} // namespace

PreservedAnalyses HoistAnticipatedLoadsPass::run(Function &f,
                                                 FunctionAnalysisManager &fam) {
  std::map<std::vector<const void *>, SmallVector<LoadInst *, 2>> same;
  for (Instruction &inst : instructions(f))
    if (auto *load = dyn_cast<LoadInst>(&inst); load && load->isSimple())
      same[addressKey(*load)].push_back(load);
  DominatorTree &dt = fam.getResult<DominatorTreeAnalysis>(f);
  bool changed = false;
  for (auto &[key, copies] : same)
    if (copies.size() > 1)
      changed |= hoist(copies, dt);
  if (!changed)
    return PreservedAnalyses::all();
  PreservedAnalyses kept;
  kept.preserveSet<CFGAnalyses>();
  return kept;
}

} // namespace alloy
