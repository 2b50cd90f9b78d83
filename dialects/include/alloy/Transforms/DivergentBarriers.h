//===- DivergentBarriers.h - Barriers only some threads reach ---*- C++ -*-===//
//
// A uniformity analysis of the Alloy IR: which values may differ between
// the threads of a block, which blocks only some threads execute, and so
// which barriers (alloy.barrier, or calls of functions that reach one) only
// some threads of a block may reach.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOY_TRANSFORMS_DIVERGENTBARRIERS_H
#define ALLOY_TRANSFORMS_DIVERGENTBARRIERS_H

#include "mlir/IR/BuiltinOps.h"

#include <string>
#include <vector>

namespace alloy {

struct DivergentBarrier {
  mlir::Operation *sync;   // an alloy.barrier or a func.call that reaches one
  mlir::Operation *branch; // the thread-dependent branch that decides it
  std::string name;        // the called function ("gpu::sync_threads")
  bool byBlock = false;    // a cluster barrier that a block-dependent
                           // branch decides
  bool byLane = false;     // an elect_one (alloy.elect_sync, or a call that
                           // reaches one) that a lane-dependent branch
                           // decides
};

/// Every barrier of `module` whose execution a thread-dependent branch
/// decides. Uniform: block and grid indices and shapes, kernel parameters,
/// constants, loads from uniform addresses of global, shared or constant
/// memory. Divergent: thread and lane indices, atomics, shuffles and votes,
/// and what depends on them through values, stack slots or control flow. A
/// branch that only lets some threads leave the function early is not
/// counted: threads that have exited take no part in later barriers.
/// Cluster barriers (alloy.cluster_barrier) are also reported when a
/// branch on the block index decides them (`byBlock`): every block of the
/// cluster must arrive. Elections (alloy.elect_sync) are reported when a
/// branch that may differ between the lanes of a warp decides them
/// (`byLane`); values the same on each warp (tid.x / 32, tid.x < 64,
/// tid.y, votes, a shuffle from one lane, warpgroup_index()) do not count
/// there, assuming a warp lies in one row of the block.
std::vector<DivergentBarrier> findDivergentBarriers(mlir::ModuleOp module);

} // namespace alloy

#endif // ALLOY_TRANSFORMS_DIVERGENTBARRIERS_H
