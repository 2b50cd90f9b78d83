// Shared memory in the host code of device functions, for the CPU device:
// a [[gpu::shared]] variable or gpu::shared_array is one object per block,
// and the CPU device runs a block's threads on one worker thread at a time,
// so in the host object each such local becomes a thread-local global.
//   - annotateSharedArrays (before clang's code generation): gives each
//     local of a gpu::shared_array type the annotation that [[gpu::shared]]
//     variables carry, so that both reach the LLVM IR marked;
//   - HostSharedMemoryPass (first in the host's LLVM pipeline): replaces
//     each marked stack slot by a thread_local global.
#ifndef ALLOY_COMPILER_HOSTSHAREDMEMORY_H
#define ALLOY_COMPILER_HOSTSHAREDMEMORY_H

#include "clang/AST/DeclGroup.h"
#include "llvm/IR/PassManager.h"

namespace alloy {

void annotateSharedArrays(clang::DeclGroupRef group);

struct HostSharedMemoryPass : llvm::PassInfoMixin<HostSharedMemoryPass> {
  llvm::PreservedAnalyses run(llvm::Module &module,
                              llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

} // namespace alloy

#endif
