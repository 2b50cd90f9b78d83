#include "DisjointOrsAsAdds.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/CodeGen/MachineFunctionPass.h"
#include "llvm/CodeGen/Passes.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/CodeGen/TargetPassConfig.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/Target/RegisterTargetPassConfigCallback.h"

namespace alloy {
namespace {

// The NVPTX target's headers are not installed, so its opcodes are found
// by name. Only the 64-bit `or` of two registers: that is an index or
// address sum (nbody's global index). An `or` with a constant is mostly a
// bit field (a wgmma descriptor's fixed bits: as an `add`, wgmma_attention
// d64 ran 8% slower), and 32-bit ones gained and lost by turns
// (flash_attention d64 1.5% faster, d128 2-3% slower).
constexpr std::pair<const char *, const char *> orToAdd[] = {
    {"OR_b64rr", "ADD64rr"},
};

class DisjointOrsAsAdds : public llvm::MachineFunctionPass {
public:
  static char ID;
  DisjointOrsAsAdds() : MachineFunctionPass(ID) {}
  llvm::StringRef getPassName() const override {
    return "Alloy: disjoint ors as adds";
  }
  void getAnalysisUsage(llvm::AnalysisUsage &au) const override {
    au.setPreservesCFG();
    MachineFunctionPass::getAnalysisUsage(au);
  }
  bool runOnMachineFunction(llvm::MachineFunction &mf) override {
    const llvm::TargetInstrInfo &tii = *mf.getSubtarget().getInstrInfo();
    if (!scanned)
      findOpcodes(tii);
    bool changed = false;
    for (llvm::MachineBasicBlock &block : mf)
      for (llvm::MachineInstr &mi : block) {
        if (!mi.getFlag(llvm::MachineInstr::Disjoint))
          continue;
        auto add = adds.find(mi.getOpcode());
        if (add == adds.end())
          continue;
        mi.setDesc(tii.get(add->second));
        mi.clearFlag(llvm::MachineInstr::Disjoint);
        changed = true;
      }
    return changed;
  }

private:
  // `or` opcode -> `add` opcode, for the pairs whose operands agree.
  void findOpcodes(const llvm::TargetInstrInfo &tii) {
    scanned = true;
    llvm::StringMap<unsigned> byName;
    for (unsigned op = 0, e = tii.getNumOpcodes(); op != e; ++op)
      byName[tii.getName(op)] = op;
    for (auto [orName, addName] : orToAdd) {
      auto o = byName.find(orName), a = byName.find(addName);
      if (o == byName.end() || a == byName.end())
        continue;
      const llvm::MCInstrDesc &od = tii.get(o->second),
                              &ad = tii.get(a->second);
      if (od.getNumOperands() != ad.getNumOperands() ||
          od.getNumDefs() != ad.getNumDefs())
        continue;
      bool same = true;
      for (unsigned i = 0; i < od.getNumOperands(); ++i)
        same &= od.operands()[i].OperandType == ad.operands()[i].OperandType &&
                od.operands()[i].RegClass == ad.operands()[i].RegClass;
      if (same)
        adds[o->second] = a->second;
    }
  }
  llvm::DenseMap<unsigned, unsigned> adds;
  bool scanned = false;
};
char DisjointOrsAsAdds::ID;

} // namespace

std::unique_ptr<llvm::RegisterTargetPassConfigCallback> disjointOrsAsAdds() {
  return std::make_unique<llvm::RegisterTargetPassConfigCallback>(
      [](llvm::TargetMachine &tm, llvm::PassManagerBase &,
         llvm::TargetPassConfig *config) {
        if (tm.getTargetTriple().isNVPTX())
          config->insertPass(&llvm::MachineSinkingLegacyID,
                             new DisjointOrsAsAdds());
      });
}

} // namespace alloy
