// Lowering of Alloy's atomics and warp operations to llvm + nvvm.
#include "alloy/Dialect/Alloy/AlloyOps.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

namespace alloy {

void populateAlloyAtomicsToLLVMPatterns(const mlir::LLVMTypeConverter &tc,
                                        mlir::RewritePatternSet &patterns) {}

} // namespace alloy
