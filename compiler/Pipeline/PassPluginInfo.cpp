// Makes Alloy's LLVM IR passes loadable into LLVM's `opt`, for tests:
//   opt -load-pass-plugin=AlloyLLVMPasses.so -passes=alloy-ptxas-fp-bits-guard
//   (and alloy-check-wgmma, alloy-exact-negation,
//   alloy-hoist-anticipated-loads, alloy-launch-facts,
//   alloy-pack-halves, alloy-signed-zero-selects, alloy-wide-copies, the module
//   pass alloy-assume-convergent and the loop pass alloy-unroll-indexed-arrays)
#include "AssumeConvergent.h"
#include "CheckWgmma.h"
#include "ExactNegation.h"
#include "HoistAnticipatedLoads.h"
#include "LaunchFacts.h"
#include "PackHalves.h"
#include "PtxasFPBitsGuard.h"
#include "SignedZeroSelects.h"
#include "UnrollIndexedArrays.h"
#include "WideCopies.h"

#include "llvm/Passes/PassBuilder.h"
#include "llvm/Plugins/PassPlugin.h"

extern "C" LLVM_ATTRIBUTE_WEAK llvm::PassPluginLibraryInfo
llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "Alloy", "0.1", [](llvm::PassBuilder &pb) {
            pb.registerPipelineParsingCallback(
                [](llvm::StringRef name, llvm::FunctionPassManager &fpm,
                   llvm::ArrayRef<llvm::PassBuilder::PipelineElement>) {
                  if (name == alloy::PtxasFPBitsGuardPass::name()) {
                    fpm.addPass(alloy::PtxasFPBitsGuardPass());
                    return true;
                  }
                  if (name == alloy::SignedZeroSelectsPass::name()) {
                    fpm.addPass(alloy::SignedZeroSelectsPass());
                    return true;
                  }
                  if (name == alloy::WideCopiesPass::name()) {
                    fpm.addPass(alloy::WideCopiesPass());
                    return true;
                  }
                  if (name == alloy::CheckWgmmaPass::name()) {
                    fpm.addPass(alloy::CheckWgmmaPass());
                    return true;
                  }
                  if (name == alloy::PackHalvesPass::name()) {
                    fpm.addPass(alloy::PackHalvesPass());
                    return true;
                  }
                  if (name == alloy::ExactNegationPass::name()) {
                    fpm.addPass(alloy::ExactNegationPass());
                    return true;
                  }
                  if (name == alloy::HoistAnticipatedLoadsPass::name()) {
                    fpm.addPass(alloy::HoistAnticipatedLoadsPass());
                    return true;
                  }
                  if (name == alloy::LaunchFactsPass::name()) {
                    fpm.addPass(alloy::LaunchFactsPass());
                    return true;
                  }
                  return false;
                });
            pb.registerPipelineParsingCallback(
                [](llvm::StringRef name, llvm::ModulePassManager &mpm,
                   llvm::ArrayRef<llvm::PassBuilder::PipelineElement>) {
                  if (name != alloy::AssumeConvergentPass::name())
                    return false;
                  mpm.addPass(alloy::AssumeConvergentPass());
                  return true;
                });
            pb.registerPipelineParsingCallback(
                [](llvm::StringRef name, llvm::LoopPassManager &lpm,
                   llvm::ArrayRef<llvm::PassBuilder::PipelineElement>) {
                  if (name != alloy::UnrollIndexedArraysPass::name())
                    return false;
                  lpm.addPass(alloy::UnrollIndexedArraysPass());
                  return true;
                });
          }};
}
