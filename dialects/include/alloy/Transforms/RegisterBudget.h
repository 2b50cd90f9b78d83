//===- RegisterBudget.h - setmaxnreg asking for too many --------*- C++ -*-===//
//
// setmaxnreg.inc waits until the block's register pool has the registers it
// asks for. A warp-specialized kernel whose warpgroups ask for more than a
// multiprocessor holds (65,536 registers, shared by min_blocks blocks)
// therefore hangs: with three warpgroups, one producer at 40 and two
// consumers at 240 need (40 + 2 * 240) * 128 = 66,560.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOY_TRANSFORMS_REGISTERBUDGET_H
#define ALLOY_TRANSFORMS_REGISTERBUDGET_H

#include "mlir/IR/BuiltinOps.h"

#include <string>
#include <vector>

namespace alloy {

struct RegisterOverbooking {
  mlir::Operation *increase; // the largest alloy.setmaxnreg increase
  std::string kernel;        // the kernel's qualified name
  unsigned warpgroups = 0;   // of its largest block
  unsigned acquire = 0;      // registers per thread asked for by increase
  unsigned release = 0;      // the smallest decrease (0: none)
  unsigned needed = 0;       // registers of one block, as below
  unsigned available = 0;    // 65536 / min_blocks
};

/// The kernels whose block size is known (launch contract, or launch
/// bounds) and whose setmaxnreg requests cannot all be granted at once:
/// with a decrease to R somewhere and an increase to A, one warpgroup at R
/// and the others at A; without a decrease, every warpgroup at A. Follows
/// calls of device functions.
std::vector<RegisterOverbooking> findRegisterOverbooking(mlir::ModuleOp module);

} // namespace alloy

#endif // ALLOY_TRANSFORMS_REGISTERBUDGET_H
