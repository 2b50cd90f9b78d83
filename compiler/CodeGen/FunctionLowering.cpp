// Function and kernel entry, locals, and the memory helpers.
#include "FunctionLowering.h"

#include "alloy/Dialect/Alloy/AlloyOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ASTLambda.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/RecordLayout.h"

using namespace clang;

namespace alloy {

FunctionLowering::FunctionLowering(DeviceModule &module, const FunctionDecl *fn)
    : module(module), fn(fn), ast(module.ast), types(module.types),
      b(&module.ctx), errorsAtStart(module.errorCount()) {}

static bool returnsAggregate(const TypeLowering &types,
                             const FunctionDecl *fn) {
  return types.isAggregate(fn->getReturnType());
}

void FunctionLowering::bindParam(const ParmVarDecl *p, mlir::Value arg) {
  QualType t = p->getType();
  uint64_t align = types.alignOf(t.getNonReferenceType());
  if (t->isReferenceType()) {
    references[p] = Address{arg, align};
  } else if (types.isAggregate(t)) {
    // The caller passes a pointer to its own copy.
    locals[p] = Address{arg, align};
  } else {
    Address slot = createTemp(t, p->getName());
    emitStore(arg, slot, t);
    locals[p] = slot;
  }
}

void FunctionLowering::lowerFunction(mlir::func::FuncOp target) {
  region = &target.getBody();
  entry = target.addEntryBlock();
  b.setInsertionPointToEnd(entry);
  unsigned next = 0;
  if (returnsAggregate(types, fn))
    sretAddr =
        Address{entry->getArgument(next++), types.alignOf(fn->getReturnType())};
  const auto *method = dyn_cast<CXXMethodDecl>(fn);
  if (method && method->isInstance())
    thisPtr = entry->getArgument(next++);
  if (method && isLambdaCallOperator(method))
    method->getParent()->getCaptureFields(captures, thisCapture);
  for (const ParmVarDecl *p : fn->parameters())
    bindParam(p, entry->getArgument(next++));

  if (const auto *ctor = dyn_cast<CXXConstructorDecl>(fn))
    emitConstructorInitializers(ctor);
  const Stmt *body = fn->getBody();
  emitStmt(body);
  emitFunctionEnd(body->getEndLoc());
}

void FunctionLowering::lowerKernel(mlir::Operation *target,
                                   const KernelInfo &info) {
  isKernel = true;
  region = &target->getRegion(0);
  entry = &region->front();
  b.setInsertionPointToEnd(entry);
  unsigned next = 0;
  for (auto [p, pinfo] : llvm::zip(fn->parameters(), info.params)) {
    QualType t = p->getType();
    mlir::Location l = loc(p->getLocation());
    Address slot = createTemp(t, p->getName());
    for (const ParamLeaf &leaf : pinfo.leaves) {
      mlir::Value v = entry->getArgument(next++);
      if (isa<PtrType>(v.getType()))
        v = AddrSpaceCastOp::create(b, l, types.pointerType(), v);
      mlir::Value addr = slot.ptr;
      if (leaf.offset)
        addr = MemberAddrOp::create(b, l, addr, leaf.offset);
      uint64_t align = std::min<uint64_t>(slot.align, leaf.size);
      StoreOp::create(b, l, v, addr, align ? align : 1);
    }
    locals[p] = slot;
  }
  const Stmt *body = fn->getBody();
  emitStmt(body);
  emitFunctionEnd(body->getEndLoc());
}

void FunctionLowering::emitFunctionEnd(SourceLocation end) {
  if (blockTerminated())
    return;
  mlir::Location l = loc(end);
  if (isKernel) {
    ReturnOp::create(b, l);
    return;
  }
  QualType ret = fn->getReturnType();
  if (ret->isVoidType() || types.isAggregate(ret) ||
      isa<CXXConstructorDecl>(fn)) {
    mlir::func::ReturnOp::create(b, l);
    return;
  }
  // Flowing off the end of a value-returning function is undefined.
  UnreachableOp::create(b, l);
}

void FunctionLowering::emitConstructorInitializers(
    const CXXConstructorDecl *ctor) {
  const CXXRecordDecl *cls = ctor->getParent();
  Address self = selfAddress();
  for (const CXXCtorInitializer *init : ctor->inits()) {
    if (init->isAnyMemberInitializer()) {
      const FieldDecl *field = init->getAnyMember();
      if (init->isIndirectMemberInitializer() || field->isBitField()) {
        unsupported(init->getInit(), "this member initializer");
        continue;
      }
      emitInitInto(init->getInit(), memberAddress(self, field),
                   field->getType());
    } else if (init->isBaseInitializer() && !init->isBaseVirtual()) {
      const CXXRecordDecl *base = init->getBaseClass()->getAsCXXRecordDecl();
      emitAggregateInto(init->getInit(), baseAddress(self, cls, base));
    } else {
      unsupported(init->getInit(), "this constructor initializer");
    }
  }
}

// --- Memory ---------------------------------------------------------------

Address FunctionLowering::createTemp(QualType t, llvm::StringRef) {
  mlir::OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(entry);
  uint64_t align = types.alignOf(t);
  mlir::Type mem = types.memoryType(t);
  if (!mem) {
    // Only reached after an error about `t` was reported.
    module.error(fn->getLocation(), "Alloy cannot compile an object of type '" +
                                        t.getAsString() + "' in device code");
    mem = b.getI8Type();
  }
  mlir::Value p = AllocaOp::create(b, b.getUnknownLoc(), mem, align);
  return Address{p, align};
}

mlir::Value FunctionLowering::emitLoad(Address addr, QualType t) {
  mlir::Location l = b.getUnknownLoc();
  mlir::Type mem = types.memoryType(t);
  if (!mem || !addr.ptr)
    return constantInt(l, b.getI8Type(), 0); // after an error
  auto load = LoadOp::create(b, l, mem, addr.ptr, addr.align);
  if (t.isVolatileQualified())
    load.setIsVolatile(true);
  mlir::Value v = load;
  if (t->isBooleanType())
    v = mlir::arith::TruncIOp::create(b, l, b.getI1Type(), v);
  return v;
}

void FunctionLowering::emitStore(mlir::Value v, Address addr, QualType t) {
  mlir::Location l = b.getUnknownLoc();
  if (!v)
    return; // after an error
  if (t->isBooleanType() && v.getType().isInteger(1))
    v = mlir::arith::ExtUIOp::create(b, l, b.getI8Type(), v);
  auto store = StoreOp::create(b, l, v, addr.ptr, addr.align);
  if (t.isVolatileQualified())
    store.setIsVolatile(true);
}

void FunctionLowering::emitCopy(Address dest, Address src, QualType t) {
  uint64_t size = types.sizeOf(t);
  if (size == 0)
    return;
  MemcpyOp::create(b, b.getUnknownLoc(), dest.ptr, src.ptr, size,
                   std::min(dest.align, src.align));
}

Address FunctionLowering::memberAddress(Address base, const FieldDecl *field) {
  const ASTRecordLayout &layout = ast.getASTRecordLayout(field->getParent());
  uint64_t offset =
      ast.toCharUnitsFromBits(layout.getFieldOffset(field->getFieldIndex()))
          .getQuantity();
  mlir::Value p = base.ptr;
  if (offset)
    p = MemberAddrOp::create(b, b.getUnknownLoc(), p, offset);
  uint64_t align = types.alignOf(field->getType().getNonReferenceType());
  if (offset)
    align =
        std::min(align, uint64_t(1) << llvm::countr_zero(offset | base.align));
  else
    align = std::min(align, base.align);
  return Address{p, align ? align : 1};
}

Address FunctionLowering::fieldLValue(Address base, const FieldDecl *field) {
  Address a = memberAddress(base, field);
  QualType t = field->getType();
  if (!t->isReferenceType())
    return a;
  // A reference member holds the address of what it refers to.
  mlir::Value p =
      LoadOp::create(b, b.getUnknownLoc(), types.pointerType(), a.ptr, a.align);
  return Address{p, types.alignOf(t.getNonReferenceType())};
}

Address FunctionLowering::selfAddress() {
  const auto *cls = cast<CXXMethodDecl>(fn)->getParent();
  return Address{thisPtr, types.alignOf(ast.getCanonicalTagType(cls))};
}

Address FunctionLowering::baseAddress(Address derived,
                                      const CXXRecordDecl *from,
                                      const CXXRecordDecl *base) {
  const ASTRecordLayout &layout = ast.getASTRecordLayout(from);
  uint64_t offset = layout.getBaseClassOffset(base).getQuantity();
  mlir::Value p = derived.ptr;
  if (offset)
    p = MemberAddrOp::create(b, b.getUnknownLoc(), p, offset);
  return Address{p, types.alignOf(ast.getCanonicalTagType(base))};
}

// --- Helpers ---------------------------------------------------------------

mlir::Value FunctionLowering::constantInt(mlir::Location l, mlir::Type t,
                                          int64_t v) {
  return mlir::arith::ConstantOp::create(b, l, t, b.getIntegerAttr(t, v));
}

mlir::Value FunctionLowering::poison(mlir::Type t, mlir::Location l) {
  if (!t)
    return {};
  if (isa<mlir::IntegerType>(t))
    return constantInt(l, t, 0);
  if (auto ft = dyn_cast<mlir::FloatType>(t))
    return mlir::arith::ConstantOp::create(b, l, ft, b.getFloatAttr(ft, 0.0));
  if (isa<PtrType>(t))
    return NullOp::create(b, l, t);
  return {};
}

mlir::Value FunctionLowering::unsupported(const Stmt *s,
                                          const llvm::Twine &what,
                                          mlir::Type t) {
  module.error(s->getBeginLoc(),
               "Alloy cannot compile " + what + " in device code" +
                   (fn ? " (in '" + fn->getQualifiedNameAsString() + "')"
                       : std::string()));
  return poison(t, loc(s->getBeginLoc()));
}

mlir::Block *FunctionLowering::newBlock() {
  auto *block = new mlir::Block();
  region->push_back(block);
  return block;
}

bool FunctionLowering::blockTerminated() {
  mlir::Block *block = b.getInsertionBlock();
  return !block->empty() &&
         block->back().hasTrait<mlir::OpTrait::IsTerminator>();
}

void FunctionLowering::startDeadBlock() {
  b.setInsertionPointToEnd(newBlock());
}

} // namespace alloy
