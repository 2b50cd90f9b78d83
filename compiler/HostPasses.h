//===- HostPasses.h - Alloy's LLVM IR passes on the host object -*- C++ -*-===//
//
// The passes the plugin adds to clang's host pipeline (Plugin.cpp). What a
// pass does and why is at the top of its .cpp file.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOY_COMPILER_HOSTPASSES_H
#define ALLOY_COMPILER_HOSTPASSES_H

#include "clang/AST/DeclGroup.h"
#include "llvm/IR/PassManager.h"

#include <string>

namespace alloy {

// Makes each [[gpu::shared]] local of device code a thread_local global,
// for the CPU device (first in the host's pipeline).
struct HostSharedMemoryPass : llvm::PassInfoMixin<HostSharedMemoryPass> {
  llvm::PreservedAnalyses run(llvm::Module &module,
                              llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};
// Before clang's code generation: marks the locals of a gpu::shared_array
// type as [[gpu::shared]] ones are, for HostSharedMemoryPass.
void annotateSharedArrays(clang::DeclGroupRef group);

// Puts the device image into the host object and registers it with the
// runtime.
struct EmbedDeviceImagePass : llvm::PassInfoMixin<EmbedDeviceImagePass> {
  llvm::PreservedAnalyses run(llvm::Module &module,
                              llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

// Drops the unroll pragmas of the host copies of device code, which the
// GPU compile answers (first in the host's pipeline).
struct HostLoopPragmasPass : llvm::PassInfoMixin<HostLoopPragmasPass> {
  llvm::PreservedAnalyses run(llvm::Module &module,
                              llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

// The member of gpu::detail::host_entry<K> (<gpu/detail/launch_abi.hpp>)
// that `function` is ("invoke" or "invoke_blocks"), or empty. Whether it
// is host_entry<K>::invoke_blocks, and whether it is that or
// host_entry<K>::invoke: the CPU device's entries.
std::string hostEntryMember(const llvm::Function &function);
bool isCpuBlockLoops(const llvm::Function &function);
bool isCpuEntry(const llvm::Function &function);

// Vectorizes the CPU device's block loops of kernels whose threads never
// wait (late in the host's scalar pipeline).
struct HostBlockLoopsPass : llvm::PassInfoMixin<HostBlockLoopsPass> {
  llvm::PreservedAnalyses run(llvm::Function &function,
                              llvm::FunctionAnalysisManager &analyses);
};

} // namespace alloy

#endif
