//===- AlloyOps.h - Alloy operations ----------------------------*- C++ -*-===//

#ifndef ALLOY_DIALECT_ALLOY_ALLOYOPS_H
#define ALLOY_DIALECT_ALLOY_ALLOYOPS_H

#include "alloy/Dialect/Alloy/AlloyDialect.h"
#include "alloy/Dialect/Alloy/AlloyTypes.h"
#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/InferIntRangeInterface.h"
#include "mlir/Interfaces/MemorySlotInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace alloy {

/// The trait MbarrierInShared (AlloyHopperOps.td): the op's first operand,
/// an mbarrier, points into shared memory.
mlir::LogicalResult verifyMbarrierInShared(mlir::Operation *op);
template <class ConcreteOp>
struct MbarrierInShared
    : mlir::OpTrait::TraitBase<ConcreteOp, MbarrierInShared> {
  static mlir::LogicalResult verifyTrait(mlir::Operation *op) {
    return verifyMbarrierInShared(op);
  }
};

} // namespace alloy

#define GET_OP_CLASSES
#include "alloy/Dialect/Alloy/AlloyOps.h.inc"

namespace alloy {

/// The GPU's special registers that a launch constrains.
enum class Sreg { ThreadId, BlockDim, BlockId, GridDim };

/// The inclusive [lo, hi] of `reg` along `dim`: the hardware's limits,
/// tightened by a kernel's contract (`contractBlock`, the exact block shape,
/// empty if none) or its bounds (`maxThreads`, at most that many threads).
std::pair<uint64_t, uint64_t> sregBounds(Sreg reg, Dim dim,
                                         llvm::ArrayRef<int32_t> contractBlock,
                                         std::optional<uint32_t> maxThreads);

} // namespace alloy

#endif // ALLOY_DIALECT_ALLOY_ALLOYOPS_H
