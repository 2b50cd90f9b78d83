// Reports, through clang's diagnostics, the barriers that only some threads
// of a block may reach (alloy/Transforms/DivergentBarriers.h) and the
// setmaxnreg requests a block cannot be granted (RegisterBudget.h).
#ifndef ALLOY_COMPILER_PIPELINE_DIVERGENCEREPORT_H
#define ALLOY_COMPILER_PIPELINE_DIVERGENCEREPORT_H

namespace mlir {
class ModuleOp;
}
namespace clang {
class DiagnosticsEngine;
}

namespace alloy {

void reportDivergentBarriers(mlir::ModuleOp module,
                             clang::DiagnosticsEngine &diags);

// Reports the setmaxnreg requests that cannot all be granted
// (alloy/Transforms/RegisterBudget.h).
void reportRegisterOverbooking(mlir::ModuleOp module,
                               clang::DiagnosticsEngine &diags);

} // namespace alloy

#endif
