// Lowers one function body (a kernel or a device function) from the Clang
// AST to the Alloy dialect plus func/arith/cf/math.
//
// The model is clang's own code generation: every local lives in an
// alloy.alloca (LLVM's SROA promotes them after lowering); scalar
// expressions become SSA values (ScalarExprEmitter.cpp), glvalues
// addresses (LValueEmitter.cpp), class and array objects are built in place
// (AggregateEmitter.cpp), and statements become unstructured control flow
// (StmtEmitter.cpp). Each emitter is a visitor with one method per AST node
// class.
//
// The input was checked by Sema/DeviceCodeChecker: whatever reaches an
// emitter is supported, and the emitters assert it.
#ifndef ALLOY_COMPILER_CODEGEN_FUNCTIONEMITTER_H
#define ALLOY_COMPILER_CODEGEN_FUNCTIONEMITTER_H

#include "DeviceModule.h"

#include "mlir/IR/Builders.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"

#include <functional>

namespace alloy {

enum class Intrinsic;

// A place in memory and what is known of its alignment.
struct Address {
  mlir::Value ptr;
  uint64_t align = 1;
  explicit operator bool() const { return bool(ptr); }
};

// A glvalue: an address, or a bit-field within the storage unit at `addr`.
struct LValue {
  Address addr;
  const clang::FieldDecl *bitField = nullptr;
  unsigned unitBits = 0;  // the storage unit's width
  unsigned bitOffset = 0; // of the field within the unit
  unsigned bitWidth = 0;
  static LValue of(Address a) { return LValue{a}; }
  bool isBitField() const { return bitField != nullptr; }
};

// Where a jump (break, continue, goto) lands, and the cleanups live there.
struct JumpTarget {
  mlir::Block *block = nullptr;
  size_t cleanupDepth = 0;
};

class FunctionEmitter {
public:
  FunctionEmitter(DeviceModule &module, const clang::FunctionDecl *fn);

  // Lowers `fn` into the func.func `target`.
  void emitFunction(mlir::func::FuncOp target);
  // Lowers kernel `fn` into the alloy.kernel `target`, whose arguments are
  // the leaves of `info`'s parameters.
  void emitKernel(mlir::Operation *target, const KernelInfo &info);

  // --- Expressions ------------------------------------------------------
  // The value of a scalar expression (null for void).
  mlir::Value emitScalarExpr(const clang::Expr *e);
  // `e` of _Float16/__bf16 type computed in float, not rounded.
  mlir::Value emitPromotedScalarExpr(const clang::Expr *e,
                                     clang::QualType promoted);
  // A branch condition as i1.
  mlir::Value emitCondition(const clang::Expr *e);
  LValue emitLValue(const clang::Expr *e);
  // The address of a glvalue that is not a bit-field.
  Address emitAddress(const clang::Expr *e);
  // Builds the class or array value of `e` at `dest`. A temporary (as
  // opposed to a variable, a return slot or a subobject, which their owner
  // destroys) gets the cleanup its type needs.
  void emitAggregateExpr(const clang::Expr *e, Address dest,
                         bool isTemporary = false);
  // Evaluates `e` for its side effects.
  void emitIgnoredExpr(const clang::Expr *e);
  // Initializes an object of type `t` at `dest` from `init`.
  void emitInit(const clang::Expr *init, Address dest, clang::QualType t);
  // `e` (any value category) in memory: a glvalue's own address, or a
  // temporary holding the prvalue (destroyed with its full-expression).
  Address emitMaterialized(const clang::Expr *e);
  Address emitTemporary(const clang::Expr *e);
  void emitZeroInit(Address dest, clang::QualType t);
  void storeNullMemberPointers(Address dest, clang::QualType t);

