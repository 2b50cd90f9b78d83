//===- DivergentBarriers.cpp - Barriers only some threads reach -----------===//

#include "alloy/Transforms/DivergentBarriers.h"
#include "alloy/Dialect/Alloy/AlloyOps.h"
#include "alloy/Transforms/Passes.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/DenseSet.h"

namespace alloy {
#define GEN_PASS_DEF_DIVERGENTBARRIERSPASS
#include "alloy/Transforms/Passes.h.inc"
} // namespace alloy

using namespace mlir;
using namespace alloy;

namespace {

// What a value may depend on, as a bit mask: kThread for the thread index
// (and atomics, shuffles, votes); for a device function's parameter i,
// valueBit(i) for its value and contentBit(i) for the memory it points to.
// Summaries in terms of parameters make the analysis context sensitive: a
// call substitutes its arguments' masks.
using Taint = uint64_t;
constexpr Taint kThread = Taint(1) << 63;
// The block's index (and a block's rank in its cluster): uniform in a
// block, so harmless to block barriers, but a cluster barrier that only
// some blocks of the cluster reach hangs.
constexpr Taint kBlock = Taint(1) << 62;
constexpr unsigned kMaxParams = 31;
Taint valueBit(unsigned i) { return i < kMaxParams ? Taint(1) << (2 * i) : kThread; }
Taint contentBit(unsigned i) {
  return i < kMaxParams ? Taint(1) << (2 * i + 1) : kThread;
}

// The defining operation of a function body: func.func or alloy.kernel.
Region *bodyOf(Operation *fn) {
  if (auto f = dyn_cast<func::FuncOp>(fn))
    return f.isExternal() ? nullptr : &f.getBody();
  if (auto k = dyn_cast<KernelOp>(fn))
    return &k.getBody();
  return nullptr;
}

bool isBlockSource(Operation *op) {
  if (isa<BlockIdOp>(op))
    return true;
  if (auto reg = dyn_cast<ClusterRegOp>(op))
    return reg.getReg() == "rank" || reg.getReg().starts_with("block_") ||
           reg.getReg().starts_with("id_");
  return false;
}

bool isSource(Operation *op) {
  // A lane's fragment registers and asm results differ per lane.
  return isa<ThreadIdOp, LaneIdOp, AtomicRMWOp, AtomicCASOp, ShflOp, VoteOp,
             MmaSyncOp, LdMatrixOp, InlineAsmOp>(op);
}

// Where a pointer points: a stack slot, a parameter of the function, or
// memory found otherwise (global, shared, constant, or a loaded pointer).
struct Root {
  Operation *slot = nullptr;
  int param = -1;
};

class Analysis {
public:
  explicit Analysis(ModuleOp module) {
    module.walk([&](Operation *op) {
      if (Region *body = bodyOf(op)) {
        functions.push_back(std::make_unique<Function>());
        Function &f = *functions.back();
        f.op = op;
        f.body = body;
        f.isKernel = isa<KernelOp>(op);
        byOp[op] = &f;
      }
    });
  }

  std::vector<DivergentBarrier> run() {
    for (auto &f : functions)
      prepare(*f);
    findSyncingFunctions();
    bool changed = true;
    for (int round = 0; changed && round < 1000; ++round) {
      changed = false;
      for (auto &f : functions)
        changed |= propagate(*f);
    }
    return std::move(found);
  }

private:
  // A barrier point whose execution depends on `mask`, decided by `branch`.
  struct Pending {
    Operation *sync;
    Operation *branch;
    std::string name;
    Taint mask;
  };
  struct Function {
    Operation *op;
    Region *body;
    bool isKernel = false;
    std::unique_ptr<PostDominanceInfo> postDom;
    DenseSet<Block *> reachable;
    DenseMap<Value, Taint> taint;
    DenseMap<Operation *, Taint> slots;
    // Control: the mask that decides whether a block runs, and the branch.
    DenseMap<Block *, std::pair<Taint, Operation *>> control;
    // Summaries read by callers.
    Taint returns = 0;
    SmallVector<Taint> writes; // what is written through parameter i
    bool syncs = false;           // reaches a barrier
    SmallVector<Pending> pending; // barriers that depend on parameters
  };

