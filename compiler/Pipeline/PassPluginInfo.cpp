// Makes Alloy's LLVM IR passes (PassRegistry.def) loadable into LLVM's
// `opt`, for tests:
//   opt -load-pass-plugin=AlloyLLVMPasses.so -passes=alloy-ptxas-fp-bits-guard
#include "DevicePasses.h"

#include "llvm/Passes/PassBuilder.h"
#include "llvm/Plugins/PassPlugin.h"

namespace {

// Lets `-passes=` name each of `Passes`, the passes of a PassManagerT.
template <class PassManagerT, class... Passes>
void registerNames(llvm::PassBuilder &pb) {
  pb.registerPipelineParsingCallback(
      [](llvm::StringRef name, PassManagerT &pm,
         llvm::ArrayRef<llvm::PassBuilder::PipelineElement>) {
        return ((name == Passes::name() && (pm.addPass(Passes()), true)) ||
                ...);
      });
}

} // namespace

extern "C" LLVM_ATTRIBUTE_WEAK llvm::PassPluginLibraryInfo
llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "Alloy", "0.1", [](llvm::PassBuilder &pb) {
            registerNames<llvm::FunctionPassManager
#define ALLOY_FUNCTION_PASS(NAME, CLASS) , alloy::CLASS
#include "PassRegistry.def"
                          >(pb);
            registerNames<llvm::ModulePassManager
#define ALLOY_MODULE_PASS(NAME, CLASS) , alloy::CLASS
#include "PassRegistry.def"
                          >(pb);
            registerNames<llvm::LoopPassManager
#define ALLOY_LOOP_PASS(NAME, CLASS) , alloy::CLASS
#include "PassRegistry.def"
                          >(pb);
          }};
}
