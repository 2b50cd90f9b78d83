// Makes Alloy's LLVM IR passes loadable into LLVM's `opt`, for tests:
//   opt -load-pass-plugin=AlloyPlugin.so -passes=alloy-ptxas-fp-bits-guard
#include "PtxasFPBitsGuard.h"

#include "llvm/Passes/PassBuilder.h"
#include "llvm/Plugins/PassPlugin.h"

extern "C" LLVM_ATTRIBUTE_WEAK llvm::PassPluginLibraryInfo
llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "Alloy", "0.1", [](llvm::PassBuilder &pb) {
            pb.registerPipelineParsingCallback(
                [](llvm::StringRef name, llvm::FunctionPassManager &fpm,
                   llvm::ArrayRef<llvm::PassBuilder::PipelineElement>) {
                  if (name != alloy::PtxasFPBitsGuardPass::name())
                    return false;
                  fpm.addPass(alloy::PtxasFPBitsGuardPass());
                  return true;
                });
          }};
}
