//===- InlinedLocations.h - Reading the locations of inlined ops -*- C++
//-*-===//
//
// After alloy-inline an op's location is `callsite(callee at caller)`,
// nested once per call it came through.
//
//===----------------------------------------------------------------------===//
#ifndef ALLOY_TRANSFORMS_INLINEDLOCATIONS_H
#define ALLOY_TRANSFORMS_INLINEDLOCATIONS_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Location.h"
#include "llvm/ADT/SmallVector.h"

namespace alloy {

// Where the op is written: its location without the calls it came through.
inline mlir::Location writtenAt(mlir::Location loc) {
  while (auto site = mlir::dyn_cast<mlir::CallSiteLoc>(loc))
    loc = site.getCallee();
  return loc;
}

// The calls the op came through, innermost first (empty if not inlined).
inline void callSitesOf(mlir::Location loc,
                        llvm::SmallVectorImpl<mlir::Location> &calls) {
  auto site = mlir::dyn_cast<mlir::CallSiteLoc>(loc);
  if (!site)
    return;
  callSitesOf(site.getCallee(), calls);
  calls.push_back(writtenAt(site.getCaller()));
  callSitesOf(site.getCaller(), calls);
}

// A loop's start or end for its llvm.loop_annotation, which tells the
// loop's metadata apart from other loops'. The tag keeps a one-location
// range a FusedLoc when a trace is parsed back.
inline mlir::FusedLoc loopRangeAt(mlir::Location loc) {
  mlir::MLIRContext *ctx = loc->getContext();
  return mlir::FusedLoc::get(ctx, {loc}, mlir::StringAttr::get(ctx, "loop"));
}

} // namespace alloy

#endif
