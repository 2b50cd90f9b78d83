// CUDA's own headers in an Alloy file: an error naming Alloy's
// replacement, instead of a silent software emulation (cuda_fp16.h's host
// path) or a cascade of unknown CUDA keywords.
#ifndef ALLOY_COMPILER_SEMA_CUDAHEADERS_H
#define ALLOY_COMPILER_SEMA_CUDAHEADERS_H

#include "clang/Lex/Preprocessor.h"

namespace alloy {

void diagnoseCudaHeaders(clang::Preprocessor &pp);

} // namespace alloy

#endif
