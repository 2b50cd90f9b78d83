//===- AlloyToLLVM.h - Alloy to llvm/nvvm conversion patterns ---*- C++ -*-===//
//
// The patterns of convert-alloy-to-llvm, one set per group of Alloy ops, as
// MLIR's own conversions export theirs: a pass or tool that lowers a subset
// adds the sets it needs; populateAlloyToLLVMConversionPatterns adds all.
// Patterns for instructions that need a newer target than `target` report
// an error naming both.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOY_CONVERSION_ALLOYTOLLVM_H
#define ALLOY_CONVERSION_ALLOYTOLLVM_H

#include "alloy/Conversion/GpuTarget.h"

namespace mlir {
class LLVMTypeConverter;
class RewritePatternSet;
} // namespace mlir

namespace alloy {

/// Kernels, globals, addresses, stack slots, loads and stores, special
/// registers, barriers and fences (CoreToLLVM.cpp).
void populateAlloyCoreToLLVMPatterns(const mlir::LLVMTypeConverter &tc,
                                     mlir::RewritePatternSet &patterns,
                                     const GpuTarget &target);
/// Atomics, shuffles, votes (AtomicsToLLVM.cpp).
void populateAlloyAtomicsToLLVMPatterns(const mlir::LLVMTypeConverter &tc,
                                        mlir::RewritePatternSet &patterns,
                                        const GpuTarget &target);
/// Byte ranges (memcpy, memset, memmove), cached accesses, bit operations
/// (MemoryToLLVM.cpp).
void populateAlloyMemoryToLLVMPatterns(const mlir::LLVMTypeConverter &tc,
                                       mlir::RewritePatternSet &patterns,
                                       const GpuTarget &target);
/// mma.sync, ldmatrix, cp.async; fp8 from sm_89 (TensorToLLVM.cpp).
void populateAlloyTensorToLLVMPatterns(const mlir::LLVMTypeConverter &tc,
                                       mlir::RewritePatternSet &patterns,
                                       const GpuTarget &target);
/// alloy.approx (HalfMathToLLVM.cpp).
void populateAlloyHalfMathToLLVMPatterns(const mlir::LLVMTypeConverter &tc,
                                         mlir::RewritePatternSet &patterns,
                                         const GpuTarget &target);
/// TMA bulk tensor copies and tensor map prefetch, sm_90 (TmaToLLVM.cpp).
void populateAlloyTmaToLLVMPatterns(const mlir::LLVMTypeConverter &tc,
                                    mlir::RewritePatternSet &patterns,
                                    const GpuTarget &target);
/// mbarriers, proxy fences, elect.sync (HopperToLLVM.cpp).
void populateAlloyHopperToLLVMPatterns(const mlir::LLVMTypeConverter &tc,
                                       mlir::RewritePatternSet &patterns,
                                       const GpuTarget &target);
/// Warpgroup MMA, sm_90a only (WgmmaToLLVM.cpp).
void populateAlloyWgmmaToLLVMPatterns(const mlir::LLVMTypeConverter &tc,
                                      mlir::RewritePatternSet &patterns,
                                      const GpuTarget &target);
/// Cluster registers, barrier.cluster, mapa; setmaxnreg (ClusterToLLVM.cpp).
void populateAlloyClusterToLLVMPatterns(const mlir::LLVMTypeConverter &tc,
                                        mlir::RewritePatternSet &patterns,
                                        const GpuTarget &target);

/// Every set above.
void populateAlloyToLLVMConversionPatterns(const mlir::LLVMTypeConverter &tc,
                                           mlir::RewritePatternSet &patterns,
                                           const GpuTarget &target);

} // namespace alloy

#endif // ALLOY_CONVERSION_ALLOYTOLLVM_H
