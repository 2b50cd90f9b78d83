//===- RevertMachineSinks.h - Undo MachineSink's moves that cost ptxas ----===//
//
// LLVM's MachineSink moves an instruction into a later block that alone
// uses its value, to save work on paths that skip that block and to
// shorten the value's life. ptxas schedules and allocates registers
// itself, and two kinds of move made its code slower, so Alloy undoes
// them: a move into a block that post-dominates the old one (the join
// after an `if`, a loop's latch), which saves no work (a loop-carried sum
// sunk past a wgmma into the latch cost wgmma_attention d64 5%), and a move
// past a loop (a row's base pointer sunk from the entry past three loops
// took the row-block softmax from 32 registers to 50, and to 0.80x nvcc).
// docs/performance.md has the measurements.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOY_COMPILER_PIPELINE_REVERTMACHINESINKS_H
#define ALLOY_COMPILER_PIPELINE_REVERTMACHINESINKS_H

#include <memory>

namespace llvm {
class RegisterTargetPassConfigCallback;
} // namespace llvm

namespace alloy {

// While the returned object lives, NVPTX code generation puts each pure
// instruction that MachineSink moved within one loop, either into a block
// post-dominating its own or past an inner loop, back where it was.
std::unique_ptr<llvm::RegisterTargetPassConfigCallback> revertMachineSinks();

} // namespace alloy

#endif
