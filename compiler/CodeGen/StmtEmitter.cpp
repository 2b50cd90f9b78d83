// Statements: one visitor method per AST node; structured control flow
// becomes cf.br / cf.cond_br / cf.switch, with cleanups on every exit.
#include "Basic/ASTUtils.h"
#include "Basic/ConstantBytes.h"
#include "Basic/InternalError.h"
#include "Basic/StmtKinds.h"
#include "FunctionEmitter.h"
#include "LoopHints.h"
#include "UpstreamOps.h"

#include "alloy/Dialect/Alloy/AlloyOps.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/StmtVisitor.h"

using namespace clang;

namespace alloy {
namespace {

class StmtEmitter : public ConstStmtVisitor<StmtEmitter> {
public:
  explicit StmtEmitter(FunctionEmitter &fe)
      : fe(fe), b(fe.b), ast(fe.ast) {}

  mlir::Location loc(const Stmt *s) { return fe.loc(s->getBeginLoc()); }

  // Expression statements; the checker has rejected everything else.
  void VisitStmt(const Stmt *s) {
    const auto *e = dyn_cast<Expr>(s);
    ALLOY_CHECK(e && "Sema/DeviceCodeChecker rejects this statement");
    fe.emitIgnoredExpr(e);
  }
  void VisitNullStmt(const NullStmt *) {}
  void VisitGCCAsmStmt(const GCCAsmStmt *s) { fe.emitAsmStmt(s); }
  void VisitCompoundStmt(const CompoundStmt *s) {
    FunctionEmitter::CleanupScope scope(fe);
    for (const Stmt *child : s->body())
      fe.emitStmt(child);
  }
  void VisitDeclStmt(const DeclStmt *s) {
    for (const Decl *d : s->decls())
      if (const auto *vd = dyn_cast<VarDecl>(d))
        fe.emitVarDecl(vd);
  }
  void VisitReturnStmt(const ReturnStmt *s);
  void VisitAttributedStmt(const AttributedStmt *s);
  void VisitIfStmt(const IfStmt *s) { emitIf(s, nullptr); }
  void VisitWhileStmt(const WhileStmt *s) { emitLoop(s, {}); }
  void VisitDoStmt(const DoStmt *s) { emitLoop(s, {}); }
  void VisitForStmt(const ForStmt *s) { emitLoop(s, {}); }
  void VisitCXXForRangeStmt(const CXXForRangeStmt *s) { emitLoop(s, {}); }
  void VisitBreakStmt(const BreakStmt *s) {
    jump(fe.jumps.back().breakTo, loc(s));
  }
  void VisitContinueStmt(const ContinueStmt *s) {
    // The innermost loop's (a switch has none).
    for (auto it = fe.jumps.rbegin(); it != fe.jumps.rend(); ++it)
      if (it->continueTo.block)
        return jump(it->continueTo, loc(s));
    ALLOY_UNREACHABLE("continue outside a loop");
  }
  void VisitSwitchStmt(const SwitchStmt *s);
  void VisitSwitchCase(const SwitchCase *s) {
    // Falls through from the case above; cf.switch jumps here directly.
    mlir::Block *block = fe.caseBlocks.lookup(s);
    fe.branchTo(block, loc(s));
    b.setInsertionPointToEnd(block);
    fe.emitStmt(s->getSubStmt());
  }
  void VisitLabelStmt(const LabelStmt *s) {
    mlir::Block *block = labelBlock(s->getDecl());
    fe.branchTo(block, loc(s));
    b.setInsertionPointToEnd(block);
    fe.emitStmt(s->getSubStmt());
  }
  void VisitGotoStmt(const GotoStmt *s);

  // `if`, with [[likely]]/[[unlikely]] on its branches as branch weights.
  void emitIf(const IfStmt *s, const Attr *hint);
  // The loops share one shape: cond -> body -> step -> cond; loop hints
  // annotate the back edges.
  void emitLoop(const Stmt *s, llvm::ArrayRef<const Attr *> attrs);

private:
  void jump(const JumpTarget &target, mlir::Location l) {
    fe.emitCleanupsTo(target.cleanupDepth);
    fe.branchTo(target.block, l);
    fe.startDeadBlock();
  }
  mlir::Block *labelBlock(const LabelDecl *label) {
    mlir::Block *&block = fe.labels[label];
    if (!block)
      block = fe.newBlock();
    return block;
  }

