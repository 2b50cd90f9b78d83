// The CPU device's block loops in the host object: a kernel whose threads
// never wait runs a range of blocks as nested loops over its inlined body
// (host_entry<K>::invoke_blocks in <gpu/detail/launch_abi.hpp>). The
// body's bounds test (`if (i < n)`, i the global index) keeps those loops
// scalar; inductive range check elimination splits the thread loop into
// a main part without the test, which the vectorizer then takes, and the
// rest. Runs late in the host's scalar pipeline, on those functions only.
#include "HostPasses.h"

#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Function.h"
#include "llvm/Transforms/InstCombine/InstCombine.h"
#include "llvm/Transforms/Scalar/InductiveRangeCheckElimination.h"
#include "llvm/Transforms/Scalar/LoopPassManager.h"
#include "llvm/Transforms/Scalar/SimpleLoopUnswitch.h"

#include <cstdlib>

namespace alloy {

std::string hostEntryMember(const llvm::Function &function) {
  llvm::StringRef name = function.getName();
  if (!name.starts_with("_ZN3gpu6detail10host_entryI"))
    return {};
  std::string mangled = name.str(); // the demangler points into it
  llvm::ItaniumPartialDemangler demangler;
  if (demangler.partialDemangle(mangled.c_str()))
    return {};
  char *base = demangler.getFunctionBaseName(nullptr, nullptr);
  char *scope = demangler.getFunctionDeclContextName(nullptr, nullptr);
  std::string member;
  if (base && scope &&
      llvm::StringRef(scope).starts_with("gpu::detail::host_entry<"))
    member = base;
  std::free(base);
  std::free(scope);
  return member;
}

bool isCpuBlockLoops(const llvm::Function &function) {
  return hostEntryMember(function) == "invoke_blocks";
}

bool isCpuEntry(const llvm::Function &function) {
  std::string member = hostEntryMember(function);
  return member == "invoke" || member == "invoke_blocks";
}

llvm::PreservedAnalyses
HostBlockLoopsPass::run(llvm::Function &function,
                        llvm::FunctionAnalysisManager &analyses) {
  if (!isCpuBlockLoops(function))
    return llvm::PreservedAnalyses::all();
  llvm::FunctionPassManager passes;
  // Tests of a loop-invariant value first (`if (float *o = c.get_mut(i))`
  // also tests that the span is not null), then the range checks.
  passes.addPass(llvm::createFunctionToLoopPassAdaptor(
      llvm::SimpleLoopUnswitchPass(/*NonTrivial=*/true, /*Trivial=*/true),
      /*UseMemorySSA=*/true));
  passes.addPass(llvm::InstCombinePass());
  passes.addPass(llvm::IRCEPass());
  return passes.run(function, analyses);
}

} // namespace alloy
