// The Alloy plugin's entry points. One shared object serves as
//   -fplugin=AlloyPlugin.so       the AST action (KernelCompiler), and
//   -fpass-plugin=AlloyPlugin.so  the LLVM pass that embeds its output.
// The gpu:: attributes register themselves (Attributes.cpp).
#include "Basic/Diagnostics.h"
#include "Basic/GpuArch.h"
#include "HostPasses.h"
#include "KernelCompiler.h"
#include "Pipeline/NVPTXBackend.h"
#include "Sema/CudaHeaders.h"
#include "Sema/CudaSyntax.h"
#include "Sema/DeviceKeyword.h"

#include "clang/Basic/DiagnosticSema.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"
#include "clang/Frontend/MultiplexConsumer.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Plugins/PassPlugin.h"
#include "llvm/Support/Path.h"

#ifndef ALLOY_DEFAULT_LIBDEVICE
#define ALLOY_DEFAULT_LIBDEVICE "/usr/local/cuda/nvvm/libdevice/libdevice.10.bc"
#endif

using namespace clang;

namespace alloy {
namespace {

class AlloyAction : public PluginASTAction {
protected:
  std::unique_ptr<ASTConsumer>
  CreateASTConsumer(CompilerInstance &ci, llvm::StringRef file) override {
    DeviceCompileOptions opts = options;
    opts.traceStem = llvm::sys::path::stem(file).str();
    // Without the plugin's own options, clang's -ffp-contract and
    // -ffast-math decide; clang's default (contract "on") means nvcc's
    // default on the GPU: fast.
    const LangOptions &lang = ci.getLangOpts();
    if (!fpContractSet)
      opts.fpContract = lang.getDefaultFPContractMode() == LangOptions::FPM_Off
                            ? "off"
                            : "fast";
    if (!fastMathSet)
      opts.fastMath = lang.FastMath;
    // -g and -gline-tables-only give the device code line info too.
    if (!lineInfoSet)
      opts.lineInfo = ci.getCodeGenOpts().getDebugInfo() !=
                      llvm::codegenoptions::NoDebugInfo;
    // asm statements are checked for the host processor while clang
    // parses, before anything knows which are device code, and PTX's
    // constraints (=f, h) are not x86's: those checks are Alloy's
    // (KernelCompiler: PTX rules in device code, the host's elsewhere).
    for (unsigned id : {clang::diag::err_asm_invalid_output_constraint,
                        clang::diag::err_asm_invalid_input_constraint,
                        clang::diag::err_asm_invalid_output_size})
      ci.getDiagnostics().setSeverity(id, clang::diag::Severity::Ignored,
                                      SourceLocation());
    // __ALLOY__: the file is compiled with Alloy's plugin. The headers
    // leave the launch checks that the plugin makes to it.
    Preprocessor &pp = ci.getPreprocessor();
    pp.setPredefines(pp.getPredefines() + "#define __ALLOY__ 1\n");
    diagnoseCudaHeaders(ci.getPreprocessor());
    diagnoseCudaSyntax(ci.getPreprocessor());
    recordDeviceKeywords(ci.getPreprocessor());
    std::vector<std::unique_ptr<ASTConsumer>> consumers;
    consumers.push_back(cudaIdentifierChecks());
    consumers.push_back(
        std::make_unique<KernelCompiler>(ci.getDiagnostics(), opts));
    return std::make_unique<MultiplexConsumer>(std::move(consumers));
  }

