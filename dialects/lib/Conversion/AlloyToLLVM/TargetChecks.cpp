//===- TargetChecks.cpp - Instructions the target may lack ----------------===//

#include "TargetChecks.h"
#include "PtxIsa.h"

using namespace mlir;

namespace alloy {

LogicalResult requireSm90(Operation *op, StringRef what,
                          const GpuTarget &target, TargetNaming naming) {
  if (target.sm >= 90)
    return success();
  InFlightDiagnostic error = op->emitOpError()
                             << "(" << what
                             << ") needs sm_90 or newer (--gpu-arch=sm_90); ";
  if (naming == TargetNaming::Lowest)
    error << "the lowest target is sm_" << target.sm;
  else
    error << "the build targets " << target.targetList();
  return error;
}

LogicalResult requireSm90Ptx80(Operation *op, StringRef what,
                               const GpuTarget &target, RewriterBase &r) {
  if (failed(requireSm90(op, what, target)))
    return failure();
  requirePtxIsaAtLeast(op, 80, r);
  return success();
}

LogicalResult requireSm90a(Operation *op, StringRef what,
                           const GpuTarget &target) {
  if (target.isArchSpecific(90))
    return success();
  return op->emitOpError()
         << "(" << what
         << ") needs the arch-specific target sm_90a (--gpu-arch=sm_90a, and "
            "no other architecture in the build); the build targets "
         << target.targetList();
}

LogicalResult require(Needs needs, Operation *op, StringRef what,
                      const GpuTarget &target, RewriterBase &r) {
  switch (needs) {
  case Needs::Any:
    return success();
  case Needs::Sm90:
    return requireSm90(op, what, target);
  case Needs::Sm90Ptx80:
    return requireSm90Ptx80(op, what, target, r);
  case Needs::Clusters:
    return requireSm90(op, what, target, TargetNaming::All);
  case Needs::Sm90a:
    return requireSm90a(op, what, target);
  case Needs::Sm90aPtx80:
    if (failed(requireSm90a(op, what, target)))
      return failure();
    requirePtxIsaAtLeast(op, 80, r);
    return success();
  }
  llvm_unreachable("unknown Needs");
}

} // namespace alloy
