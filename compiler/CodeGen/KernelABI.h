// How a kernel's C++ parameters become PTX parameters.
//
// Each parameter is split into its scalar leaves (a std::span<const float>
// becomes a pointer and a size); each leaf is one PTX parameter, so that
// pointers reach the kernel as plain global-memory pointers that LLVM can
// mark noalias/readonly. The runtime reads the same leaves from the host
// argument objects (module_abi.h). Sema/KernelSignature.h has checked that
// every parameter can be split.
#ifndef ALLOY_COMPILER_CODEGEN_KERNELABI_H
#define ALLOY_COMPILER_CODEGEN_KERNELABI_H

#include "KernelInfo.h"

#include "mlir/IR/Types.h"
#include "llvm/ADT/SmallVector.h"

namespace clang {
class ParmVarDecl;
} // namespace clang

namespace alloy {

class TypeLowering;

struct KernelLeafType {
  mlir::Type type;
  bool isPointer = false;
  // A gpu::tensor_map: the parameter's generic address (byval, param space,
  // nvvm.grid_constant), which the kernel uses without a copy; its size
  // and alignment in bytes (0 for other leaves).
  uint64_t gridConstantSize = 0;
  uint64_t gridConstantAlign = 0;
};

// Classifies `param` and collects its leaves.
KernelParamInfo lowerKernelParam(TypeLowering &types,
                                 const clang::ParmVarDecl *param,
                                 llvm::SmallVectorImpl<KernelLeafType> &leafTypes);

} // namespace alloy

#endif
