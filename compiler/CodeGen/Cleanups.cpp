// Destructor calls on every way out of a scope: the end of a block or a
// full-expression, break, continue, return and goto.
#include "FunctionEmitter.h"

#include "alloy/Dialect/Alloy/AlloyOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "clang/AST/ASTContext.h"

using namespace clang;

namespace alloy {

void FunctionEmitter::pushDestroy(Address addr, QualType t,
                                  const VarDecl *owner) {
  if (!needsDestruction(t, ast))
    return;
  Cleanup cleanup{addr, t, owner, Address{}};
  if (conditionalDepth > 0 && !owner) {
    // Built in one arm of a conditional only: remember whether it was. The
    // flag is false at entry and after every cleanup.
    mlir::Location l = b.getUnknownLoc();
    cleanup.activeFlag = createTemp(b.getI8Type(), 1);
    {
      mlir::OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointAfter(cleanup.activeFlag.ptr.getDefiningOp());
      StoreOp::create(b, l, constantInt(l, b.getI8Type(), 0),
                      cleanup.activeFlag.ptr, 1);
    }
    StoreOp::create(b, l, constantInt(l, b.getI8Type(), 1),
                    cleanup.activeFlag.ptr, 1);
  }
  if (extendingDecl && !owner) {
    cleanup.owner = extendingDecl;
    deferredCleanups.push_back(cleanup);
    return;
  }
  cleanups.push_back(cleanup);
}

static void emitOneCleanup(FunctionEmitter &fe,
                           const FunctionEmitter::Cleanup &c) {
  mlir::OpBuilder &b = fe.b;
  mlir::Location l = b.getUnknownLoc();
  if (!c.activeFlag) {
    fe.emitDestroy(c.addr, c.type);
    return;
  }
  mlir::Value flag = LoadOp::create(b, l, b.getI8Type(), c.activeFlag.ptr, 1);
  mlir::Value active = fe.emitToBool(flag, l);
  mlir::Block *run = fe.newBlock(), *done = fe.newBlock();
  mlir::cf::CondBranchOp::create(b, l, active, run, done);
  b.setInsertionPointToEnd(run);
  fe.emitDestroy(c.addr, c.type);
  StoreOp::create(b, l, fe.constantInt(l, b.getI8Type(), 0), c.activeFlag.ptr,
                  1);
  mlir::cf::BranchOp::create(b, l, done);
  b.setInsertionPointToEnd(done);
}

void FunctionEmitter::emitCleanupsTo(size_t depth) {
  for (size_t i = cleanups.size(); i > depth; --i) {
    if (blockTerminated())
      return;
    emitOneCleanup(*this, cleanups[i - 1]);
  }
}

void FunctionEmitter::popCleanups(size_t depth) {
  if (cleanups.size() > depth && !blockTerminated())
    emitCleanupsTo(depth);
  cleanups.truncate(depth);
  // Temporaries bound to a reference live as long as the reference: their
  // cleanups join the enclosing block once the full-expression is done.
  if (!extendingDecl && !deferredCleanups.empty()) {
    cleanups.append(deferredCleanups.begin(), deferredCleanups.end());
    deferredCleanups.clear();
  }
}

} // namespace alloy
