// How a kernel's C++ parameters become PTX parameters.
//
// Each parameter is split into its scalar leaves (a std::span<const float>
// becomes a pointer and a size); each leaf is one PTX parameter, so that
// pointers reach the kernel as plain global-memory pointers that LLVM can
// mark noalias/readonly. The runtime reads the same leaves from the host
// argument objects (module_abi.h).
#ifndef ALLOY_COMPILER_CODEGEN_KERNELABI_H
#define ALLOY_COMPILER_CODEGEN_KERNELABI_H

#include "KernelInfo.h"

#include "mlir/IR/Types.h"
#include "llvm/ADT/SmallVector.h"

#include "clang/AST/Type.h"

namespace clang {
class ClassTemplateSpecializationDecl;
class ParmVarDecl;
} // namespace clang

namespace alloy {

class DeviceModule;

struct KernelLeafType {
  mlir::Type type;
  bool isPointer = false;
};

// True when `t` is the class template specialization ns::name<...> (inline
// namespaces such as std::__1 are looked through).
bool isClassNamed(
    clang::QualType t, llvm::StringRef ns, llvm::StringRef name,
    const clang::ClassTemplateSpecializationDecl **spec = nullptr);

// input: std::span<const T>, const T*; output: gpu::disjoint_span<T>;
// raw_output: T*, std::span<T>; scalar: everything else.
ParamKind classifyKernelParam(clang::QualType t);

// Classifies `param` and collects its leaves; reports unsupported
// parameter types and returns false.
bool lowerKernelParam(DeviceModule &module, const clang::ParmVarDecl *param,
                      KernelParamInfo &info,
                      llvm::SmallVectorImpl<KernelLeafType> &leafTypes);

} // namespace alloy

#endif
