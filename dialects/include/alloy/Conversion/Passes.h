//===- Passes.h - Alloy conversion passes -----------------------*- C++ -*-===//

#ifndef ALLOY_CONVERSION_PASSES_H
#define ALLOY_CONVERSION_PASSES_H

#include "alloy/Conversion/GpuTarget.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"

#include <string>

namespace mlir {
class DialectRegistry;
class ModuleOp;
} // namespace mlir

namespace alloy {

#define GEN_PASS_DECL
#include "alloy/Conversion/Passes.h.inc"

/// convert-alloy-to-llvm, reconcile-unrealized-casts, canonicalize, cse (no
/// MLIR mem2reg: LLVM's SROA promotes the slots): Alloy + upstream dialects
/// to llvm + nvvm, for targets from sm_<sm> up; with `archSpecific`, for the
/// arch-specific sm_<sm>a only (sm_90a). `targets` names the build's architectures in
/// diagnostics ("sm_80,sm_90a").
void buildAlloyToLLVMPipeline(mlir::OpPassManager &pm, unsigned sm = 80,
                              bool archSpecific = false,
                              llvm::StringRef targets = {});

/// Registers the Alloy passes and the `alloy-to-llvm` pipeline.
void registerAlloyPasses();

/// Registers the dialects the Alloy pipeline uses (alloy, func, arith, cf,
/// math, ub, llvm, nvvm) and their LLVM IR translations.
void registerAlloyDialects(mlir::DialectRegistry &registry);

/// Both of the above: one call for tools and the plugin.
void registerAlloyDialectsAndPasses(mlir::DialectRegistry &registry);

} // namespace alloy

#endif // ALLOY_CONVERSION_PASSES_H
