// CUDA syntax left in an Alloy file gets an error that names the Alloy
// spelling instead of clang's generic ones (`unknown type name
// '__global__'`, `expected expression` at `<<<`):
//   - each reserved CUDA name (__global__, __shared__, __syncthreads,
//     __shfl_down_sync, ...) is predefined as a macro whose expansion
//     reports it (a `#pragma alloy cuda_name`) and then stands for
//     something that parses, so one error is all it costs;
//     <gpu/cuda_compat.hpp> #undefs them and defines CUDA's own;
//   - CUDA's ordinary names (threadIdx, atomicAdd, cudaMalloc, ...), which
//     a program may declare itself, are reported where lookup finds
//     nothing (before clang's `use of undeclared identifier`);
//   - a compile with errors whose main file holds `<<<` gets one error
//     at each launch, naming gpu::launch.
#ifndef ALLOY_COMPILER_SEMA_CUDASYNTAX_H
#define ALLOY_COMPILER_SEMA_CUDASYNTAX_H

#include <memory>

namespace clang {
class ASTConsumer;
class Preprocessor;
} // namespace clang

namespace alloy {

void diagnoseCudaSyntax(clang::Preprocessor &pp);
// The consumer that installs the lookup hook (a SemaConsumer).
std::unique_ptr<clang::ASTConsumer> cudaIdentifierChecks();

} // namespace alloy

#endif