  // Conversions between scalar types.
  mlir::Value emitScalarConversion(mlir::Value v, clang::QualType from,
                                   clang::QualType to, mlir::Location l);
  mlir::Value emitToBool(mlir::Value v, mlir::Location l);
  // lhs OP rhs for an arithmetic, shift or comparison operator, the
  // operands already in the types given (pointer arithmetic included).
  mlir::Value emitBinaryOperation(clang::BinaryOperatorKind op,
                                  mlir::Value lhs, mlir::Value rhs,
                                  clang::QualType lhsType,
                                  clang::QualType rhsType,
                                  clang::QualType type, mlir::Location l);
  mlir::Value emitConstant(const clang::APValue &value, clang::QualType t,
                           mlir::Location l);
  // The two arms of a conditional; `arm` emits one and returns its value
  // (null for none); the result is the merged value, if any.
  mlir::Value
  emitConditional(const clang::Expr *cond, const clang::Expr *trueExpr,
                  const clang::Expr *falseExpr, mlir::Type resultType,
                  llvm::function_ref<mlir::Value(const clang::Expr *)> arm);

  // Loads and stores of scalars, bit-fields included.
  mlir::Value emitLoad(Address addr, clang::QualType t);
  void emitStore(mlir::Value v, Address addr, clang::QualType t);
  mlir::Value emitLoadOfLValue(const LValue &lv, clang::QualType t);
  // Returns the value the bit-field (or object) holds afterwards.
  mlir::Value emitStoreToLValue(mlir::Value v, const LValue &lv,
                                clang::QualType t);
  void emitCopy(Address dest, Address src, clang::QualType t);
  // ++/-- (`e`) of the object at `lv`: stores the stepped value and returns
  // the old one.
  mlir::Value emitIncDecAndStore(const clang::UnaryOperator *e,
                                 const LValue &lv);

  // --- Statements -------------------------------------------------------
  void emitStmt(const clang::Stmt *s);
  void emitAsmStmt(const clang::GCCAsmStmt *s);
  void emitPtxAsmCall(const clang::CallExpr *e); // gpu::ptx::asm_volatile
  void emitVarDecl(const clang::VarDecl *vd);
  void emitBindings(const clang::VarDecl *vd);

  // --- Calls --------------------------------------------------------------
  // A call's scalar result (null for void); a class result is built at
  // `sret` (a temporary when null), whose address is then returned.
  mlir::Value emitCallExpr(const clang::CallExpr *e, Address sret = {});
  void emitConstructExpr(const clang::CXXConstructExpr *e, Address dest);
  void emitConstructorCall(const clang::CXXConstructorDecl *ctor, Address dest,
                           llvm::ArrayRef<const clang::Expr *> args,
                           clang::SourceLocation loc);
  void emitArguments(const clang::FunctionDecl *callee,
                     llvm::ArrayRef<const clang::Expr *> args,
                     llvm::SmallVectorImpl<mlir::Value> &operands);
  // Calls the destructor of the object (or each element of the array) at
  // `addr`.
  void emitDestroy(Address addr, clang::QualType t);
  mlir::Value emitBuiltinCall(unsigned builtinId, const clang::CallExpr *e,
                              Address sret);
  mlir::Value emitMathCall(const clang::FunctionDecl *callee,
                           const clang::CallExpr *e);
  mlir::Value emitIntrinsicCall(Intrinsic intrinsic, const clang::CallExpr *e);
  // mma.sync, ldmatrix, cp.async, packed halves (TensorEmitter.cpp).
  mlir::Value emitTensorIntrinsic(Intrinsic intrinsic, const clang::CallExpr *e);
  // Warpgroup MMA and shared addresses (WgmmaEmitter.cpp).
  mlir::Value emitWgmmaIntrinsic(Intrinsic intrinsic, const clang::CallExpr *e);
  mlir::Value emitClusterIntrinsic(Intrinsic intrinsic,
                                   const clang::CallExpr *e);
  // mbarriers, proxy fences, elect.sync (HopperEmitter.cpp).
  mlir::Value emitHopperIntrinsic(Intrinsic intrinsic,
                                  const clang::CallExpr *e);
  // TMA bulk tensor copies and tensor map prefetch (TmaEmitter.cpp).
  mlir::Value emitTmaIntrinsic(Intrinsic intrinsic, const clang::CallExpr *e);
  // Approximate functions of halves and pairs (HalfMathEmitter.cpp).
  mlir::Value emitHalfMathIntrinsic(Intrinsic intrinsic,
                                    const clang::CallExpr *e);
  // The scalar values of a call's arguments, in order.
  llvm::SmallVector<mlir::Value, 8> emitArguments(const clang::CallExpr *e);
  // A generic pointer that <gpu/...> headers only make from shared objects,
  // as the pointer into shared memory that the ops' verifiers require.
  mlir::Value castToShared(mlir::Location l, mlir::Value p);
  // The first `n` 4-byte elements (registers) of type `t` of the array at
  // `p`, and the other way: `values` stored there.
  llvm::SmallVector<mlir::Value, 64> loadWords(mlir::Location l, mlir::Value p,
                                               unsigned n, mlir::Type t);
  void storeWords(mlir::Location l, mlir::Value p, mlir::ValueRange values);
  // One index or size register (Intrinsic::ThreadIdX ... GridDimZ).
  mlir::Value emitRegister(Intrinsic reg, mlir::Location l);
  mlir::Value emitLibdeviceCall(llvm::StringRef name, mlir::Type result,
                                llvm::ArrayRef<mlir::Value> args,
                                mlir::Location l);
  mlir::Value emitPrintf(const clang::CallExpr *e);
  void emitAssertFail(const clang::CallExpr *e);
  void emitCudaAssertFail(mlir::Value message, mlir::Value file,
                          mlir::Value line, mlir::Value function,
                          mlir::Location l);
  // A throw in the standard library (Basic/ASTUtils.h libraryThrow): prints
  // what was thrown where, as a failed assert does, and stops the kernel.
  void emitLibraryThrow(const clang::Expr *e, llvm::StringRef exception);
  mlir::Value emitClock(const clang::CallExpr *e);

