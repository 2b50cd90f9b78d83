#include "DivergenceReport.h"
#include "Basic/Diagnostics.h"

#include "alloy/Transforms/DivergentBarriers.h"
#include "alloy/Transforms/RegisterBudget.h"
#include "mlir/IR/Location.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseSet.h"

namespace alloy {

// The clang location of an operation, from the file:line:col the lowering
// gave it; invalid when the file is not one clang read.
static clang::SourceLocation toClang(mlir::Location loc,
                                     clang::SourceManager &sm) {
  auto flc = mlir::dyn_cast<mlir::FileLineColLoc>(loc);
  if (!flc)
    return {};
  auto file = sm.getFileManager().getOptionalFileRef(flc.getFilename());
  if (!file)
    return {};
  return sm.translateFileLineCol(*file, flc.getLine(), flc.getColumn());
}

void reportDivergentBarriers(mlir::ModuleOp module,
                             clang::DiagnosticsEngine &diags) {
  if (!diags.hasSourceManager())
    return;
  clang::SourceManager &sm = diags.getSourceManager();
  llvm::DenseSet<std::pair<clang::SourceLocation, unsigned>> reported;
  for (const DivergentBarrier &d : findDivergentBarriers(module)) {
    clang::SourceLocation at = toClang(d.sync->getLoc(), sm);
    // A template's instances share their source: one warning for them all
    // (of each kind: a call may reach a barrier and an election).
    if (at.isValid() && !reported.insert({at, unsigned(d.byLane)}).second)
      continue;
    report(diags, at,
           d.byLane    ? diag::warn_divergent_election
           : d.byBlock ? diag::warn_divergent_cluster_barrier
                       : diag::warn_divergent_barrier)
        << d.name;
    report(diags, toClang(d.branch->getLoc(), sm),
           d.byLane    ? diag::note_lane_dependent_branch
           : d.byBlock ? diag::note_block_dependent_branch
                       : diag::note_divergent_branch);
  }
}

void reportRegisterOverbooking(mlir::ModuleOp module,
                               clang::DiagnosticsEngine &diags) {
  if (!diags.hasSourceManager())
    return;
  clang::SourceManager &sm = diags.getSourceManager();
  llvm::DenseSet<clang::SourceLocation> reported;
  for (const RegisterOverbooking &o : findRegisterOverbooking(module)) {
    clang::SourceLocation at = toClang(o.increase->getLoc(), sm);
    if (at.isValid() && !reported.insert(at).second)
      continue;
    report(diags, at, diag::warn_setmaxnreg_overbooked)
        << o.kernel << o.needed << o.available;
    report(diags, at, diag::note_setmaxnreg_budget)
        << o.warpgroups << o.release << o.acquire;
  }
}

} // namespace alloy
