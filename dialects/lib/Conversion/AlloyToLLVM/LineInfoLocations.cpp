//===- LineInfoLocations.cpp - Inlined locations for line info ------------===//

#include "alloy/Conversion/Passes.h"
#include "alloy/Transforms/InlinedLocations.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Location.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace alloy {
#define GEN_PASS_DEF_LINEINFOLOCATIONSPASS
#include "alloy/Conversion/Passes.h.inc"
} // namespace alloy

using namespace mlir;

namespace {

bool hasFile(Location loc) {
  return static_cast<bool>(loc->findInstanceOf<FileLineColLoc>());
}

// `loc` without the call sites whose inner location has no file: such an op
// is placed at the call.
Location withFiledCallees(Location loc) {
  auto site = dyn_cast<CallSiteLoc>(loc);
  if (!site)
    return loc;
  Location callee = withFiledCallees(site.getCallee());
  Location caller = withFiledCallees(site.getCaller());
  if (!hasFile(callee))
    return caller;
  return CallSiteLoc::get(callee, caller);
}

struct LineInfoLocationsPass
    : alloy::impl::LineInfoLocationsPassBase<LineInfoLocationsPass> {
  void runOnOperation() override {
    getOperation().walk<WalkOrder::PreOrder>([](Operation *op) {
      bool inFunction = isa<FunctionOpInterface>(op) ||
                        op->getParentOfType<FunctionOpInterface>() != nullptr;
      op->setLoc(inFunction ? withFiledCallees(op->getLoc())
                            : alloy::writtenAt(op->getLoc()));
    });
  }
};

} // namespace
