#include "RevertMachineSinks.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/CodeGen/MachineBasicBlock.h"
#include "llvm/CodeGen/MachineDominators.h"
#include "llvm/CodeGen/MachineFunctionPass.h"
#include "llvm/CodeGen/MachineLoopInfo.h"
#include "llvm/CodeGen/MachinePostDominators.h"
#include "llvm/CodeGen/MachineRegisterInfo.h"
#include "llvm/CodeGen/Passes.h"
#include "llvm/CodeGen/TargetPassConfig.h"
#include "llvm/Target/RegisterTargetPassConfigCallback.h"

namespace alloy {
namespace {

// Each instruction's block and position in it before MachineSink.
using BlockMap = llvm::DenseMap<const llvm::MachineInstr *,
                                std::pair<llvm::MachineBasicBlock *, unsigned>>;

class RecordBlocks : public llvm::MachineFunctionPass {
public:
  static char ID;
  explicit RecordBlocks(std::shared_ptr<BlockMap> blocks)
      : MachineFunctionPass(ID), blocks(std::move(blocks)) {}
  llvm::StringRef getPassName() const override {
    return "Alloy: record blocks before MachineSink";
  }
  void getAnalysisUsage(llvm::AnalysisUsage &au) const override {
    au.setPreservesAll();
    MachineFunctionPass::getAnalysisUsage(au);
  }
  bool runOnMachineFunction(llvm::MachineFunction &mf) override {
    blocks->clear();
    for (llvm::MachineBasicBlock &block : mf) {
      unsigned index = 0;
      for (llvm::MachineInstr &mi : block)
        blocks->try_emplace(&mi, &block, index++);
    }
    return false;
  }

private:
  std::shared_ptr<BlockMap> blocks;
};
char RecordBlocks::ID;

// A pure instruction on virtual registers that may move up.
bool movable(llvm::MachineInstr &mi) {
  bool sawStore = true; // no load moves unless it is invariant
  if (mi.isPHI() || mi.isTerminator() || mi.isDebugInstr() || mi.isCall() ||
      mi.isConvergent() || mi.hasUnmodeledSideEffects() ||
      !mi.isSafeToMove(sawStore))
    return false;
  for (const llvm::MachineOperand &op : mi.operands())
    if (op.isReg() && op.getReg() && !op.getReg().isVirtual())
      return false;
  return true;
}

class RevertSinks : public llvm::MachineFunctionPass {
public:
  static char ID;
  explicit RevertSinks(std::shared_ptr<BlockMap> blocks)
      : MachineFunctionPass(ID), blocks(std::move(blocks)) {}
  llvm::StringRef getPassName() const override {
    return "Alloy: revert MachineSink's moves that cost ptxas";
  }
  void getAnalysisUsage(llvm::AnalysisUsage &au) const override {
    au.addRequired<llvm::MachineDominatorTreeWrapperPass>();
    au.addRequired<llvm::MachinePostDominatorTreeWrapperPass>();
    au.addRequired<llvm::MachineLoopInfoWrapperPass>();
    au.setPreservesCFG();
    MachineFunctionPass::getAnalysisUsage(au);
  }
  bool runOnMachineFunction(llvm::MachineFunction &mf) override {
    auto &dt =
        getAnalysis<llvm::MachineDominatorTreeWrapperPass>().getDomTree();
    auto &pdt = getAnalysis<llvm::MachinePostDominatorTreeWrapperPass>()
                    .getPostDomTree();
    auto &loops = getAnalysis<llvm::MachineLoopInfoWrapperPass>().getLI();
    llvm::MachineRegisterInfo &mri = mf.getRegInfo();
    bool changed = false;
    for (llvm::MachineBasicBlock &to : mf)
      for (llvm::MachineInstr &mi : llvm::make_early_inc_range(to)) {
        auto it = blocks->find(&mi);
        if (it == blocks->end() || it->second.first == &to)
          continue;
        llvm::MachineBasicBlock *from = it->second.first;
        if (!movable(mi) || loops.getLoopFor(from) != loops.getLoopFor(&to) ||
            !dt.dominates(from, &to) ||
            (!pdt.dominates(&to, from) && !passesLoop(*from, to, loops)) ||
            !operandsReach(mi, from, dt, mri))
          continue;
        from->splice(originalPlace(*from, it->second.second), &to,
                     mi.getIterator());
        for (const llvm::MachineOperand &op : mi.uses())
          if (op.isReg() && op.getReg())
            mri.clearKillFlags(op.getReg());
        changed = true;
      }
    blocks->clear();
    return changed;
  }

private:
  // Whether a path from `from` to `to` enters a loop that holds neither.
  static bool passesLoop(llvm::MachineBasicBlock &from,
                         llvm::MachineBasicBlock &to,
                         llvm::MachineLoopInfo &loops) {
    llvm::MachineLoop *outer = loops.getLoopFor(&from);
    llvm::SmallPtrSet<llvm::MachineBasicBlock *, 16> reachesTo{&to};
    llvm::SmallVector<llvm::MachineBasicBlock *, 16> work{&to};
    while (!work.empty())
      for (llvm::MachineBasicBlock *pred : work.pop_back_val()->predecessors())
        if (pred != &from && reachesTo.insert(pred).second)
          work.push_back(pred);
    for (llvm::MachineBasicBlock *block : reachesTo)
      if (loops.getLoopFor(block) != outer)
        return true;
    return false;
  }

  // Before the first instruction of `block` that stood after position
  // `index` there before MachineSink (what is in `block` keeps that order),
  // else before its terminators.
  llvm::MachineBasicBlock::iterator
  originalPlace(llvm::MachineBasicBlock &block, unsigned index) const {
    for (llvm::MachineInstr &next : block) {
      auto it = blocks->find(&next);
      if (it != blocks->end() && it->second.first == &block &&
          it->second.second > index)
        return next.isPHI() ? block.getFirstNonPHI() : next.getIterator();
    }
    return block.getFirstTerminator();
  }

  // Whether every register `mi` reads is defined by the end of `block`.
  static bool operandsReach(const llvm::MachineInstr &mi,
                            llvm::MachineBasicBlock *block,
                            llvm::MachineDominatorTree &dt,
                            llvm::MachineRegisterInfo &mri) {
    for (const llvm::MachineOperand &op : mi.uses()) {
      if (!op.isReg() || !op.getReg())
        continue;
      const llvm::MachineInstr *def = mri.getUniqueVRegDef(op.getReg());
      if (!def || (def->getParent() != block &&
                   !dt.properlyDominates(def->getParent(), block)))
        return false;
    }
    return true;
  }
  std::shared_ptr<BlockMap> blocks;
};
char RevertSinks::ID;

} // namespace

std::unique_ptr<llvm::RegisterTargetPassConfigCallback> revertMachineSinks() {
  return std::make_unique<llvm::RegisterTargetPassConfigCallback>(
      [](llvm::TargetMachine &tm, llvm::PassManagerBase &,
         llvm::TargetPassConfig *config) {
        if (!tm.getTargetTriple().isNVPTX())
          return;
        auto blocks = std::make_shared<BlockMap>();
        config->insertPass(&llvm::MachineCSELegacyID, new RecordBlocks(blocks));
        config->insertPass(&llvm::MachineSinkingLegacyID,
                           new RevertSinks(blocks));
      });
}

} // namespace alloy
