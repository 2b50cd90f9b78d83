//===- RegisterBudget.cpp - setmaxnreg asking for too many ----------------===//

#include "alloy/Transforms/RegisterBudget.h"
#include "alloy/Dialect/Alloy/AlloyOps.h"
#include "alloy/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace alloy {
#define GEN_PASS_DEF_REGISTERBUDGETPASS
#include "alloy/Transforms/Passes.h.inc"
} // namespace alloy

using namespace mlir;
using namespace alloy;

namespace {

constexpr unsigned kRegistersPerMultiprocessor = 65536;
constexpr unsigned kWarpgroup = 128;

// The setmaxnreg ops of `fn` and of the functions it calls.
void collect(Operation *fn, SymbolTableCollection &symbols,
             llvm::SmallPtrSetImpl<Operation *> &seen,
             SmallVectorImpl<SetMaxNRegOp> &out) {
  if (!seen.insert(fn).second)
    return;
  fn->walk([&](Operation *op) {
    if (auto s = dyn_cast<SetMaxNRegOp>(op))
      out.push_back(s);
    else if (auto call = dyn_cast<func::CallOp>(op))
      if (Operation *callee = symbols.lookupNearestSymbolFrom(
              call, call.getCalleeAttr()))
        collect(callee, symbols, seen, out);
  });
}

unsigned blockThreads(KernelOp k) {
  if (auto block = k.getContractBlock()) {
    unsigned n = 1;
    for (int32_t d : *block)
      n *= unsigned(d);
    return n;
  }
  if (auto max = k.getMaxThreads())
    return unsigned(*max);
  return 0;
}

struct RegisterBudgetPass
    : alloy::impl::RegisterBudgetPassBase<RegisterBudgetPass> {
  void runOnOperation() override {
    for (const RegisterOverbooking &o : findRegisterOverbooking(getOperation()))
      o.increase->emitWarning()
          << "the warpgroups of '" << o.kernel << "' ask for "
          << o.needed << " registers, more than its blocks have ("
          << o.available << "): setmaxnreg.inc would wait forever";
    markAllAnalysesPreserved();
  }
};

} // namespace

std::vector<RegisterOverbooking>
alloy::findRegisterOverbooking(ModuleOp module) {
  std::vector<RegisterOverbooking> found;
  SymbolTableCollection symbols;
  module.walk([&](KernelOp k) {
    unsigned threads = blockThreads(k);
    if (threads == 0)
      return;
    SmallVector<SetMaxNRegOp> ops;
    llvm::SmallPtrSet<Operation *, 8> seen;
    collect(k, symbols, seen, ops);
    SetMaxNRegOp increase;
    unsigned release = 0;
    for (SetMaxNRegOp s : ops) {
      unsigned count = unsigned(s.getCount());
      if (s.getIncrease()) {
        if (!increase || count > unsigned(increase.getCount()))
          increase = s;
      } else if (release == 0 || count < release) {
        release = count;
      }
    }
    if (!increase)
      return;
    unsigned warpgroups = (threads + kWarpgroup - 1) / kWarpgroup;
    unsigned acquire = unsigned(increase.getCount());
    unsigned perThread = release && warpgroups > 1
                             ? release + (warpgroups - 1) * acquire
                             : warpgroups * acquire;
    unsigned minBlocks = k.getMinBlocks() ? unsigned(*k.getMinBlocks()) : 1;
    unsigned available = kRegistersPerMultiprocessor / std::max(minBlocks, 1u);
    unsigned needed = perThread * kWarpgroup;
    if (needed <= available)
      return;
    RegisterOverbooking o;
    o.increase = increase;
    o.kernel = k.getQualifiedName() ? k.getQualifiedName()->str()
                                    : k.getSymName().str();
    o.warpgroups = warpgroups;
    o.acquire = acquire;
    o.release = release;
    o.needed = needed;
    o.available = available;
    found.push_back(std::move(o));
  });
  return found;
}
