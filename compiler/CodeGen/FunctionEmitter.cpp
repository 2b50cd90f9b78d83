// Function and kernel entry and exit, and the memory helpers.
#include "FunctionEmitter.h"
#include "Basic/InternalError.h"
#include "UpstreamOps.h"

#include "alloy/Dialect/Alloy/AlloyOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ASTLambda.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/RecordLayout.h"

using namespace clang;

namespace alloy {

FunctionEmitter::FunctionEmitter(DeviceModule &module, const FunctionDecl *fn)
    : module(module), fn(fn), ast(module.ast), types(module.types),
      b(&module.ctx) {}

void FunctionEmitter::bindParam(const ParmVarDecl *p, mlir::Value arg) {
  QualType t = p->getType();
  uint64_t align = types.alignOf(t.getNonReferenceType());
  if (t->isReferenceType()) {
    references[p] = Address{arg, align};
  } else if (types.isAggregate(t)) {
    // The caller passes a pointer to its own copy.
    locals[p] = Address{arg, align};
  } else {
    Address slot = createTemp(t);
    emitStore(arg, slot, t);
    locals[p] = slot;
  }
}

void FunctionEmitter::emitFunction(mlir::func::FuncOp target) {
  region = &target.getBody();
  entry = target.addEntryBlock();
  b.setInsertionPointToEnd(entry);
  unsigned next = 0;
  if (types.isAggregate(fn->getReturnType()))
    returnSlot =
        Address{entry->getArgument(next++), types.alignOf(fn->getReturnType())};
  const auto *method = dyn_cast<CXXMethodDecl>(fn);
  if (method && method->isImplicitObjectMemberFunction())
    thisPtr = entry->getArgument(next++);
  if (method && isLambdaCallOperator(method))
    method->getParent()->getCaptureFields(captures, thisCapture);
  for (const ParmVarDecl *p : fn->parameters())
    bindParam(p, entry->getArgument(next++));

  const Stmt *body = fn->getBody();
  collectLabelScopes(body);
  if (const auto *ctor = dyn_cast<CXXConstructorDecl>(fn))
    emitConstructorPrologue(ctor);
  if (const auto *dtor = dyn_cast<CXXDestructorDecl>(fn))
    emitDestructorEpilogueCleanups(dtor);
  emitStmt(body);
  emitFunctionEnd(body->getEndLoc());
}

void FunctionEmitter::emitKernel(mlir::Operation *target,
                                 const KernelInfo &info) {
  isKernel = true;
  region = &target->getRegion(0);
  entry = &region->front();
  b.setInsertionPointToEnd(entry);
  unsigned next = 0;
  for (auto [p, pinfo] : llvm::zip(fn->parameters(), info.params)) {
    QualType t = p->getType();
    mlir::Location l = loc(p->getLocation());
    if (isGridConstantType(t)) {
      // A gpu::tensor_map: used in place, in param space (no copy).
      mlir::Value v = entry->getArgument(next++);
      locals[p] = Address{
          v, uint64_t(ast.getTypeAlignInChars(t).getQuantity())};
      continue;
    }
    Address slot = createTemp(t);
    for (const ParamLeaf &leaf : pinfo.leaves) {
      unsigned index = next++;
      mlir::Value v = entry->getArgument(index);
      if (isa<PtrType>(v.getType())) {
        v = AddrSpaceCastOp::create(b, l, types.pointerType(), v);
        // Not null in the generic space either (LLVM cannot tell that
        // through the address-space cast).
        if (cast<mlir::FunctionOpInterface>(target).getArgAttr(
                index, AlloyDialect::getNonNullAttrName()))
          createAssume(b, l, emitToBool(v, l));
      }
      mlir::Value addr = slot.ptr;
      if (leaf.offset)
        addr = MemberAddrOp::create(b, l, addr, leaf.offset);
      uint64_t align = std::min<uint64_t>(slot.align, leaf.size);
      StoreOp::create(b, l, v, addr, align ? align : 1);
    }
    locals[p] = slot;
  }
  const Stmt *body = fn->getBody();
  collectLabelScopes(body);
  emitStmt(body);
  emitFunctionEnd(body->getEndLoc());
}

void FunctionEmitter::emitFunctionEnd(SourceLocation end) {
  mlir::Location l = loc(end);
  if (!blockTerminated())
    emitCleanupsTo(0);
  cleanups.clear();
  if (blockTerminated())
    return;
  if (isKernel) {
    ReturnOp::create(b, l);
    return;
  }
  QualType ret = fn->getReturnType();
  if (ret->isVoidType() || types.isAggregate(ret) ||
      isa<CXXConstructorDecl, CXXDestructorDecl>(fn)) {
    mlir::func::ReturnOp::create(b, l);
    return;
  }
  // Flowing off the end of a value-returning function is undefined.
  createUnreachable(b, l);
}

// Member and base initializers, implicit ones included, in order.
void FunctionEmitter::emitConstructorPrologue(const CXXConstructorDecl *ctor) {
  const CXXRecordDecl *cls = ctor->getParent();
  Address self = selfAddress();
  for (const CXXCtorInitializer *init : ctor->inits()) {
    CleanupScope scope(*this);
    const Expr *e = init->getInit();
    if (init->isDelegatingInitializer()) {
      emitAggregateExpr(e, self);
    } else if (init->isBaseInitializer()) {
      const CXXRecordDecl *base = init->getBaseClass()->getAsCXXRecordDecl();
      emitAggregateExpr(e, baseAddress(self, cls, base));
    } else if (const IndirectFieldDecl *indirect =
                   init->getIndirectMember()) {
      // A member of an anonymous struct or union: walk the chain.
      Address a = self;
      const FieldDecl *last = nullptr;
      for (const NamedDecl *d : indirect->chain()) {
        if (last)
          a = memberAddress(a, last);
        last = cast<FieldDecl>(d);
      }
      LValue lv = fieldLValue(a, last);
      if (last->isBitField())
        emitStoreToLValue(emitScalarExpr(e), lv, last->getType());
      else
        emitInit(e, memberAddress(a, last), last->getType());
    } else {
      const FieldDecl *field = init->getMember();
      if (field->isBitField())
        emitStoreToLValue(emitScalarExpr(e), fieldLValue(self, field),
                          field->getType());
      else
        emitInit(e, memberAddress(self, field), field->getType());
    }
  }
}

// A destructor destroys its members (in reverse order), then its bases,
// after its body, on every path out of it: cleanups pushed first run last.
void FunctionEmitter::emitDestructorEpilogueCleanups(
    const CXXDestructorDecl *dtor) {
  const CXXRecordDecl *cls = dtor->getParent();
  Address self = selfAddress();
  for (const CXXBaseSpecifier &base : cls->bases())
    if (needsDestruction(base.getType(), ast))
      pushDestroy(
          baseAddress(self, cls, base.getType()->getAsCXXRecordDecl()),
          base.getType());
  if (cls->isUnion())
    return;
  for (const FieldDecl *f : cls->fields())
    if (needsDestruction(f->getType(), ast))
      pushDestroy(memberAddress(self, f), f->getType());
}

// Records, for each label, the variables with cleanups live where it
// stands: a goto runs the cleanups of the others.
void FunctionEmitter::collectLabelScopes(const Stmt *body) {
  llvm::SmallVector<const VarDecl *, 8> live;
  std::function<void(const Stmt *)> walk = [&](const Stmt *s) {
    if (!s)
      return;
    if (const auto *ls = dyn_cast<LabelStmt>(s))
      labelScopes[ls->getDecl()].assign(live.begin(), live.end());
    if (const auto *ds = dyn_cast<DeclStmt>(s)) {
      for (const Decl *d : ds->decls())
        if (const auto *vd = dyn_cast<VarDecl>(d))
          if (vd->hasLocalStorage())
            live.push_back(vd);
      return;
    }
    if (isa<Expr>(s))
      return;
    size_t depth = live.size();
    for (const Stmt *child : s->children())
      walk(child);
    if (!isa<LabelStmt>(s))
      live.resize(depth);
  };
  walk(body);
}

// --- Memory ---------------------------------------------------------------

Address FunctionEmitter::createTemp(mlir::Type memType, uint64_t align) {
  mlir::OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(entry);
  mlir::Value p = AllocaOp::create(b, b.getUnknownLoc(), memType, align);
  return Address{p, align};
}

Address FunctionEmitter::createTemp(QualType t) {
  mlir::Type mem = types.memoryType(t);
  ALLOY_CHECK(mem && "checked types have a memory type");
  return createTemp(mem, types.alignOf(t));
}

mlir::Value FunctionEmitter::emitLoad(Address addr, QualType t) {
  mlir::Location l = b.getUnknownLoc();
  auto load = LoadOp::create(b, l, types.memoryType(t), addr.ptr, addr.align);
  if (t.isVolatileQualified())
    load.setIsVolatile(true);
  mlir::Value v = load;
  if (t->isBooleanType())
    v = mlir::arith::TruncIOp::create(b, l, b.getI1Type(), v);
  return v;
}

void FunctionEmitter::emitStore(mlir::Value v, Address addr, QualType t) {
  mlir::Location l = b.getUnknownLoc();
  if (t->isBooleanType() && v.getType().isInteger(1))
    v = mlir::arith::ExtUIOp::create(b, l, b.getI8Type(), v);
  auto store = StoreOp::create(b, l, v, addr.ptr, addr.align);
  if (t.isVolatileQualified())
    store.setIsVolatile(true);
}

// A class object may be a potentially-overlapping subobject (a base, a
// [[no_unique_address]] member) whose tail padding holds other members:
// copy only its data size (nothing for an empty class).
void FunctionEmitter::emitCopy(Address dest, Address src, QualType t) {
  uint64_t size = types.dataSizeOf(t);
  if (size == 0)
    return;
  MemcpyOp::create(b, b.getUnknownLoc(), dest.ptr, src.ptr, size,
                   std::min(dest.align, src.align));
}

Address FunctionEmitter::memberAddress(Address base, const FieldDecl *field) {
  const ASTRecordLayout &layout = ast.getASTRecordLayout(field->getParent());
  uint64_t offset =
      ast.toCharUnitsFromBits(layout.getFieldOffset(field->getFieldIndex()))
          .getQuantity();
  mlir::Value p = base.ptr;
  if (offset)
    p = MemberAddrOp::create(b, b.getUnknownLoc(), p, offset);
  // What the base's alignment proves at the member's offset, as clang's
  // CodeGen has it: a float at offset 0 of an alignas(16) struct is 16-byte
  // aligned, so that neighbouring members' loads can become one vector
  // load. Without a known base alignment, the member type's.
  uint64_t align =
      base.align == 0 ? types.alignOf(field->getType().getNonReferenceType())
      : offset        ? uint64_t(1) << llvm::countr_zero(offset | base.align)
                      : base.align;
  return Address{p, align ? align : 1};
}

Address FunctionEmitter::selfAddress() {
  const auto *cls = cast<CXXMethodDecl>(fn)->getParent();
  return Address{thisPtr, types.alignOf(ast.getCanonicalTagType(cls))};
}

Address FunctionEmitter::baseAddress(Address derived,
                                     const CXXRecordDecl *from,
                                     const CXXRecordDecl *base) {
  const ASTRecordLayout &layout = ast.getASTRecordLayout(from);
  uint64_t offset = layout.getBaseClassOffset(base).getQuantity();
  mlir::Value p = derived.ptr;
  if (offset)
    p = MemberAddrOp::create(b, b.getUnknownLoc(), p, offset);
  return Address{p, types.alignOf(ast.getCanonicalTagType(base))};
}

Address FunctionEmitter::elementAddress(Address array, mlir::Value index,
                                        QualType elemType, mlir::Location l) {
  mlir::Value p =
      PtrAddOp::create(b, l, array.ptr, index, types.memoryType(elemType));
  return Address{p, std::min(array.align, types.alignOf(elemType))};
}

std::pair<uint64_t, QualType> FunctionEmitter::flattenArray(QualType t) {
  uint64_t count = 1;
  while (const auto *at = ast.getAsConstantArrayType(t)) {
    count *= at->getZExtSize();
    t = at->getElementType();
  }
  return {count, t};
}

void FunctionEmitter::emitArrayLoop(
    Address array, uint64_t count, QualType elemType,
    llvm::function_ref<void(Address, mlir::Value)> body, bool reverse) {
  if (count == 0)
    return;
  mlir::Location l = b.getUnknownLoc();
  mlir::Type i64 = b.getI64Type();
  mlir::Block *head = newBlock(), *loopBody = newBlock(), *exit = newBlock();
  mlir::Value start = constantInt(l, i64, reverse ? int64_t(count) - 1 : 0);
  mlir::cf::BranchOp::create(b, l, head, mlir::ValueRange{start});
  mlir::Value index = head->addArgument(i64, l);
  b.setInsertionPointToEnd(head);
  mlir::Value inRange =
      reverse
          ? mlir::arith::CmpIOp::create(b, l, mlir::arith::CmpIPredicate::sge,
                                        index, constantInt(l, i64, 0))
                .getResult()
          : mlir::arith::CmpIOp::create(b, l, mlir::arith::CmpIPredicate::slt,
                                        index,
                                        constantInt(l, i64, int64_t(count)))
                .getResult();
  mlir::cf::CondBranchOp::create(b, l, inRange, loopBody, exit);
  b.setInsertionPointToEnd(loopBody);
  body(elementAddress(array, index, elemType, l), index);
  mlir::Value next = mlir::arith::AddIOp::create(
      b, l, index, constantInt(l, i64, reverse ? -1 : 1));
  mlir::cf::BranchOp::create(b, l, head, mlir::ValueRange{next});
  b.setInsertionPointToEnd(exit);
}

// --- Helpers ---------------------------------------------------------------

mlir::Value FunctionEmitter::constantInt(mlir::Location l, mlir::Type t,
                                         int64_t v) {
  // Sign-extended: -1 is all ones in an i128 too.
  llvm::APInt value(t.getIntOrFloatBitWidth(), uint64_t(v), /*isSigned=*/true);
  return mlir::arith::ConstantOp::create(b, l, t, b.getIntegerAttr(t, value));
}

mlir::Value FunctionEmitter::constantFloat(mlir::Location l, mlir::Type t,
                                           double v) {
  return mlir::arith::ConstantOp::create(b, l, t, b.getFloatAttr(t, v));
}

mlir::Value FunctionEmitter::zeroValue(mlir::Type t, mlir::Location l) {
  if (isa<mlir::IntegerType>(t))
    return constantInt(l, t, 0);
  if (isa<mlir::FloatType>(t))
    return constantFloat(l, t, 0.0);
  ALLOY_CHECK(isa<PtrType>(t) && "scalars are integers, floats or pointers");
  return NullOp::create(b, l, t);
}

mlir::Value FunctionEmitter::nullValue(QualType t, mlir::Location l) {
  if (t->isMemberDataPointerType())
    return constantInt(l, valueType(t), kNullMemberPointer);
  return zeroValue(valueType(t), l);
}

mlir::Block *FunctionEmitter::newBlock() {
  auto *block = new mlir::Block();
  region->push_back(block);
  return block;
}

bool FunctionEmitter::blockTerminated() {
  mlir::Block *block = b.getInsertionBlock();
  return !block->empty() &&
         block->back().hasTrait<mlir::OpTrait::IsTerminator>();
}

void FunctionEmitter::startDeadBlock() {
  b.setInsertionPointToEnd(newBlock());
}

void FunctionEmitter::emitUnreachable(mlir::Location l) {
  createUnreachable(b, l);
  startDeadBlock();
}

void FunctionEmitter::emitTrap(mlir::Location l) {
  createTrap(b, l);
  emitUnreachable(l);
}

void FunctionEmitter::branchTo(mlir::Block *dest, mlir::Location l) {
  if (!blockTerminated())
    mlir::cf::BranchOp::create(b, l, dest);
}

} // namespace alloy
