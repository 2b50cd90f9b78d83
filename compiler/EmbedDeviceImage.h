// The LLVM pass that puts the device image into the host object: the PTX,
// the cubin, the kernel metadata, a table of the kernels' host functions,
// and a constructor that registers them with the runtime
// (include/gpu/detail/module_abi.h).
#ifndef ALLOY_COMPILER_EMBEDDEVICEIMAGE_H
#define ALLOY_COMPILER_EMBEDDEVICEIMAGE_H

#include "llvm/IR/PassManager.h"

namespace alloy {

struct EmbedDeviceImagePass : llvm::PassInfoMixin<EmbedDeviceImagePass> {
  llvm::PreservedAnalyses run(llvm::Module &module,
                              llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

} // namespace alloy

#endif
