// Assembling PTX into a cubin with CUDA's ptxas, when it is installed.
#ifndef ALLOY_COMPILER_PIPELINE_PTXAS_H
#define ALLOY_COMPILER_PIPELINE_PTXAS_H

#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace alloy {

// The ptxas to use: `preferred`, else $ALLOY_PTXAS, else PATH, else
// /usr/local/cuda/bin/ptxas. None when there is none.
std::optional<std::string> findPtxas(const std::string &preferred);

// Runs ptxas; an error carries its diagnostics.
llvm::Expected<std::vector<uint8_t>> assemblePTX(const std::string &ptxas,
                                                 const std::string &ptx,
                                                 const std::string &arch);

} // namespace alloy

#endif
