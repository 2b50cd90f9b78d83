// The CPU device's block loops in the host object: a kernel whose threads
// never wait runs a range of blocks as nested loops over its inlined body
// (host_entry<K>::invoke_blocks in <gpu/detail/launch_abi.hpp>). The
// body's bounds test (`if (i < n)`, i the global index) keeps those loops
// scalar; inductive range check elimination splits the thread loop into
// a main part without the test, which the vectorizer then takes, and the
// rest. Runs late in the host's scalar pipeline, on those functions only.
#ifndef ALLOY_COMPILER_HOSTBLOCKLOOPS_H
#define ALLOY_COMPILER_HOSTBLOCKLOOPS_H

#include "llvm/IR/PassManager.h"

namespace alloy {

struct HostBlockLoopsPass : llvm::PassInfoMixin<HostBlockLoopsPass> {
  llvm::PreservedAnalyses run(llvm::Function &function,
                              llvm::FunctionAnalysisManager &analyses);
};

} // namespace alloy

#endif
