// CUDA syntax left in an Alloy file gets an error that names the Alloy
// spelling instead of clang's generic ones (`unknown type name
// '__global__'`, `expected expression` at `<<<`):
//   - each CUDA keyword and built-in name (__global__, __shared__,
//     threadIdx, __syncthreads, atomicAdd, ...) is predefined as a macro
//     whose expansion reports it (a `#pragma alloy cuda_name`) and then
//     stands for something that parses, so one error is all it costs;
//     <gpu/cuda_compat.hpp> #undefs them and defines CUDA's own;
//   - a compile with errors whose main file holds `<<<` gets one error
//     at each launch, naming gpu::launch.
#ifndef ALLOY_COMPILER_SEMA_CUDASYNTAX_H
#define ALLOY_COMPILER_SEMA_CUDASYNTAX_H

namespace clang {
class Preprocessor;
} // namespace clang

namespace alloy {

void diagnoseCudaSyntax(clang::Preprocessor &pp);

} // namespace alloy

#endif
