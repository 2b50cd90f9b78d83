//===- DisjointOrsAsAdds.h - Emit PTX `add` for an `or` of disjoint bits --===//
//
// LLVM's optimizer and DAG combiner turn an `add` whose operands share no
// bit into `or disjoint` (`blockIdx.x * 256 + threadIdx.x` under a launch
// contract of 256 threads becomes `or.b64`). nvcc's PTX keeps the `add`,
// and ptxas folds additions into its address arithmetic (IMAD.WIDE,
// LEA, IADD3) but cannot know that an `or`'s bits are disjoint: for the
// nbody kernel the one `or.b64` of its global index cost 5% (3343 against
// 3191 us on an H100, docs/performance.md). Alloy emits a 64-bit `or` of
// two registers as the `add` it equals (the others stay: see the .cpp).
//
//===----------------------------------------------------------------------===//

#ifndef ALLOY_COMPILER_PIPELINE_DISJOINTORSASADDS_H
#define ALLOY_COMPILER_PIPELINE_DISJOINTORSASADDS_H

#include <memory>

namespace llvm {
class RegisterTargetPassConfigCallback;
} // namespace llvm

namespace alloy {

// While the returned object lives, NVPTX code generation rewrites each
// 64-bit `or` of two registers that instruction selection marked disjoint
// as an `add`.
std::unique_ptr<llvm::RegisterTargetPassConfigCallback> disjointOrsAsAdds();

} // namespace alloy

#endif
