// LLVM IR to PTX in-process, through LLVM's NVPTX backend.
#ifndef ALLOY_COMPILER_PIPELINE_NVPTXBACKEND_H
#define ALLOY_COMPILER_PIPELINE_NVPTXBACKEND_H

#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Error.h"

#include <string>

namespace llvm {
class Module;
}

namespace alloy {

struct DeviceCompileOptions;

// Whether LLVM's NVPTX backend has a processor of this name (sm_90a: yes;
// sm_95: no).
bool isKnownNVPTXArch(llvm::StringRef arch);

// Sets the NVPTX triple and data layout on `module`.
llvm::Error prepareForNVPTX(llvm::Module &module, const std::string &arch);
// Links the libdevice functions the module uses, then keeps only `kernels`
// externally visible. `fastMath` selects libdevice's flush-to-zero and
// approximate division and square root.
llvm::Error linkLibdevice(llvm::Module &module, const std::string &path,
                          const llvm::StringSet<> &kernels, bool fastMath);
// The kernels (by symbol) that reach a cycle of calls: their stack depth
// is unknown to ptxas.
llvm::StringSet<> recursiveKernels(llvm::Module &module);
// The kernels whose threads never wait for or exchange with each other
// (no barrier, warp operation, elect, mbarrier, asm or indirect call): the
// CPU device runs a block of them as one loop (docs/cpu-device.md).
llvm::StringSet<> independentKernels(llvm::Module &module);
// The kernels that reach cooperative groups' grid sync (the asm that reads
// the driver's grid workspace, %envreg1): the runtime launches them only
// cooperatively.
llvm::StringSet<> gridSyncKernels(llvm::Module &module);

// Runs LLVM's O3 pipeline for NVPTX, then Alloy's late passes
// (SignedZeroSelects, PackHalves, ExactNegation, PtxasFPBitsGuard).
// With `fastMath`, single-precision denormals flush to zero (.ftz).
llvm::Error optimize(llvm::Module &module, const std::string &arch,
                     bool fastMath);
// Emits PTX.
llvm::Expected<std::string> emitPTX(llvm::Module &module,
                                    const std::string &arch);

} // namespace alloy

#endif
