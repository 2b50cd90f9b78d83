//===- ForwardCopies.cpp - copies through a local read their source -------===//
//
// `T v = *src; *dst = v;` of a record type is two copies at this level, in
// and out of a local (an `alloy.alloca`). When nothing between them writes
// memory, and the lowering would make the joined copy wide (WideCopies.h),
// the second reads the first's source instead: one copy between the two
// objects, which the conversion to LLVM makes wide loads and stores (a 16-byte
// struct: one `ld.v4` and one `st.v4`). The copy into the local stays; it is
// dead when nothing else reads the local, and LLVM removes it.
//
//===----------------------------------------------------------------------===//

#include "alloy/Dialect/Alloy/AlloyOps.h"
#include "alloy/Dialect/Alloy/WideCopies.h"
#include "alloy/Transforms/Passes.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace alloy {
#define GEN_PASS_DEF_FORWARDCOPIESPASS
#include "alloy/Transforms/Passes.h.inc"
} // namespace alloy

using namespace mlir;

namespace {

// The copy right before `copy` in its block with only operations that touch
// no memory in between, if it writes `copy`'s source.
alloy::MemcpyOp copyInto(alloy::MemcpyOp copy) {
  for (Operation *op = copy->getPrevNode(); op; op = op->getPrevNode()) {
    if (auto before = dyn_cast<alloy::MemcpyOp>(op))
      return before.getDst() == copy.getSrc() ? before : alloy::MemcpyOp();
    if (!isMemoryEffectFree(op))
      return {};
  }
  return {};
}

struct ForwardCopiesPass
    : alloy::impl::ForwardCopiesPassBase<ForwardCopiesPass> {
  void runOnOperation() override {
    getOperation().walk([](alloy::MemcpyOp copy) {
      if (!copy.getSrc().getDefiningOp<alloy::AllocaOp>())
        return;
      alloy::MemcpyOp in = copyInto(copy);
      if (!in || in.getSize() != copy.getSize() || in.getSrc() == copy.getDst())
        return;
      // The forwarded copy must be one the lowering makes wide (loads
      // first): `std::memcpy` through a local may join overlapping ranges.
      uint64_t align = std::min(copy.getAlignment(), in.getAlignment());
      if (!alloy::wideCopyChunk(copy.getDst(), in.getSrc(), copy.getSize(),
                                align))
        return;
      copy.getSrcMutable().assign(in.getSrc());
      copy.setAlignment(align);
    });
  }
};

} // namespace