  // --- Cleanups (Cleanups.cpp) -----------------------------------------------
  // Destroys the object at `addr` when the innermost scope ends (or when
  // control leaves it); `owner` is the variable it belongs to, if any.
  void pushDestroy(Address addr, clang::QualType t,
                   const clang::VarDecl *owner = nullptr);
  size_t cleanupDepth() const { return cleanups.size(); }
  // Emits the cleanups above `depth` (innermost first) without popping
  // them: for jumps out of scopes.
  void emitCleanupsTo(size_t depth);
  // Emits and pops the cleanups above `depth`.
  void popCleanups(size_t depth);
  // The scope of one full-expression or block: pops its cleanups on exit.
  class CleanupScope {
  public:
    explicit CleanupScope(FunctionEmitter &fe)
        : fe(fe), depth(fe.cleanupDepth()) {}
    ~CleanupScope() { fe.popCleanups(depth); }

  private:
    FunctionEmitter &fe;
    size_t depth;
  };
  // Inside a conditional arm, temporaries get a flag so that their cleanup
  // runs only if they were built.
  unsigned conditionalDepth = 0;
  // Lifetime-extended temporaries whose cleanups move to the enclosing
  // block when the current full-expression ends.
  const clang::VarDecl *extendingDecl = nullptr;

  // --- Constants ------------------------------------------------------------
  Address emitConstantData(llvm::StringRef bytes, uint64_t align,
                           mlir::Location l);
  Address emitStringLiteral(const clang::StringLiteral *s);
  Address emitConstantVariable(const clang::VarDecl *vd);
  // The storage of a [[gpu::device]] or [[gpu::constant]] variable.
  Address emitDeviceGlobal(const clang::VarDecl *vd, mlir::Location l);

  // --- Memory and objects ---------------------------------------------------
  Address createTemp(clang::QualType t);
  Address createTemp(mlir::Type memType, uint64_t align);
  Address memberAddress(Address base, const clang::FieldDecl *field);
  // The object a member names: the member itself, or for a reference member
  // what it refers to.
  LValue fieldLValue(Address base, const clang::FieldDecl *field);
  // *this, in a member function (lambdas' operator() included).
  Address selfAddress();
  Address baseAddress(Address derived, const clang::CXXRecordDecl *from,
                      const clang::CXXRecordDecl *base);
  Address elementAddress(Address array, mlir::Value index,
                         clang::QualType elemType, mlir::Location l);
  // Runs `body` on each of the `count` elements of type `elemType` at
  // `array`, as a loop; `body` gets the element and its index (i64).
  void emitArrayLoop(Address array, uint64_t count, clang::QualType elemType,
                     llvm::function_ref<void(Address, mlir::Value)> body,
                     bool reverse = false);
  // A (possibly multi-dimensional) constant array as one row of its base
  // elements: their count and type.
  std::pair<uint64_t, clang::QualType> flattenArray(clang::QualType t);

