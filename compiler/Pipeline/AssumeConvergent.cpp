#include "AssumeConvergent.h"

#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace alloy {

PreservedAnalyses AssumeConvergentPass::run(Module &m,
                                            ModuleAnalysisManager &) {
  bool changed = false;
  for (Function &f : m) {
    if (f.isDeclaration())
      continue; // intrinsics carry their own; libdevice's are not
    if (!f.isConvergent()) {
      f.setConvergent();
      changed = true;
    }
    for (BasicBlock &bb : f)
      for (Instruction &i : bb)
        if (auto *call = dyn_cast<CallBase>(&i))
          if (call->isInlineAsm() && !call->isConvergent()) {
            call->setConvergent();
            changed = true;
          }
  }
  return changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace alloy
