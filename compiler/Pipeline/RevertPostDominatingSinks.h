//===- RevertPostDominatingSinks.h - Undo MachineSink's no-gain moves -----===//
//
// LLVM's MachineSink moves an instruction into a later block that alone
// uses its value. Into a block on only some paths that saves work; into a
// block that post-dominates the old one (the join after an `if`, a loop's
// latch) it saves nothing, and since ptxas schedules and allocates
// registers itself, it only changes the order ptxas starts from. A
// loop-carried sum sunk past a wgmma into the latch cost the attention
// kernel 5% (docs/performance.md).
//
//===----------------------------------------------------------------------===//

#ifndef ALLOY_COMPILER_PIPELINE_REVERTPOSTDOMINATINGSINKS_H
#define ALLOY_COMPILER_PIPELINE_REVERTPOSTDOMINATINGSINKS_H

#include <memory>

namespace llvm {
class RegisterTargetPassConfigCallback;
} // namespace llvm

namespace alloy {

// While the returned object lives, NVPTX code generation puts each
// instruction that MachineSink moved into a block post-dominating its own
// (in the same loop) back at the end of its own block.
std::unique_ptr<llvm::RegisterTargetPassConfigCallback>
revertPostDominatingSinks();

} // namespace alloy

#endif