  static std::string functionName(Operation *fn) {
    if (auto name = fn->getAttrOfType<StringAttr>("alloy.name"))
      return name.str();
    return SymbolTable::getSymbolName(fn).str();
  }

  Function *calleeOf(Operation *op) {
    auto call = dyn_cast<func::CallOp>(op);
    if (!call)
      return nullptr;
    Operation *callee =
        symbols.lookupNearestSymbolFrom(call, call.getCalleeAttr());
    auto it = byOp.find(callee);
    return it == byOp.end() ? nullptr : it->second;
  }

  void prepare(Function &f) {
    f.postDom = std::make_unique<PostDominanceInfo>(f.op);
    SmallVector<Block *> work{&f.body->front()};
    while (!work.empty()) {
      Block *b = work.pop_back_val();
      if (f.reachable.insert(b).second)
        for (Block *s : b->getSuccessors())
          work.push_back(s);
    }
    f.writes.assign(f.body->getNumArguments(), 0);
    if (!f.isKernel)
      for (BlockArgument a : f.body->getArguments())
        f.taint[a] = valueBit(a.getArgNumber());
  }

  // Functions that reach a barrier, through calls too; fixed before the
  // masks propagate, so that early exits are decided once.
  void findSyncingFunctions() {
    bool changed = true;
    while (changed) {
      changed = false;
      for (auto &f : functions)
        if (!f->syncs)
          f->body->walk([&](Operation *op) {
            Function *callee = calleeOf(op);
            if (!f->syncs && (isa<BarrierOp, ClusterBarrierOp>(op) || (callee && callee->syncs)))
              f->syncs = changed = true;
          });
    }
  }

  // Reports `sync` once, wherever it was found.
  bool report(Operation *sync, Operation *branch, const std::string &name,
              bool byBlock = false) {
    if (!reported.insert(sync).second)
      return false;
    found.push_back({sync, branch, name, byBlock});
    return true;
  }

  static Taint get(Function &f, Value v) { return f.taint.lookup(v); }
  static bool add(Taint &to, Taint t) {
    Taint old = to;
    to |= t;
    return to != old;
  }
  bool addValue(Function &f, Value v, Taint t) {
    if (!t)
      return false;
    return add(f.taint[v], t);
  }

  Root rootOf(Function &f, Value p) {
    for (int depth = 0; depth < 64 && p; ++depth) {
      if (auto arg = dyn_cast<BlockArgument>(p)) {
        if (!f.isKernel && arg.getOwner() == &f.body->front())
          return {nullptr, int(arg.getArgNumber())};
        return {};
      }
      Operation *def = p.getDefiningOp();
      if (isa<AllocaOp>(def))
        return {def, -1};
      if (!isa<PtrAddOp, MemberAddrOp, AddrSpaceCastOp>(def))
        return {};
      p = def->getOperand(0);
    }
    return {};
  }

  // What the memory at `p` may depend on.
  Taint contents(Function &f, Value p) {
    Taint t = get(f, p);
    Root r = rootOf(f, p);
    if (r.slot)
      t |= f.slots.lookup(r.slot);
    else if (r.param >= 0)
      t |= contentBit(r.param) | f.writes[r.param];
    return t;
  }

  // Records that memory at `p` gets data depending on `t`.
  bool write(Function &f, Value p, Taint t) {
    if (!t)
      return false;
    Root r = rootOf(f, p);
    if (r.slot)
      return add(f.slots[r.slot], t);
    if (r.param >= 0)
      return add(f.writes[r.param], t);
    return false;
  }

  // A callee's mask in the caller's terms.
  Taint substitute(Function &f, Operation *call, Taint mask) {
    Taint t = mask & (kThread | kBlock);
    for (auto [i, arg] : llvm::enumerate(call->getOperands())) {
      if (mask & valueBit(i))
        t |= get(f, arg);
      if (mask & contentBit(i))
        t |= contents(f, arg);
    }
    return t;
  }

