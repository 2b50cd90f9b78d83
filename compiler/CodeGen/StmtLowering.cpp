// Statements: blocks, declarations, control flow.
#include "FunctionLowering.h"

#include "alloy/Dialect/Alloy/AlloyOps.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"

using namespace clang;

namespace alloy {

// Branches to `dest` unless the current block already ended.
static void branchTo(mlir::OpBuilder &b, FunctionLowering &fl,
                     mlir::Block *dest, mlir::Location l) {
  if (!fl.blockTerminated())
    mlir::cf::BranchOp::create(b, l, dest);
}

void FunctionLowering::emitVarDecl(const VarDecl *vd) {
  if (vd->isStaticLocal() || vd->getTLSKind() != VarDecl::TLS_None) {
    if (vd->isConstexpr() && types.isScalar(vd->getType()))
      return; // Uses fold to the constant.
    if (vd->isStaticLocal() && vd->getType().isConstQualified()) {
      locals[vd] = emitConstantVariable(vd, vd->getLocation());
      return;
    }
    module.error(vd->getLocation(),
                 "Alloy cannot compile static or thread_local local variables "
                 "in device code yet ('" +
                     vd->getName() + "')");
    return;
  }
  QualType t = vd->getType();
  if (const auto *rd = t->getAsCXXRecordDecl())
    for (const auto *a : rd->specific_attrs<AnnotateAttr>())
      if (a->getAnnotation() == kSharedArrayAnnotation) {
        emitSharedArray(vd);
        return;
      }
  if (t->isReferenceType()) {
    const Expr *init = vd->getInit();
    if (!init) {
      module.error(vd->getLocation(), "a reference needs an initializer");
      return;
    }
    references[vd] = emitLValue(init);
    return;
  }
  if (!types.isScalar(t) && !types.isAggregate(t)) {
    module.error(vd->getLocation(), "Alloy cannot compile a local of type '" +
                                        t.getAsString() + "' in device code");
    return;
  }
  if (const auto *rd = t->getAsCXXRecordDecl())
    if (rd->hasDefinition() && !rd->hasTrivialDestructor()) {
      module.error(vd->getLocation(),
                   "Alloy cannot compile locals with a non-trivial destructor "
                   "in device code yet ('" +
                       t.getAsString() + "')");
      return;
    }
  Address slot = createTemp(t, vd->getName());
  locals[vd] = slot;
  if (const Expr *init = vd->getInit())
    emitInitInto(init, slot, t);
}

// A gpu::shared_array declaration: one array per block in shared memory,
// the same storage however often the declaration is reached.
void FunctionLowering::emitSharedArray(const VarDecl *vd) {
  QualType t = vd->getType();
  const auto *init = dyn_cast_or_null<CXXConstructExpr>(vd->getInit());
  if (vd->getInit() && !(init && init->getConstructor()->isTrivial() &&
                         init->getConstructor()->isDefaultConstructor() &&
                         !init->requiresZeroInitialization())) {
    module.error(vd->getLocation(),
                 "a gpu::shared_array cannot have an initializer: shared "
                 "memory starts uninitialized, as in CUDA");
  }
  uint64_t align = types.alignOf(t);
  std::string name =
      module.createSharedMemory(fn, vd, types.memoryType(t), align);
  mlir::Location l = loc(vd->getLocation());
  mlir::Value shared = SharedAddressOp::create(b, l, name);
  locals[vd] = Address{
      AddrSpaceCastOp::create(b, l, types.pointerType(), shared), align};
}

void FunctionLowering::emitReturn(const ReturnStmt *s) {
  mlir::Location l = loc(s->getReturnLoc());
  const Expr *value = s->getRetValue();
  if (isKernel) {
    if (value)
      emitIgnored(value);
    ReturnOp::create(b, l);
    startDeadBlock();
    return;
  }
  QualType ret = fn->getReturnType();
  llvm::SmallVector<mlir::Value, 1> results;
  if (value) {
    if (ret->isVoidType())
      emitIgnored(value);
    else if (ret->isReferenceType())
      results.push_back(emitLValue(value).ptr);
    else if (types.isAggregate(ret))
      emitAggregateInto(value, sretAddr);
    else
      results.push_back(emitScalar(value));
  }
  if (blockTerminated())
    return;
  mlir::func::ReturnOp::create(b, l, results);
  startDeadBlock();
}

namespace {
// Structured loops share one shape: cond -> body -> step -> cond.
struct LoopBlocks {
  mlir::Block *cond, *body, *step, *exit;
};
} // namespace

// The case labels of a switch, in order, not those of nested switches.
static void collectCases(const Stmt *s,
                         llvm::SmallVectorImpl<const SwitchCase *> &cases) {
  if (!s || isa<SwitchStmt>(s))
    return;
  if (const auto *sc = dyn_cast<SwitchCase>(s))
    cases.push_back(sc);
  for (const Stmt *child : s->children())
    collectCases(child, cases);
}

void FunctionLowering::emitSwitch(const SwitchStmt *s) {
  mlir::Location l = loc(s->getSwitchLoc());
  emitStmt(s->getInit());
  if (const VarDecl *cv = s->getConditionVariable())
    emitVarDecl(cv);
  mlir::Value flag = emitScalar(s->getCond());
  llvm::SmallVector<const SwitchCase *, 16> cases;
  collectCases(s->getBody(), cases);
  mlir::Block *exit = newBlock();
  mlir::Block *defaultBlock = exit;
  llvm::SmallVector<llvm::APInt, 16> values;
  llvm::SmallVector<mlir::Block *, 16> dests;
  for (const SwitchCase *sc : cases) {
    mlir::Block *block = newBlock();
    caseBlocks[sc] = block;
    if (isa<DefaultStmt>(sc)) {
      defaultBlock = block;
      continue;
    }
    const auto *cs = cast<CaseStmt>(sc);
    if (cs->caseStmtIsGNURange()) {
      unsupported(cs, "a case range");
      return;
    }
    llvm::APSInt v = cs->getLHS()->EvaluateKnownConstInt(ast);
    values.push_back(v.extOrTrunc(flag.getType().getIntOrFloatBitWidth()));
    dests.push_back(block);
  }
  llvm::SmallVector<mlir::ValueRange, 16> noOperands(dests.size());
  mlir::cf::SwitchOp::create(b, l, flag, defaultBlock, mlir::ValueRange{},
                             values, dests, noOperands);
  // Code before the first label is unreachable.
  startDeadBlock();
  jumps.push_back({exit, jumps.empty() ? nullptr : jumps.back().continueTo});
  emitStmt(s->getBody());
  jumps.pop_back();
  branchTo(b, *this, exit, l);
  b.setInsertionPointToEnd(exit);
}

mlir::Block *FunctionLowering::labelBlock(const LabelDecl *label) {
  mlir::Block *&block = labels[label];
  if (!block)
    block = newBlock();
  return block;
}

void FunctionLowering::emitStmt(const Stmt *s) {
  if (!s)
    return;
  mlir::Location l = loc(s->getBeginLoc());
  switch (s->getStmtClass()) {
  case Stmt::CompoundStmtClass:
    for (const Stmt *child : cast<CompoundStmt>(s)->body()) {
      // Errors are reported statement by statement; past a few in one
      // function the rest is noise.
      if (module.errorCount() > errorsAtStart + 8)
        return;
      emitStmt(child);
    }
    return;
  case Stmt::NullStmtClass:
    return;
  case Stmt::DeclStmtClass:
    for (const Decl *d : cast<DeclStmt>(s)->decls())
      if (const auto *vd = dyn_cast<VarDecl>(d))
        emitVarDecl(vd);
    return;
  case Stmt::ReturnStmtClass:
    emitReturn(cast<ReturnStmt>(s));
    return;
  case Stmt::AttributedStmtClass:
    emitStmt(cast<AttributedStmt>(s)->getSubStmt());
    return;
  case Stmt::IfStmtClass: {
    const auto *is = cast<IfStmt>(s);
    if (is->isConsteval()) {
      // Device code never runs in a constant evaluation.
      emitStmt(is->isNegatedConsteval() ? is->getThen() : is->getElse());
      return;
    }
    emitStmt(is->getInit());
    if (const VarDecl *cv = is->getConditionVariable())
      emitVarDecl(cv);
    if (is->isConstexpr()) {
      bool taken = false;
      if (!is->getCond()->EvaluateAsBooleanCondition(taken, ast)) {
        unsupported(is->getCond(), "this 'if constexpr' condition");
        return;
      }
      emitStmt(taken ? is->getThen() : is->getElse());
      return;
    }
    mlir::Value cond = emitCondition(is->getCond());
    mlir::Block *thenBlock = newBlock();
    mlir::Block *elseBlock = is->getElse() ? newBlock() : nullptr;
    mlir::Block *merge = newBlock();
    mlir::cf::CondBranchOp::create(b, l, cond, thenBlock,
                                   elseBlock ? elseBlock : merge);
    b.setInsertionPointToEnd(thenBlock);
    emitStmt(is->getThen());
    branchTo(b, *this, merge, l);
    if (elseBlock) {
      b.setInsertionPointToEnd(elseBlock);
      emitStmt(is->getElse());
      branchTo(b, *this, merge, l);
    }
    b.setInsertionPointToEnd(merge);
    return;
  }
  case Stmt::WhileStmtClass:
  case Stmt::ForStmtClass:
  case Stmt::CXXForRangeStmtClass:
  case Stmt::DoStmtClass: {
    const Stmt *init = nullptr, *body = nullptr;
    const Expr *cond = nullptr, *inc = nullptr;
    const VarDecl *condVar = nullptr;
    const Stmt *loopVar = nullptr;
    bool isDo = false;
    if (const auto *ws = dyn_cast<WhileStmt>(s)) {
      cond = ws->getCond();
      condVar = ws->getConditionVariable();
      body = ws->getBody();
    } else if (const auto *fs = dyn_cast<ForStmt>(s)) {
      init = fs->getInit();
      cond = fs->getCond();
      condVar = fs->getConditionVariable();
      inc = fs->getInc();
      body = fs->getBody();
    } else if (const auto *rs = dyn_cast<CXXForRangeStmt>(s)) {
      emitStmt(rs->getInit());
      emitStmt(rs->getRangeStmt());
      emitStmt(rs->getBeginStmt());
      init = rs->getEndStmt();
      cond = rs->getCond();
      inc = rs->getInc();
      loopVar = rs->getLoopVarStmt();
      body = rs->getBody();
    } else {
      const auto *ds = cast<DoStmt>(s);
      cond = ds->getCond();
      body = ds->getBody();
      isDo = true;
    }
    emitStmt(init);
    LoopBlocks lb{newBlock(), newBlock(), newBlock(), newBlock()};
    mlir::cf::BranchOp::create(b, l, isDo ? lb.body : lb.cond);
    b.setInsertionPointToEnd(lb.cond);
    if (condVar)
      emitVarDecl(condVar);
    if (cond) {
      mlir::Value c = emitCondition(cond);
      mlir::cf::CondBranchOp::create(b, l, c, lb.body, lb.exit);
    } else {
      mlir::cf::BranchOp::create(b, l, lb.body);
    }
    b.setInsertionPointToEnd(lb.body);
    jumps.push_back({lb.exit, lb.step});
    emitStmt(loopVar);
    emitStmt(body);
    jumps.pop_back();
    branchTo(b, *this, lb.step, l);
    b.setInsertionPointToEnd(lb.step);
    if (inc)
      emitIgnored(inc);
    mlir::cf::BranchOp::create(b, l, lb.cond);
    b.setInsertionPointToEnd(lb.exit);
    return;
  }
  case Stmt::BreakStmtClass:
  case Stmt::ContinueStmtClass: {
    if (jumps.empty()) {
      unsupported(s, "this jump");
      return;
    }
    bool isBreak = isa<BreakStmt>(s);
    mlir::Block *dest =
        isBreak ? jumps.back().breakTo : jumps.back().continueTo;
    if (!dest) {
      unsupported(s, "'continue' here");
      return;
    }
    mlir::cf::BranchOp::create(b, l, dest);
    startDeadBlock();
    return;
  }
  case Stmt::CXXTryStmtClass:
    unsupported(s, "a try block (exceptions cannot be used on the GPU)");
    return;
  case Stmt::GCCAsmStmtClass:
  case Stmt::MSAsmStmtClass:
    unsupported(s, "inline assembly");
    return;
  case Stmt::SwitchStmtClass:
    emitSwitch(cast<SwitchStmt>(s));
    return;
  case Stmt::CaseStmtClass:
  case Stmt::DefaultStmtClass: {
    // Falls through from the case above; cf.switch jumps here directly.
    const auto *sc = cast<SwitchCase>(s);
    mlir::Block *block = caseBlocks.lookup(sc);
    if (!block) {
      unsupported(s, "this case label");
      return;
    }
    branchTo(b, *this, block, l);
    b.setInsertionPointToEnd(block);
    emitStmt(sc->getSubStmt());
    return;
  }
  case Stmt::LabelStmtClass: {
    const auto *ls = cast<LabelStmt>(s);
    mlir::Block *block = labelBlock(ls->getDecl());
    branchTo(b, *this, block, l);
    b.setInsertionPointToEnd(block);
    emitStmt(ls->getSubStmt());
    return;
  }
  case Stmt::GotoStmtClass:
    mlir::cf::BranchOp::create(b, l, labelBlock(cast<GotoStmt>(s)->getLabel()));
    startDeadBlock();
    return;
  case Stmt::IndirectGotoStmtClass:
    unsupported(s, "a computed goto");
    return;
  default:
    break;
  }
  if (const auto *e = dyn_cast<Expr>(s)) {
    emitIgnored(e);
    return;
  }
  unsupported(s, llvm::Twine("a '") + s->getStmtClassName() + "' statement");
}

} // namespace alloy
