//===- TargetChecks.h - Instructions the target may lack --------*- C++ -*-===//
//
// A lowering of an instruction that needs more than the build's lowest
// target fails with an error at the op saying what it needs; its pattern
// holds the target (GpuTarget).
//
//===----------------------------------------------------------------------===//

#ifndef ALLOY_CONVERSION_ALLOYTOLLVM_TARGETCHECKS_H
#define ALLOY_CONVERSION_ALLOYTOLLVM_TARGETCHECKS_H

#include "alloy/Conversion/GpuTarget.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"

namespace alloy {

/// A pattern whose instruction depends on the target.
template <class Op> struct TargetPattern : mlir::ConvertOpToLLVMPattern<Op> {
  TargetPattern(const mlir::LLVMTypeConverter &tc, GpuTarget target)
      : mlir::ConvertOpToLLVMPattern<Op>(tc), target(std::move(target)) {}
  GpuTarget target;
};

/// How an error names the build's architectures.
enum class TargetNaming {
  Lowest, // "the lowest target is sm_80"
  All,    // "the build targets sm_80,sm_90"
};

/// Fails unless the lowest target is sm_90 or newer, with the error
/// "(WHAT) needs sm_90 or newer (--gpu-arch=sm_90); " and the targets.
mlir::LogicalResult requireSm90(mlir::Operation *op, llvm::StringRef what,
                                const GpuTarget &target,
                                TargetNaming naming = TargetNaming::Lowest);

/// requireSm90, then PTX ISA 8.0 for the op's function (requirePtxIsaAtLeast),
/// which the sm_90 instructions of TMA and the mbarriers need.
mlir::LogicalResult requireSm90Ptx80(mlir::Operation *op, llvm::StringRef what,
                                     const GpuTarget &target,
                                     mlir::RewriterBase &r);

/// Fails unless the only target is sm_90a, with the error "(WHAT) needs the
/// arch-specific target sm_90a (...); the build targets ...".
mlir::LogicalResult requireSm90a(mlir::Operation *op, llvm::StringRef what,
                                 const GpuTarget &target);

/// What an instruction needs of the build's targets.
enum class Needs {
  Any,        // every target Alloy builds for
  Sm90,       // requireSm90
  Sm90Ptx80,  // requireSm90Ptx80
  Clusters,   // requireSm90, naming all the targets
  Sm90a,      // requireSm90a
  Sm90aPtx80, // requireSm90a, then PTX ISA 8.0
};

/// The check of `needs` for `op`, an instruction named `what` in the error.
mlir::LogicalResult require(Needs needs, mlir::Operation *op,
                            llvm::StringRef what, const GpuTarget &target,
                            mlir::RewriterBase &r);

} // namespace alloy

#endif // ALLOY_CONVERSION_ALLOYTOLLVM_TARGETCHECKS_H
