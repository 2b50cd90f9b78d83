//===- DivergentBarriers.cpp - Barriers only some threads reach -----------===//

#include "alloy/Transforms/DivergentBarriers.h"
#include "alloy/Dialect/Alloy/AlloyOps.h"
#include "alloy/Transforms/Passes.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"

namespace alloy {
#define GEN_PASS_DEF_DIVERGENTBARRIERSPASS
#include "alloy/Transforms/Passes.h.inc"
} // namespace alloy

using namespace mlir;
using namespace alloy;

namespace {

// The defining operation of a function body: func.func or alloy.kernel.
Region *bodyOf(Operation *fn) {
  if (auto f = dyn_cast<func::FuncOp>(fn))
    return f.isExternal() ? nullptr : &f.getBody();
  if (auto k = dyn_cast<KernelOp>(fn))
    return &k.getBody();
  return nullptr;
}

// The stack slot a pointer points into, if any.
Operation *rootSlot(Value p) {
  for (int depth = 0; depth < 64 && p; ++depth) {
    Operation *def = p.getDefiningOp();
    if (!def)
      return nullptr;
    if (isa<AllocaOp>(def))
      return def;
    if (isa<PtrAddOp, MemberAddrOp, AddrSpaceCastOp>(def))
      p = def->getOperand(0);
    else
      return nullptr;
  }
  return nullptr;
}

bool isSource(Operation *op) {
  return isa<ThreadIdOp, LaneIdOp, AtomicRMWOp, AtomicCASOp, ShflOp, VoteOp>(
      op);
}

class Analysis {
public:
  explicit Analysis(ModuleOp module) : module(module) {
    module.walk([&](Operation *op) {
      if (Region *body = bodyOf(op))
        functions.push_back({op, body});
    });
  }

  std::vector<DivergentBarrier> run() {
    summarizeCallees();
    bool changed = true;
    while (changed) {
      changed = false;
      for (Function &f : functions)
        changed |= propagate(f);
    }
    std::vector<DivergentBarrier> found;
    for (Function &f : functions)
      for (Block &block : *f.body) {
        auto reason = divergentBlocks.find(&block);
        if (reason == divergentBlocks.end())
          continue;
        for (Operation &op : block) {
          if (isa<BarrierOp>(op))
            found.push_back({&op, reason->second, functionName(f.op)});
          else if (Operation *callee = calleeOf(&op);
                   callee && syncFunctions.contains(callee))
            found.push_back({&op, reason->second, functionName(callee)});
        }
      }
    return found;
  }

private:
  struct Function {
    Operation *op;
    Region *body;
    std::unique_ptr<PostDominanceInfo> postDom;
    DenseSet<Block *> reachable;
  };

  static std::string functionName(Operation *fn) {
    if (auto name = fn->getAttrOfType<StringAttr>("alloy.name"))
      return name.str();
    return SymbolTable::getSymbolName(fn).str();
  }

  Operation *calleeOf(Operation *op) {
    auto call = dyn_cast<func::CallOp>(op);
    if (!call)
      return nullptr;
    return SymbolTable::lookupNearestSymbolFrom(call, call.getCalleeAttr());
  }

  // Which functions reach a barrier, and which make divergent values of
  // their own (thread indices, atomics...), transitively.
  void summarizeCallees() {
    bool changed = true;
    while (changed) {
      changed = false;
      for (Function &f : functions) {
        bool sync = syncFunctions.contains(f.op);
        bool source = sourceFunctions.contains(f.op);
        f.body->walk([&](Operation *op) {
          if (isa<BarrierOp>(op))
            sync = true;
          if (isSource(op))
            source = true;
          if (Operation *callee = calleeOf(op)) {
            sync |= syncFunctions.contains(callee);
            source |= sourceFunctions.contains(callee);
          }
        });
        if (sync && syncFunctions.insert(f.op).second)
          changed = true;
        if (source && sourceFunctions.insert(f.op).second)
          changed = true;
      }
    }
  }

  bool mark(Value v) { return v && divergent.insert(v).second; }
  bool isDivergent(Value v) { return divergent.contains(v); }