  bool ParseArgs(const CompilerInstance &ci,
                 const std::vector<std::string> &args) override {
    options.libdevice = ALLOY_DEFAULT_LIBDEVICE;
    for (const std::string &arg : args) {
      auto [key, value] = llvm::StringRef(arg).split('=');
      if (key == "gpu-arch") {
        // One architecture, or a comma-separated list: a cubin for each,
        // PTX for the lowest.
        llvm::SmallVector<llvm::StringRef, 4> archs;
        value.split(archs, ',');
        options.archs.clear();
        for (llvm::StringRef a : archs) {
          // sm_9a, sm_90b, sm_80a, sm_75; then what LLVM has no target
          // for (sm_95).
          std::string why;
          if (parseGpuArch(a, &why) && !isKnownNVPTXArch(a))
            why = "LLVM's NVPTX backend does not know this architecture";
          if (!why.empty()) {
            report(ci.getDiagnostics(), SourceLocation(),
                   diag::err_plugin_option)
                << ("--gpu-arch=" + a + ": " + why).str();
            return false;
          }
          if (!llvm::is_contained(options.archs, a.str()))
            options.archs.push_back(a.str());
        }
        // Lowest first (sm_90 before sm_90a): the lowest drives the
        // lowering and gives the PTX.
        llvm::sort(options.archs,
                   [](const std::string &x, const std::string &y) {
                     return gpuArchOrder(*parseGpuArch(x)) <
                            gpuArchOrder(*parseGpuArch(y));
                   });
        options.arch = options.archs.front();
      } else if (key == "trace") {
        options.traceDir = value.str();
      } else if (key == "ptxas") {
        options.ptxas = value.str();
      } else if (key == "no-ptxas") {
        options.usePtxas = false;
      } else if (key == "libdevice") {
        options.libdevice = value.str();
      } else if (key == "print-alloy") {
        options.printAlloy = true;
      } else if (key == "fp-contract") {
        if (value != "fast" && value != "on" && value != "off") {
          report(ci.getDiagnostics(), SourceLocation(), diag::err_plugin_option)
              << ("fp-contract=" + value + ": expected fast, on or off").str();
          return false;
        }
        options.fpContract = value.str();
        fpContractSet = true;
      } else if (key == "fast-math" || key == "no-fast-math") {
        options.fastMath = key == "fast-math";
        fastMathSet = true;
      } else if (key == "library-throw") {
        if (value != "trap" && value != "error") {
          report(ci.getDiagnostics(), SourceLocation(), diag::err_plugin_option)
              << ("library-throw=" + value + ": expected trap or error").str();
          return false;
        }
        options.libraryThrowTraps = value == "trap";
      } else if (key == "no-cpu-device") {
        options.cpuDevice = false;
      } else if (key == "line-info" || key == "no-line-info") {
        options.lineInfo = key == "line-info";
        lineInfoSet = true;
      } else {
        report(ci.getDiagnostics(), SourceLocation(), diag::err_plugin_option)
            << "unknown plugin option '" + arg +
                   "' (known: gpu-arch=, trace=, ptxas=, no-ptxas, "
                   "libdevice=, print-alloy, fp-contract=, fast-math, "
                   "no-fast-math, line-info, no-line-info, library-throw=, "
                   "no-cpu-device)";
        return false;
      }
    }
    return true;
  }

  ActionType getActionType() override { return AddBeforeMainAction; }

private:
  DeviceCompileOptions options;
  bool fpContractSet = false, fastMathSet = false, lineInfoSet = false;
};

FrontendPluginRegistry::Add<AlloyAction> action("alloy",
                                                "compile [[gpu::kernel]]s");

} // namespace
} // namespace alloy

extern "C" LLVM_ATTRIBUTE_WEAK ::llvm::PassPluginLibraryInfo
llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "alloy", "0.1", [](llvm::PassBuilder &pb) {
            pb.registerPipelineStartEPCallback(
                [](llvm::ModulePassManager &mpm, llvm::OptimizationLevel) {
                  mpm.addPass(alloy::HostSharedMemoryPass());
                  mpm.addPass(alloy::HostLoopPragmasPass());
                  mpm.addPass(alloy::EmbedDeviceImagePass());
                });
            pb.registerScalarOptimizerLateEPCallback(
                [](llvm::FunctionPassManager &fpm, llvm::OptimizationLevel) {
                  fpm.addPass(alloy::HostBlockLoopsPass());
                });
          }};
}