  // --- Helpers ----------------------------------------------------------------
  mlir::Location loc(clang::SourceLocation l) { return module.location(l); }
  mlir::Value constantInt(mlir::Location l, mlir::Type t, int64_t v);
  mlir::Value constantFloat(mlir::Location l, mlir::Type t, double v);
  mlir::Value zeroValue(mlir::Type t, mlir::Location l);
  // The value of `T()` for a scalar type: zero, null, or -1 for a pointer
  // to data member.
  mlir::Value nullValue(clang::QualType t, mlir::Location l);
  mlir::Type valueType(clang::QualType t) const {
    return types.valueType(t);
  }
  // Ends the current block with a terminator already emitted: continues in
  // a fresh, unreachable block.
  void startDeadBlock();
  // llvm.unreachable (control never gets here), then startDeadBlock.
  void emitUnreachable(mlir::Location l);
  // llvm.intr.trap (the launch aborts), then emitUnreachable.
  void emitTrap(mlir::Location l);
  bool blockTerminated();
  mlir::Block *newBlock();
  // Branches to `dest` unless the current block already ended.
  void branchTo(mlir::Block *dest, mlir::Location l);
  JumpTarget jumpTarget(mlir::Block *block) {
    return {block, cleanupDepth()};
  }

  DeviceModule &module;
  const clang::FunctionDecl *fn;
  clang::ASTContext &ast;
  TypeLowering &types;
  mlir::OpBuilder b;

  mlir::Region *region = nullptr;
  mlir::Block *entry = nullptr;
  bool isKernel = false;
  mlir::Value thisPtr;
  Address returnSlot; // sret of a function returning a class
  // Locals and by-value parameters: their storage.
  llvm::DenseMap<const clang::VarDecl *, Address> locals;
  // References (parameters and locals): the address they are bound to.
  llvm::DenseMap<const clang::VarDecl *, Address> references;
  // In a lambda's operator(): the closure fields of its captures.
  llvm::DenseMap<const clang::ValueDecl *, clang::FieldDecl *> captures;
  clang::FieldDecl *thisCapture = nullptr;
  // The value of each OpaqueValueExpr being emitted.
  llvm::DenseMap<const clang::OpaqueValueExpr *, mlir::Value> opaqueValues;
  llvm::DenseMap<const clang::OpaqueValueExpr *, LValue> opaqueLValues;
  // The index of the innermost ArrayInitLoopExpr.
  mlir::Value arrayInitIndex;
  // While a default member initializer builds a member of an aggregate,
  // `this` is that aggregate.
  mlir::Value initializedObject;

  struct LoopTargets {
    JumpTarget breakTo;
    JumpTarget continueTo; // null block for a switch
  };
  llvm::SmallVector<LoopTargets, 4> jumps;
  llvm::DenseMap<const clang::SwitchCase *, mlir::Block *> caseBlocks;
  llvm::DenseMap<const clang::LabelDecl *, mlir::Block *> labels;
  // For each label, the variables with cleanups live where it stands.
  llvm::DenseMap<const clang::LabelDecl *,
                 llvm::SmallVector<const clang::VarDecl *, 4>>
      labelScopes;

  struct Cleanup {
    Address addr;
    clang::QualType type;
    const clang::VarDecl *owner;
    Address activeFlag; // i1 in memory, for conditional temporaries
  };
  llvm::SmallVector<Cleanup, 8> cleanups;
  llvm::SmallVector<Cleanup, 2> deferredCleanups;

private:
  void bindParam(const clang::ParmVarDecl *p, mlir::Value arg);
  void emitConstructorPrologue(const clang::CXXConstructorDecl *ctor);
  void emitDestructorEpilogueCleanups(const clang::CXXDestructorDecl *dtor);
  void emitFunctionEnd(clang::SourceLocation end);
  void collectLabelScopes(const clang::Stmt *body);
};

} // namespace alloy

#endif
