// What a kernel parameter is to the launch machinery: an input buffer, an
// output buffer, or a scalar (include/gpu/detail/module_abi.h).
#ifndef ALLOY_COMPILER_BASIC_KERNELPARAMS_H
#define ALLOY_COMPILER_BASIC_KERNELPARAMS_H

#include "clang/AST/Type.h"

namespace alloy {

enum class ParamKind { Input, Output, RawOutput, Scalar };

// input: std::span<const T>, const T*; output: gpu::disjoint_span<T>;
// raw_output: T*, std::span<T>; scalar: everything else.
ParamKind classifyKernelParam(clang::QualType t);

const char *paramKindName(ParamKind kind);

// A class annotated alloy.grid_constant (gpu::tensor_map): as a kernel
// parameter, one PTX parameter that the kernel uses in place (CUDA's
// __grid_constant__), never copied to local memory.
bool isGridConstantType(clang::QualType t);

} // namespace alloy

#endif
