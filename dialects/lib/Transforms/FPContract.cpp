//===- FPContract.cpp - Allow multiply-adds to fuse -----------------------===//

#include "FastMathFlags.h"
#include "alloy/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinOps.h"

namespace alloy {
#define GEN_PASS_DEF_FPCONTRACTPASS
#include "alloy/Transforms/Passes.h.inc"
} // namespace alloy

using namespace mlir;

namespace {

enum class Mode { Off, On, Fast };

std::optional<Mode> parseMode(StringRef s) {
  if (s == "fast")
    return Mode::Fast;
  if (s == "on")
    return Mode::On;
  if (s == "off")
    return Mode::Off;
  return std::nullopt;
}

bool isContractible(Operation *op) {
  return isa<arith::MulFOp, arith::AddFOp, arith::SubFOp>(op);
}

struct FPContractPass : alloy::impl::FPContractPassBase<FPContractPass> {
  using FPContractPassBase::FPContractPassBase;

  void runOnOperation() override {
    std::optional<Mode> defaultMode = parseMode(mode);
    if (!defaultMode) {
      getOperation().emitError("alloy-fp-contract: mode must be fast, on or "
                               "off, not '")
          << mode << "'";
      return signalPassFailure();
    }
    auto modeOf = [&](Operation *op) {
      if (auto s = op->getAttrOfType<StringAttr>(alloy::kFPContractAttr))
        if (std::optional<Mode> m = parseMode(s.getValue()))
          return *m;
      return *defaultMode;
    };
    SmallVector<Operation *> marked;
    getOperation().walk([&](Operation *op) {
      if (!isContractible(op))
        return;
      switch (modeOf(op)) {
      case Mode::Fast:
        marked.push_back(op);
        break;
      case Mode::On: {
        // A product used once, by a sum of the same expression.
        if (!isa<arith::MulFOp>(op) || !op->hasOneUse())
          break;
        Operation *user = *op->getUsers().begin();
        if (isa<arith::AddFOp, arith::SubFOp>(user) &&
            modeOf(user) != Mode::Off) {
          marked.push_back(op);
          marked.push_back(user);
        }
        break;
      }
      case Mode::Off:
        break;
      }
    });
    for (Operation *op : marked)
      alloy::addFastMathFlags(op, arith::FastMathFlags::contract);
    getOperation().walk(
        [](Operation *op) { op->removeAttr(alloy::kFPContractAttr); });
  }
};

} // namespace