  // One pass over a function; true when something became divergent.
  bool propagate(Function &f) {
    if (!f.postDom) {
      f.postDom = std::make_unique<PostDominanceInfo>(f.op);
      SmallVector<Block *> work{&f.body->front()};
      while (!work.empty()) {
        Block *b = work.pop_back_val();
        if (f.reachable.insert(b).second)
          for (Block *s : b->getSuccessors())
            work.push_back(s);
      }
    }
    bool changed = false;
    for (Block &block : *f.body) {
      if (!f.reachable.contains(&block))
        continue;
      bool divergentBlock = divergentBlocks.contains(&block);
      for (Operation &op : block)
        changed |= visit(f, &op, divergentBlock);
    }
    changed |= findDivergentBlocks(f);
    return changed;
  }

  bool visit(Function &f, Operation *op, bool divergentBlock) {
    bool changed = false;
    auto anyOperandDivergent = [&] {
      return llvm::any_of(op->getOperands(),
                          [&](Value v) { return isDivergent(v); });
    };
    auto markSlot = [&](Value p) {
      if (Operation *slot = rootSlot(p))
        return divergentSlots.insert(slot).second;
      return false;
    };
    if (isSource(op)) {
      for (Value r : op->getResults())
        changed |= mark(r);
      return changed;
    }
    if (auto load = dyn_cast<LoadOp>(op)) {
      Operation *slot = rootSlot(load.getAddr());
      if (isDivergent(load.getAddr()) || (slot && divergentSlots.contains(slot)))
        changed |= mark(load.getResult());
      return changed;
    }
    if (auto store = dyn_cast<StoreOp>(op)) {
      if (divergentBlock || isDivergent(store.getValue()) ||
          isDivergent(store.getAddr()))
        changed |= markSlot(store.getAddr());
      return changed;
    }
    if (isa<MemcpyOp, MemmoveOp, MemsetOp>(op)) {
      Value dst = op->getOperand(0);
      bool div = divergentBlock || anyOperandDivergent();
      if (isa<MemcpyOp, MemmoveOp>(op))
        if (Operation *src = rootSlot(op->getOperand(1)))
          div |= divergentSlots.contains(src);
      if (div)
        changed |= markSlot(dst);
      return changed;
    }
    if (Operation *callee = calleeOf(op)) {
      Region *calleeBody = bodyOf(callee);
      // A pointer into a divergent stack slot passes divergent data.
      auto passesDivergence = [&](Value arg) {
        if (isDivergent(arg))
          return true;
        Operation *slot = rootSlot(arg);
        return slot && divergentSlots.contains(slot);
      };
      bool div = llvm::any_of(op->getOperands(), passesDivergence) ||
                 sourceFunctions.contains(callee) ||
                 divergentReturns.contains(callee);
      for (auto [i, arg] : llvm::enumerate(op->getOperands())) {
        if (passesDivergence(arg) && calleeBody)
          changed |= mark(calleeBody->getArgument(i));
        // What the callee writes through a pointer into a stack slot.
        if (isa<PtrType>(arg.getType()) &&
            (div || divergentBlock))
          changed |= markSlot(arg);
      }
      if (div)
        for (Value r : op->getResults())
          changed |= mark(r);
      return changed;
    }
    if (isa<func::ReturnOp, ReturnOp>(op)) {
      if (divergentBlock || anyOperandDivergent())
        changed |= divergentReturns.insert(f.op).second;
      return changed;
    }
    if (auto br = dyn_cast<BranchOpInterface>(op)) {
      // Block arguments: what flows in, and joins of divergent paths.
      for (auto [i, succ] : llvm::enumerate(op->getSuccessors())) {
        SuccessorOperands operands = br.getSuccessorOperands(i);
        for (unsigned a = 0; a < succ->getNumArguments(); ++a) {
          Value in = a < operands.size() ? operands[a] : Value();
          bool div = (in && isDivergent(in)) ||
                     (divergentBlock && !divergentBlocks.contains(succ)) ||
                     (isDivergentBranch(op) &&
                      op->getNumSuccessors() > 1);
          if (div)
            changed |= mark(succ->getArgument(a));
        }
      }
      return changed;
    }
    if (anyOperandDivergent())
      for (Value r : op->getResults())
        changed |= mark(r);
    return changed;
  }