  bool propagate(Function &f) {
    bool changed = false;
    for (Block &block : *f.body) {
      if (!f.reachable.contains(&block))
        continue;
      auto control = f.control.lookup(&block);
      for (Operation &op : block)
        changed |= visit(f, &op, control.first, control.second);
    }
    changed |= findControl(f);
    return changed;
  }

  bool barrierPoint(Function &f, Operation *op, Taint control,
                    Operation *branch, const std::string &name) {
    bool cluster = isa<ClusterBarrierOp>(op);
    if (!cluster)
      control &= ~kBlock; // the same in every thread of a block
    if (!control)
      return false;
    if (control & kThread)
      return report(op, branch, name);
    if (control & kBlock)
      return report(op, branch, name, /*byBlock=*/true);
    for (Pending &p : f.pending)
      if (p.sync == op) {
        Taint old = p.mask;
        p.mask |= control;
        return p.mask != old;
      }
    f.pending.push_back({op, branch, name, control});
    return true;
  }

  bool visit(Function &f, Operation *op, Taint control, Operation *branch) {
    bool changed = false;
    auto operands = [&] {
      Taint t = 0;
      for (Value v : op->getOperands())
        t |= get(f, v);
      return t;
    };
    if (isBlockSource(op)) {
      for (Value r : op->getResults())
        changed |= addValue(f, r, kBlock);
      return changed;
    }
    if (isSource(op)) {
      for (Value r : op->getResults())
        changed |= addValue(f, r, kThread);
      if (isa<AtomicRMWOp, AtomicCASOp>(op))
        changed |= write(f, op->getOperand(0), kThread);
      return changed;
    }
    if (isa<ClusterBarrierOp>(op))
      return barrierPoint(f, op, control, branch,
                          "the cluster barrier (gpu::cluster::sync, arrive "
                          "or wait)");
    if (isa<BarrierOp>(op))
      return barrierPoint(f, op, control, branch, functionName(f.op));
    if (auto load = dyn_cast<LoadOp>(op))
      return addValue(f, load.getResult(), contents(f, load.getAddr()));
    if (auto load = dyn_cast<CachedLoadOp>(op))
      return addValue(f, load->getResult(0), contents(f, op->getOperand(0)));
    if (auto store = dyn_cast<StoreOp>(op))
      return write(f, store.getAddr(),
                   get(f, store.getValue()) | get(f, store.getAddr()) |
                       control);
    if (isa<MemcpyOp, MemmoveOp>(op))
      return write(f, op->getOperand(0),
                   contents(f, op->getOperand(1)) | operands() | control);
    if (isa<MemsetOp>(op))
      return write(f, op->getOperand(0), operands() | control);
    if (isa<StMatrixOp>(op)) // each lane's registers
      return write(f, op->getOperand(0), kThread);
    if (isa<CpAsyncOp>(op))
      return write(f, op->getOperand(0),
                   contents(f, op->getOperand(1)) | operands() | control);
    if (Function *callee = calleeOf(op)) {
      if (callee->syncs)
        changed |= barrierPoint(f, op, control, branch,
                                functionName(callee->op));
      for (Pending &p : callee->pending) {
        Taint m = substitute(f, op, p.mask);
        if (!isa<ClusterBarrierOp>(p.sync))
          m &= ~kBlock;
        if (m & kThread)
          changed |= report(p.sync, p.branch, p.name);
        else if (m & kBlock)
          changed |= report(p.sync, p.branch, p.name, /*byBlock=*/true);
        else if (m)
          changed |= barrierPoint(f, p.sync, m, p.branch, p.name);
      }
      Taint result = substitute(f, op, callee->returns);
      for (Value r : op->getResults())
        changed |= addValue(f, r, result);
      for (auto [i, arg] : llvm::enumerate(op->getOperands()))
        if (i < callee->writes.size() && callee->writes[i])
          changed |= write(f, arg,
                           substitute(f, op, callee->writes[i]) | control);
      return changed;
    }
    if (isa<func::CallOp>(op)) { // no body: results from the arguments
      for (Value r : op->getResults())
        changed |= addValue(f, r, operands());
      return changed;
    }
    if (isa<func::ReturnOp, ReturnOp>(op))
      return add(f.returns, operands() | control);
    if (auto br = dyn_cast<BranchOpInterface>(op)) {
      Taint decided = op->getNumSuccessors() > 1 ? operands() : 0;
      for (auto [i, succ] : llvm::enumerate(op->getSuccessors())) {
        SuccessorOperands in = br.getSuccessorOperands(i);
        Taint join = control & ~f.control.lookup(succ).first;
        for (unsigned a = 0; a < succ->getNumArguments(); ++a) {
          Taint t = decided | join;
          if (a < in.size() && in[a])
            t |= get(f, in[a]);
          changed |= addValue(f, succ->getArgument(a), t);
        }
      }
      return changed;
    }
    Taint t = operands();
    for (Value r : op->getResults())
      changed |= addValue(f, r, t);
    return changed;
  }

