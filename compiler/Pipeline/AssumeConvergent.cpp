// Marks every defined device function, every asm statement and every
// mma.sync `convergent`,
// as clang does for CUDA: a function that reaches a barrier, a warp shuffle
// or a warp-wide PTX instruction must not be made control-dependent on more
// values (SimplifyCFG once threaded a `if (t == 0)` branch through a call of
// gpu::sync_threads, leaving two bar.sync that divergent lanes of one warp
// reached: the block hung). LLVM's function-attrs pass removes the attribute
// again from functions that reach nothing convergent.
#include "DevicePasses.h"

#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace alloy {

// Warp-wide PTX instructions that LLVM declares without `convergent`:
// mma.sync (llvm.nvvm.mma.*) and wmma.mma (llvm.nvvm.wmma.*) are readnone,
// so InstCombine would sink one into the branch that uses its result.
static bool isWarpWideIntrinsic(const CallBase &call) {
  const Function *callee = call.getCalledFunction();
  if (!callee || !callee->isIntrinsic())
    return false;
  StringRef name = callee->getName();
  return name.starts_with("llvm.nvvm.mma.") ||
         name.starts_with("llvm.nvvm.wmma.");
}

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
          if ((call->isInlineAsm() || isWarpWideIntrinsic(*call)) &&
              !call->isConvergent()) {
            call->setConvergent();
            changed = true;
          }
  }
  return changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace alloy