  bool isDivergentBranch(Operation *term) {
    if (auto c = dyn_cast<cf::CondBranchOp>(term))
      return isDivergent(c.getCondition());
    if (auto s = dyn_cast<cf::SwitchOp>(term))
      return isDivergent(s.getFlag());
    return false;
  }

  // Blocks reachable from `from` (at most `limit` of them).
  static DenseSet<Block *> reach(Block *from, unsigned limit = 4096) {
    DenseSet<Block *> seen;
    SmallVector<Block *> work{from};
    while (!work.empty() && seen.size() < limit) {
      Block *b = work.pop_back_val();
      if (seen.insert(b).second)
        for (Block *s : b->getSuccessors())
          work.push_back(s);
    }
    return seen;
  }

  // A branch that only lets some threads leave: one side never joins the
  // other again, reaches no barrier and ends in a return.
  bool isEarlyExit(Operation *term) {
    if (term->getNumSuccessors() != 2)
      return false;
    for (unsigned side = 0; side < 2; ++side) {
      DenseSet<Block *> exit = reach(term->getSuccessor(side));
      DenseSet<Block *> other = reach(term->getSuccessor(1 - side));
      bool joins = llvm::any_of(exit, [&](Block *b) {
        return other.contains(b) || b == term->getBlock();
      });
      if (joins)
        continue;
      bool returns = false, syncs = false;
      for (Block *b : exit)
        for (Operation &op : *b) {
          returns |= isa<func::ReturnOp, ReturnOp>(op);
          Operation *callee = calleeOf(&op);
          syncs |= isa<BarrierOp>(op) ||
                   (callee && syncFunctions.contains(callee));
        }
      if (returns && !syncs)
        return true;
    }
    return false;
  }

  // Blocks control dependent on a divergent branch, or on any branch in
  // such a block, remember the branch.
  bool findDivergentBlocks(Function &f) {
    bool changed = false;
    for (Block &block : *f.body) {
      if (!f.reachable.contains(&block))
        continue;
      Operation *term = block.getTerminator();
      if (!term || term->getNumSuccessors() < 2)
        continue;
      Operation *reason = nullptr;
      if (isDivergentBranch(term) && !isEarlyExit(term))
        reason = term;
      else if (auto it = divergentBlocks.find(&block);
               it != divergentBlocks.end())
        reason = it->second;
      if (!reason)
        continue;
      DominanceInfoNode *self = f.postDom->getNode(&block);
      DominanceInfoNode *stop = self ? self->getIDom() : nullptr;
      for (Block *succ : term->getSuccessors())
        for (DominanceInfoNode *n = f.postDom->getNode(succ); n && n != stop;
             n = n->getIDom()) {
          Block *b = n->getBlock();
          if (!b || b == &block)
            break;
          if (divergentBlocks.try_emplace(b, reason).second)
            changed = true;
        }
    }
    return changed;
  }

  ModuleOp module;
  std::vector<Function> functions;
  DenseSet<Operation *> syncFunctions, sourceFunctions, divergentReturns;
  DenseSet<Operation *> divergentSlots;
  DenseSet<Value> divergent;
  DenseMap<Block *, Operation *> divergentBlocks;
};

struct DivergentBarriersPass
    : alloy::impl::DivergentBarriersPassBase<DivergentBarriersPass> {
  void runOnOperation() override {
    for (const DivergentBarrier &d : findDivergentBarriers(getOperation())) {
      InFlightDiagnostic diag =
          d.sync->emitWarning()
          << "'" << d.name
          << "' synchronizes the block but may be reached by only some of "
             "its threads: a branch on the thread index decides whether it "
             "runs";
      diag.attachNote(d.branch->getLoc())
          << "this branch depends on the thread index";
    }
    markAllAnalysesPreserved();
  }
};

} // namespace

std::vector<DivergentBarrier>
alloy::findDivergentBarriers(mlir::ModuleOp module) {
  return Analysis(module).run();
}
