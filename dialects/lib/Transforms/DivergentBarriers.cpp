//===- DivergentBarriers.cpp - Barriers only some threads reach -----------===//

#include "alloy/Transforms/DivergentBarriers.h"
#include "alloy/Dialect/Alloy/AlloyOps.h"
#include "alloy/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/DenseSet.h"

namespace alloy {
#define GEN_PASS_DEF_DIVERGENTBARRIERSPASS
#include "alloy/Transforms/Passes.h.inc"
} // namespace alloy

using namespace mlir;
using namespace alloy;

namespace {

// What a value may depend on, as a bit mask: kThread for what may differ
// between the lanes of a warp (lane index, atomics, most shuffles); for a
// device function's parameter i, valueBit(i) for its value and
// contentBit(i) for the memory it points to. Summaries in terms of
// parameters make the analysis context sensitive: a call substitutes its
// arguments' masks.
using Taint = uint64_t;
constexpr Taint kThread = Taint(1) << 63;
// The block's index (and a block's rank in its cluster): uniform in a
// block, so harmless to block barriers, but a cluster barrier that only
// some blocks of the cluster reach hangs.
constexpr Taint kBlock = Taint(1) << 62;
// The same on every lane of a warp but not across the block: tid.x / 32,
// tid.x < 64, tid.y, votes, a shuffle from one lane, warpgroup_index().
// The thread-index forms assume that a warp lies in one row of the block
// (a 1-D block, or a block_dim().x that is a multiple of 32).
constexpr Taint kWarp = Taint(1) << 61;
// Exactly the thread's x index (or its rank in the block): divided by a
// multiple of 32 or compared with one it is kWarp; otherwise kThread.
constexpr Taint kTidX = Taint(1) << 60;
constexpr Taint kThreadBits = kThread | kWarp | kTidX;
constexpr unsigned kMaxParams = 30;
Taint valueBit(unsigned i) {
  return i < kMaxParams ? Taint(1) << (2 * i) : kThread;
}
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

// The mask of a source of thread-dependent values, or 0.
Taint sourceTaint(Operation *op) {
  if (auto tid = dyn_cast<ThreadIdOp>(op))
    return tid.getDim() == Dim::x ? kTidX : kWarp;
  if (isa<VoteOp, ReduxOp>(op))
    return kWarp;
  if (auto shfl = dyn_cast<ShflOp>(op)) // idx: Analysis::visit
    return shfl.getKind() == ShflKind::idx ? 0 : kThread;
  if (auto inlineAsm = dyn_cast<InlineAsmOp>(op))
    return inlineAsm.getAsmTemplate().contains("alloy-warpgroup-uniform")
               ? kWarp
               : kThread;
  // A lane's fragment registers differ per lane; elect_sync is true on one.
  if (isa<LaneIdOp, AtomicRMWOp, AtomicCASOp, MmaSyncOp, LdMatrixOp,
          ElectSyncOp>(op))
    return kThread;
  return 0;
}

// kTidX as kThread: the index deciding a branch, or passed on.
Taint laneIfIndex(Taint t) { return t & kTidX ? (t & ~kTidX) | kThread : t; }

std::optional<int64_t> constantOf(Value v) {
  APInt c;
  if (matchPattern(v, m_ConstantInt(&c)) && c.getBitWidth() <= 64)
    return c.getSExtValue();
  return std::nullopt;
}

// Whether `op` keeps its operand's value (a widening or a cast), so that
// kTidX survives it.
bool keepsValue(Operation *op) {
  if (isa<arith::ExtUIOp, arith::ExtSIOp, arith::IndexCastOp,
          arith::IndexCastUIOp>(op))
    return true;
  if (auto trunc = dyn_cast<arith::TruncIOp>(op))
    return trunc.getType().getIntOrFloatBitWidth() >= 16; // tid.x < 1024
  return false;
}

// The predicate with its operands exchanged: a < b is b > a.
arith::CmpIPredicate swapped(arith::CmpIPredicate p) {
  using P = arith::CmpIPredicate;
  static constexpr P pairs[][2] = {
      {P::ult, P::ugt}, {P::ule, P::uge}, {P::slt, P::sgt}, {P::sle, P::sge}};
  for (auto [a, b] : pairs) {
    if (p == a)
      return b;
    if (p == b)
      return a;
  }
  return p;
}

// Whether `op` maps the thread's x index to something the same on the
// lanes of a warp: a quotient by a multiple of 32, a shift by 5 or more, a
// mask that clears the low 5 bits, an order comparison with a multiple of
// 32 (t < 64, t >= 32, t <= 31). `x` is the operand that carries kTidX.
bool selectsWarp(Operation *op, Value x) {
  auto other = [&]() -> std::optional<int64_t> {
    for (Value v : op->getOperands())
      if (v != x)
        return constantOf(v);
    return std::nullopt;
  };
  if (op->getNumOperands() != 2 || op->getOperand(0) == op->getOperand(1))
    return false;
  std::optional<int64_t> c = other();
  if (!c)
    return false;
  bool xFirst = op->getOperand(0) == x;
  if (isa<arith::DivUIOp, arith::DivSIOp>(op))
    return xFirst && *c > 0 && *c % 32 == 0;
  if (isa<arith::ShRUIOp, arith::ShRSIOp>(op))
    return xFirst && *c >= 5;
  if (isa<arith::AndIOp>(op))
    return (*c & 31) == 0;
  if (auto cmp = dyn_cast<arith::CmpIOp>(op)) {
    arith::CmpIPredicate p = cmp.getPredicate();
    if (!xFirst) // 64 > t is t < 64
      p = swapped(p);
    switch (p) {
    case arith::CmpIPredicate::ult:
    case arith::CmpIPredicate::slt:
    case arith::CmpIPredicate::uge:
    case arith::CmpIPredicate::sge:
      return *c % 32 == 0;
    case arith::CmpIPredicate::ule:
    case arith::CmpIPredicate::sle:
    case arith::CmpIPredicate::ugt:
    case arith::CmpIPredicate::sgt:
      return (*c + 1) % 32 == 0;
    default:
      return false;
    }
  }
  return false;
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
  // What a point needs: the block's threads, the cluster's blocks, or the
  // warp's lanes (elect_one) to reach it together.
  enum class Kind { block, cluster, warp };
  // A barrier point whose execution depends on `mask`, decided by `branch`.
  struct Pending {
    Operation *sync;
    Operation *branch;
    std::string name;
    Taint mask;
    Kind kind;
  };
  // What decides whether a block runs: the mask, the innermost branch on
  // the thread and the innermost one that may differ within a warp.
  struct Control {
    Taint mask = 0;
    Operation *reason = nullptr;
    Operation *laneReason = nullptr;
  };
  struct Function {
    Operation *op;
    Region *body;
    bool isKernel = false;
    std::unique_ptr<PostDominanceInfo> postDom;
    DenseSet<Block *> reachable;
    DenseMap<Value, Taint> taint;
    DenseMap<Operation *, Taint> slots;
    DenseMap<Block *, Control> control;
    // Summaries read by callers.
    Taint returns = 0;
    SmallVector<Taint> writes;    // what is written through parameter i
    bool syncs = false;           // reaches a barrier
    bool elects = false;          // reaches elect_one
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

  // Functions that reach a barrier or an election, through calls too;
  // fixed before the masks propagate, so that early exits are decided once.
  void findSyncingFunctions() {
    bool changed = true;
    while (changed) {
      changed = false;
      for (auto &f : functions)
        if (!f->syncs || !f->elects)
          f->body->walk([&](Operation *op) {
            Function *callee = calleeOf(op);
            if (!f->syncs && (isa<BarrierOp, ClusterBarrierOp>(op) ||
                              (callee && callee->syncs)))
              f->syncs = changed = true;
            if (!f->elects &&
                (isa<ElectSyncOp>(op) || (callee && callee->elects)))
              f->elects = changed = true;
          });
    }
  }

  // Reports `sync` once, wherever it was found.
  bool report(Operation *sync, Operation *branch, const std::string &name,
              Kind kind, bool byBlock = false) {
    if (!reported.insert({sync, int(kind)}).second)
      return false;
    found.push_back({sync, branch, name, byBlock, kind == Kind::warp});
    return true;
  }

  // The part of `control` that matters to a point of this kind.
  static Taint relevant(Taint control, Kind kind) {
    control = laneIfIndex(control);
    if (kind != Kind::cluster)
      control &= ~kBlock; // the same in every thread of a block
    if (kind == Kind::warp)
      control &= ~kWarp; // the same on the lanes of a warp
    return control;
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
    Taint t = mask & (kThreadBits | kBlock);
    Taint fromArgs = 0;
    for (auto [i, arg] : llvm::enumerate(call->getOperands())) {
      if (mask & valueBit(i))
        fromArgs |= get(f, arg);
      if (mask & contentBit(i))
        fromArgs |= contents(f, arg);
    }
    // What the callee computed from an index is not the index.
    return t | laneIfIndex(fromArgs);
  }

  bool propagate(Function &f) {
    bool changed = false;
    for (Block &block : *f.body) {
      if (!f.reachable.contains(&block))
        continue;
      Control control = f.control.lookup(&block);
      for (Operation &op : block)
        changed |= visit(f, &op, control);
    }
    changed |= findControl(f);
    return changed;
  }

  bool barrierPoint(Function &f, Operation *op, Kind kind, const Control &c,
                    const std::string &name) {
    Taint control = relevant(c.mask, kind);
    if (!control)
      return false;
    Operation *branch =
        kind == Kind::warp && c.laneReason ? c.laneReason : c.reason;
    // Decided here (thread or block), or by the function's parameters.
    if (control & (kThread | kWarp))
      return report(op, branch, name, kind);
    if (control & kBlock)
      return report(op, branch, name, kind, /*byBlock=*/true);
    for (Pending &p : f.pending)
      if (p.sync == op && p.kind == kind) {
        Taint old = p.mask;
        p.mask |= control;
        return p.mask != old;
      }
    f.pending.push_back({op, branch, name, control, kind});
    return true;
  }

  bool visit(Function &f, Operation *op, const Control &c) {
    Taint control = c.mask;
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
    if (isa<ElectSyncOp>(op))
      changed |= barrierPoint(f, op, Kind::warp, c, functionName(f.op));
    if (Taint source = sourceTaint(op)) {
      for (Value r : op->getResults())
        changed |= addValue(f, r, source);
      if (isa<AtomicRMWOp, AtomicCASOp>(op))
        changed |= write(f, op->getOperand(0), kThread);
      return changed;
    }
    if (auto shfl = dyn_cast<ShflOp>(op)) {
      // One lane's value for the whole warp when every lane names the same
      // source lane (CUTLASS's warp index idiom). (The value's own mask
      // is left out: a parameter's would make the result the lane's again.)
      Taint source = laneIfIndex(get(f, shfl.getLane()));
      return addValue(f, shfl.getResult(),
                      kWarp | source | (get(f, shfl.getValue()) & kBlock));
    }
    if (isa<ClusterBarrierOp>(op))
      return barrierPoint(f, op, Kind::cluster, c,
                          "the cluster barrier (gpu::cluster::sync, arrive "
                          "or wait)");
    if (isa<BarrierOp>(op))
      return barrierPoint(f, op, Kind::block, c, functionName(f.op));
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
        changed |=
            barrierPoint(f, op, Kind::block, c, functionName(callee->op));
      if (callee->elects)
        changed |= barrierPoint(f, op, Kind::warp, c, functionName(callee->op));
      // The callee's points that its parameters decide, in our terms.
      for (Pending &p : callee->pending)
        changed |= barrierPoint(f, p.sync, p.kind,
                                {substitute(f, op, p.mask), p.branch, p.branch},
                                p.name);
      Taint result = substitute(f, op, callee->returns);
      for (Value r : op->getResults())
        changed |= addValue(f, r, result);
      for (auto [i, arg] : llvm::enumerate(op->getOperands()))
        if (i < callee->writes.size() && callee->writes[i])
          changed |=
              write(f, arg, substitute(f, op, callee->writes[i]) | control);
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
      decided = laneIfIndex(decided);
      for (auto [i, succ] : llvm::enumerate(op->getSuccessors())) {
        SuccessorOperands in = br.getSuccessorOperands(i);
        Taint join = control & ~f.control.lookup(succ).mask;
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
    if (t & kTidX)
      t = fromThreadX(f, op);
    for (Value r : op->getResults())
      changed |= addValue(f, r, t);
    return changed;
  }

  // The mask of an operation's result when an operand is kTidX: kWarp when
  // it selects a warp (selectsWarp), kTidX when it keeps the index (a cast,
  // or the rank tid.x + block_dim.x * row with row warp-uniform), else
  // kThread.
  Taint fromThreadX(Function &f, Operation *op) {
    Taint t = 0;
    Value x;
    for (Value v : op->getOperands()) {
      Taint vt = get(f, v);
      if (vt & kTidX)
        x = v;
      t |= vt;
    }
    Taint rest = t & ~kTidX;
    if (rest & kThread)
      return t & ~kTidX;
    if (keepsValue(op))
      return t;
    if (selectsWarp(op, x))
      return rest | kWarp;
    if (isa<arith::AddIOp>(op) && op->getOperand(0) != op->getOperand(1)) {
      Value row =
          op->getOperand(0) == x ? op->getOperand(1) : op->getOperand(0);
      auto mul = row.getDefiningOp<arith::MulIOp>();
      // Not blockIdx.x * block_dim.x + tid.x: its quotient is not.
      if (mul && (get(f, row) & kWarp) && !(get(f, row) & kTidX))
        for (Value factor : mul->getOperands())
          if (auto dim = factor.getDefiningOp<BlockDimOp>();
              dim && dim.getDim() == Dim::x)
            return t;
    }
    return rest | kThread;
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
          syncs |=
              isa<BarrierOp, ClusterBarrierOp>(op) || (callee && callee->syncs);
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
      auto [mask, reason, laneReason] = f.control.lookup(&block);
      Taint own = branchTaint(f, term);
      own = laneIfIndex(own); // the index itself differs on each lane
      if (own && !isEarlyExit(f, term)) {
        // The innermost thread-dependent branch explains best.
        if (!(mask & (kThread | kWarp)) || (own & (kThread | kWarp)))
          reason = term;
        if (own & kThread)
          laneReason = term;
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
          Control &entry = f.control[b];
          if (add(entry.mask, mask) || !entry.reason) {
            entry.reason = reason;
            changed = true;
          }
          if (laneReason && !entry.laneReason) {
            entry.laneReason = laneReason;
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
  DenseSet<std::pair<Operation *, int>> reported;
  std::vector<DivergentBarrier> found;
};

struct DivergentBarriersPass
    : alloy::impl::DivergentBarriersPassBase<DivergentBarriersPass> {
  void runOnOperation() override {
    for (const DivergentBarrier &d : findDivergentBarriers(getOperation())) {
      // Which threads the barrier waits for, and what its branch reads.
      StringRef problem, branch;
      if (d.byLane) {
        problem = "needs every lane of the warp but may be reached by only "
                  "some of them: a branch that can differ between the lanes "
                  "of a warp decides whether it runs";
        branch = "this branch may differ between the lanes of a warp";
      } else if (d.byBlock) {
        problem = "synchronizes the cluster but may be reached by only some "
                  "of its blocks: a branch on the block index decides "
                  "whether it runs";
        branch = "this branch depends on the block index";
      } else {
        problem = "synchronizes the block but may be reached by only some of "
                  "its threads: a branch on the thread index decides whether "
                  "it runs";
        branch = "this branch depends on the thread index";
      }
      InFlightDiagnostic diag = d.sync->emitWarning()
                                << "'" << d.name << "' " << problem;
      diag.attachNote(d.branch->getLoc()) << branch;
    }
    markAllAnalysesPreserved();
  }
};

} // namespace

std::vector<DivergentBarrier>
alloy::findDivergentBarriers(mlir::ModuleOp module) {
  return Analysis(module).run();
}