  FunctionEmitter &fe;
  mlir::OpBuilder &b;
  ASTContext &ast;
};

#define ALLOY_VISITOR StmtEmitter
#include "Basic/EmitterVisitsLowered.inc"

void StmtEmitter::VisitReturnStmt(const ReturnStmt *s) {
  mlir::Location l = loc(s);
  const Expr *value = s->getRetValue();
  llvm::SmallVector<mlir::Value, 1> results;
  if (value) {
    QualType ret = fe.isKernel ? ast.VoidTy : fe.fn->getReturnType();
    if (ret->isVoidType())
      fe.emitIgnoredExpr(value);
    else if (ret->isReferenceType())
      results.push_back(fe.emitAddress(value).ptr);
    else if (fe.types.isAggregate(ret))
      fe.emitAggregateExpr(value, fe.returnSlot);
    else
      results.push_back(fe.emitScalarExpr(value));
  }
  // The value is computed; now the locals die.
  fe.emitCleanupsTo(0);
  if (fe.blockTerminated())
    return;
  if (fe.isKernel)
    ReturnOp::create(b, l);
  else
    mlir::func::ReturnOp::create(b, l, results);
  fe.startDeadBlock();
}

void StmtEmitter::VisitAttributedStmt(const AttributedStmt *s) {
  const Stmt *sub = s->getSubStmt();
  llvm::SmallVector<const Attr *, 2> loopHints;
  for (const Attr *a : s->getAttrs()) {
    if (isa<LoopHintAttr>(a))
      loopHints.push_back(a);
    else if (const auto *assume = dyn_cast<CXXAssumeAttr>(a))
      createAssume(b, fe.loc(a->getLocation()),
                   fe.emitCondition(assume->getAssumption()));
  }
  if (!loopHints.empty() &&
      isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(sub))
    return emitLoop(sub, loopHints);
  fe.emitStmt(sub);
}

void StmtEmitter::emitIf(const IfStmt *s, const Attr *) {
  mlir::Location l = loc(s);
  std::optional<const Stmt *> only = onlyReachedArm(s, ast);
  if (s->isConsteval()) { // device code never runs in a constant evaluation
    fe.emitStmt(*only);
    return;
  }
  FunctionEmitter::CleanupScope scope(fe);
  fe.emitStmt(s->getInit());
  if (const VarDecl *cv = s->getConditionVariable())
    fe.emitVarDecl(cv);
  if (only) {
    fe.emitStmt(*only);
    return;
  }
  mlir::Value cond = fe.emitCondition(s->getCond());
  mlir::Block *thenBlock = fe.newBlock();
  mlir::Block *elseBlock = s->getElse() ? fe.newBlock() : nullptr;
  mlir::Block *merge = fe.newBlock();
  auto branch = mlir::cf::CondBranchOp::create(b, l, cond, thenBlock,
                                               elseBlock ? elseBlock : merge);
  // [[likely]] / [[unlikely]] on a branch: the weights clang gives them.
  auto hintOf = [](const Stmt *arm) -> int {
    const auto *as = dyn_cast_or_null<AttributedStmt>(arm);
    if (!as)
      return 0;
    for (const Attr *a : as->getAttrs()) {
      if (isa<LikelyAttr>(a))
        return 1;
      if (isa<UnlikelyAttr>(a))
        return -1;
    }
    return 0;
  };
  int hint = hintOf(s->getThen()) - hintOf(s->getElse());
  if (hint != 0)
    branch.setWeights(hint > 0 ? llvm::ArrayRef<int32_t>{2000, 1}
                               : llvm::ArrayRef<int32_t>{1, 2000});
  b.setInsertionPointToEnd(thenBlock);
  fe.emitStmt(s->getThen());
  fe.branchTo(merge, l);
  if (elseBlock) {
    b.setInsertionPointToEnd(elseBlock);
    fe.emitStmt(s->getElse());
    fe.branchTo(merge, l);
  }
  b.setInsertionPointToEnd(merge);
}

void StmtEmitter::emitLoop(const Stmt *s, llvm::ArrayRef<const Attr *> attrs) {
  mlir::Location l = loc(s);
  FunctionEmitter::CleanupScope scope(fe);
  const Stmt *body = nullptr;
  const Expr *cond = nullptr, *inc = nullptr;
  const VarDecl *condVar = nullptr;
  const Stmt *loopVar = nullptr;
  bool isDo = false;
  if (const auto *ws = dyn_cast<WhileStmt>(s)) {
    cond = ws->getCond();
    condVar = ws->getConditionVariable();
    body = ws->getBody();
  } else if (const auto *fs = dyn_cast<ForStmt>(s)) {
    fe.emitStmt(fs->getInit());
    cond = fs->getCond();
    condVar = fs->getConditionVariable();
    inc = fs->getInc();
    body = fs->getBody();
  } else if (const auto *rs = dyn_cast<CXXForRangeStmt>(s)) {
    fe.emitStmt(rs->getInit());
    fe.emitStmt(rs->getRangeStmt());
    fe.emitStmt(rs->getBeginStmt());
    fe.emitStmt(rs->getEndStmt());
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
  mlir::Block *condBlock = fe.newBlock(), *bodyBlock = fe.newBlock();
  mlir::Block *stepBlock = fe.newBlock(), *exitBlock = fe.newBlock();
  mlir::cf::BranchOp::create(b, l, isDo ? bodyBlock : condBlock);

  b.setInsertionPointToEnd(condBlock);
  {
    // A condition variable lives for one test and one body.
    size_t depth = fe.cleanupDepth();
    if (condVar)
      fe.emitVarDecl(condVar);
    if (cond) {
      mlir::Value c = fe.emitCondition(cond);
      if (condVar) {
        mlir::Block *run = fe.newBlock(), *leave = fe.newBlock();
        mlir::cf::CondBranchOp::create(b, l, c, run, leave);
        b.setInsertionPointToEnd(leave);
        fe.emitCleanupsTo(depth);
        fe.branchTo(exitBlock, l);
        b.setInsertionPointToEnd(run);
        fe.branchTo(bodyBlock, l);
      } else {
        mlir::cf::CondBranchOp::create(b, l, c, bodyBlock, exitBlock);
      }
    } else {
      mlir::cf::BranchOp::create(b, l, bodyBlock);
    }
    b.setInsertionPointToEnd(bodyBlock);
    fe.jumps.push_back({fe.jumpTarget(exitBlock), fe.jumpTarget(stepBlock)});
    {
      FunctionEmitter::CleanupScope bodyScope(fe);
      fe.emitStmt(loopVar);
      fe.emitStmt(body);
    }
    fe.jumps.pop_back();
    fe.branchTo(stepBlock, l);
    b.setInsertionPointToEnd(stepBlock);
    fe.popCleanups(depth);
  }
  if (inc)
    fe.emitIgnoredExpr(inc);
  auto backEdge = mlir::cf::BranchOp::create(b, l, condBlock);
  if (mlir::Attribute annotation = buildLoopAnnotation(fe, s, attrs)) {
    // On the back edge and on every branch to it, so that whichever
    // survives the CFG clean-ups carries it.
    backEdge->setAttr(kLoopAnnotationAttr, annotation);
    for (mlir::Operation *user : stepBlock->getUsers())
      if (isa<mlir::cf::BranchOp>(user))
        user->setAttr(kLoopAnnotationAttr, annotation);
  }
  b.setInsertionPointToEnd(exitBlock);
}

void StmtEmitter::VisitSwitchStmt(const SwitchStmt *s) {
  mlir::Location l = loc(s);
  FunctionEmitter::CleanupScope scope(fe);
  fe.emitStmt(s->getInit());
  if (const VarDecl *cv = s->getConditionVariable())
    fe.emitVarDecl(cv);
  mlir::Value flag = fe.emitScalarExpr(s->getCond());
  // The case labels of this switch, not those of nested ones.
  llvm::SmallVector<const SwitchCase *, 16> cases;
  for (const SwitchCase *sc = s->getSwitchCaseList(); sc;
       sc = sc->getNextSwitchCase())
    cases.push_back(sc);
  std::reverse(cases.begin(), cases.end());
  mlir::Block *exit = fe.newBlock();
  mlir::Block *defaultBlock = exit;
  llvm::SmallVector<llvm::APInt, 16> values;
  llvm::SmallVector<mlir::Block *, 16> dests;
  unsigned width = flag.getType().getIntOrFloatBitWidth();
  for (const SwitchCase *sc : cases) {
    mlir::Block *block = fe.newBlock();
    fe.caseBlocks[sc] = block;
    if (isa<DefaultStmt>(sc)) {
      defaultBlock = block;
      continue;
    }
    llvm::APSInt v = cast<CaseStmt>(sc)->getLHS()->EvaluateKnownConstInt(ast);
    values.push_back(v.extOrTrunc(width));
    dests.push_back(block);
  }
  llvm::SmallVector<mlir::ValueRange, 16> noOperands(dests.size());
  mlir::cf::SwitchOp::create(b, l, flag, defaultBlock, mlir::ValueRange{},
                             values, dests, noOperands);
  // Code before the first label is unreachable.
  fe.startDeadBlock();
  fe.jumps.push_back({fe.jumpTarget(exit), JumpTarget{}});
  fe.emitStmt(s->getBody());
  fe.jumps.pop_back();
  fe.branchTo(exit, l);
  b.setInsertionPointToEnd(exit);
}

void StmtEmitter::VisitGotoStmt(const GotoStmt *s) {
  // Leaving the scope of a variable destroys it; the label's own scopes
  // stay.
  const LabelDecl *label = s->getLabel();
  const auto &live = fe.labelScopes[label];
  for (size_t i = fe.cleanups.size(); i > 0; --i) {
    const FunctionEmitter::Cleanup &c = fe.cleanups[i - 1];
    if (c.owner && llvm::is_contained(live, c.owner))
      continue;
    if (fe.blockTerminated())
      break;
    fe.emitDestroy(c.addr, c.type);
  }
  fe.branchTo(labelBlock(label), loc(s));
  fe.startDeadBlock();
}

} // namespace

void FunctionEmitter::emitStmt(const Stmt *s) {
  if (s)
    StmtEmitter(*this).Visit(s);
}

// Locals: storage, initialization, and the destructor when they die.
void FunctionEmitter::emitVarDecl(const VarDecl *vd) {
  QualType t = vd->getType();
  if (isDynamicSharedVariable(vd))
    return; // its uses are the dynamic shared memory's base
  // A variable's storage honours alignas on its declaration, as in CUDA.
  uint64_t align = std::max<uint64_t>(types.alignOf(t),
                                      ast.getDeclAlign(vd).getQuantity());
  if (vd->isStaticLocal()) {
    if (vd->isConstexpr() && t->isScalarType())
      return; // uses fold to the constant
    locals[vd] = emitConstantVariable(vd);
    return;
  }
  if (isSharedVariable(vd) || isSharedArrayType(t)) {
    // One per block in shared memory, the same storage however often the
    // declaration is reached. 16-byte aligned from 16 bytes up, whatever
    // the element type: cp.async<16>, ldmatrix and vector loads of a tile
    // of halves need it (at most 15 bytes of padding per variable).
    if (!t->isDependentType() && t->isConstantSizeType() &&
        ast.getTypeSizeInChars(t).getQuantity() >= 16)
      align = std::max<uint64_t>(align, 16);
    std::string name =
        module.createSharedMemory(fn, vd, types.memoryType(t), align);
    mlir::Location l = loc(vd->getLocation());
    mlir::Value shared = SharedAddressOp::create(b, l, name);
    locals[vd] = Address{
        AddrSpaceCastOp::create(b, l, types.pointerType(), shared), align};
    return;
  }
  if (t->isReferenceType()) {
    {
      CleanupScope scope(*this);
      const VarDecl *saved = extendingDecl;
      extendingDecl = vd;
      references[vd] = emitAddress(vd->getInit());
      extendingDecl = saved;
    }
    emitBindings(vd);
    return;
  }
  if (vd->isConstexpr())
    if (std::optional<std::string> bytes = constantVariableBytes(ast, vd)) {
      // A constant: its bytes, never its initializer's code.
      if (t->isScalarType())
        return;
      Address slot = createTemp(t);
      emitCopy(slot,
               emitConstantData(*bytes, types.alignOf(t),
                                loc(vd->getLocation())),
               t);
      locals[vd] = slot;
      return;
    }
  Address slot = createTemp(types.memoryType(t), align);
  locals[vd] = slot;
  if (const Expr *init = vd->getInit()) {
    CleanupScope scope(*this);
    emitInit(init, slot, t);
  }
  emitBindings(vd);
  pushDestroy(slot, t, vd);
}

// auto [a, b] = tuple-like: each binding is a reference variable bound to
// get<i>(the object).
void FunctionEmitter::emitBindings(const VarDecl *vd) {
  if (const auto *dd = dyn_cast<DecompositionDecl>(vd))
    for (const BindingDecl *binding : dd->bindings())
      if (const VarDecl *holding = binding->getHoldingVar())
        emitVarDecl(holding);
}

} // namespace alloy