  Taint branchTaint(Function &f, Operation *term) {
    if (auto c = dyn_cast<cf::CondBranchOp>(term))
      return get(f, c.getCondition());
    if (auto s = dyn_cast<cf::SwitchOp>(term))
      return get(f, s.getFlag());
    return 0;
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

  // A kernel's branch that only lets some threads leave: one side never
  // joins the other again, reaches no barrier and ends the kernel.
  bool isEarlyExit(Function &f, Operation *term) {
    if (!f.isKernel || term->getNumSuccessors() != 2)
      return false;
    auto [cached, fresh] = earlyExits.try_emplace(term, false);
    if (fresh)
      cached->second = computeEarlyExit(term);
    return cached->second;
  }
  bool computeEarlyExit(Operation *term) {
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
          Function *callee = calleeOf(&op);
          syncs |= isa<BarrierOp, ClusterBarrierOp>(op) || (callee && callee->syncs);
        }
      if (returns && !syncs)
        return true;
    }
    return false;
  }

  // Blocks control dependent (post-dominance) on a branch get its mask
  // and the mask that decides the branch's own block.
  bool findControl(Function &f) {
    bool changed = false;
    for (Block &block : *f.body) {
      if (!f.reachable.contains(&block))
        continue;
      Operation *term = block.getTerminator();
      if (!term || term->getNumSuccessors() < 2)
        continue;
      auto [mask, reason] = f.control.lookup(&block);
      Taint own = branchTaint(f, term);
      if (own && !isEarlyExit(f, term)) {
        // The innermost thread-dependent branch explains best.
        if (!(mask & kThread) || (own & kThread))
          reason = term;
        mask |= own;
      }
      if (!mask)
        continue;
      DominanceInfoNode *self = f.postDom->getNode(&block);
      DominanceInfoNode *stop = self ? self->getIDom() : nullptr;
      for (Block *succ : term->getSuccessors())
        for (DominanceInfoNode *n = f.postDom->getNode(succ); n && n != stop;
             n = n->getIDom()) {
          Block *b = n->getBlock();
          if (!b || b == &block)
            break;
          auto &entry = f.control[b];
          if (add(entry.first, mask) || !entry.second) {
            entry.second = reason;
            changed = true;
          }
        }
    }
    return changed;
  }

  std::vector<std::unique_ptr<Function>> functions;
  DenseMap<Operation *, Function *> byOp;
  SymbolTableCollection symbols;
  DenseMap<Operation *, bool> earlyExits;
  DenseSet<Operation *> reported;
  std::vector<DivergentBarrier> found;
};

struct DivergentBarriersPass
    : alloy::impl::DivergentBarriersPassBase<DivergentBarriersPass> {
  void runOnOperation() override {
    for (const DivergentBarrier &d : findDivergentBarriers(getOperation())) {
      if (d.byBlock) {
        InFlightDiagnostic diag =
            d.sync->emitWarning()
            << "'" << d.name
            << "' synchronizes the cluster but may be reached by only some "
               "of its blocks: a branch on the block index decides whether "
               "it runs";
        diag.attachNote(d.branch->getLoc())
            << "this branch depends on the block index";
        continue;
      }
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
