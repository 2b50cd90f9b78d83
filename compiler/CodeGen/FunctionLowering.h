// Lowers one function body (a kernel or a device function) from the Clang
// AST to the Alloy dialect plus func/arith/cf/math.
//
// The model follows clang's own code generation: every local lives in an
// alloy.alloca (mem2reg promotes scalars later), expressions produce
// scalars as SSA values, glvalues as addresses, and aggregates are built in
// place in memory. Control flow is unstructured (cf.br / cf.cond_br).
#ifndef ALLOY_COMPILER_CODEGEN_FUNCTIONLOWERING_H
#define ALLOY_COMPILER_CODEGEN_FUNCTIONLOWERING_H

#include "DeviceModule.h"

#include "mlir/IR/Builders.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

namespace alloy {

// A place in memory and what is known of its alignment.
struct Address {
  mlir::Value ptr;
  uint64_t align = 1;
  explicit operator bool() const { return bool(ptr); }
};

// Looks through the wrappers that do not change what an expression computes:
// parentheses, cleanups, default arguments and initializers, substituted
// template parameters.
const clang::Expr *skipTransparent(const clang::Expr *e);

class FunctionLowering {
public:
  FunctionLowering(DeviceModule &module, const clang::FunctionDecl *fn);

  // Lowers `fn` into the func.func `target`.
  void lowerFunction(mlir::func::FuncOp target);
  // Lowers kernel `fn` into the alloy.kernel `target`, whose arguments are
  // the leaves of `info`'s parameters.
  void lowerKernel(mlir::Operation *target, const KernelInfo &info);

  // Statements (StmtLowering.cpp).
  void emitStmt(const clang::Stmt *s);

  // Expressions (ExprLowering.cpp).
  // Never null for a non-void scalar, even after an error.
  mlir::Value emitScalar(const clang::Expr *e);
  mlir::Value emitScalarImpl(const clang::Expr *e);
  Address emitLValue(const clang::Expr *e);
  mlir::Value emitCondition(const clang::Expr *e);
  void emitIgnored(const clang::Expr *e);
  // ++/--: the old value and the operand's address.
  std::pair<mlir::Value, Address> emitIncrement(const clang::UnaryOperator *uo);
  mlir::Value emitBinaryOp(clang::BinaryOperatorKind op, mlir::Value lhs,
                           mlir::Value rhs, clang::QualType lt,
                           clang::QualType rt, clang::QualType resultType,
                           mlir::Location l, const clang::Expr *e);

  // Aggregates (AggregateLowering.cpp).
  void emitAggregateInto(const clang::Expr *e, Address dest);
  // Initializes an object of type `t` at `dest` from `init` (scalar,
  // reference or aggregate).
  void emitInitInto(const clang::Expr *init, Address dest, clang::QualType t);
  void emitZeroInto(Address dest, clang::QualType t);
  Address materialize(const clang::Expr *e);

  // Calls (CallLowering.cpp). Returns the scalar result, if any; a class
  // result is built at `sret`.
  mlir::Value emitCall(const clang::CallExpr *e, Address sret = {});
  mlir::Value emitConstructorCall(const clang::CXXConstructExpr *e,
                                  Address dest);
  void emitArguments(const clang::FunctionDecl *callee,
                     llvm::ArrayRef<const clang::Expr *> args,
                     llvm::SmallVectorImpl<mlir::Value> &operands);
  mlir::Value emitIntrinsic(llvm::StringRef name, const clang::CallExpr *e);
  mlir::Value emitPrintf(const clang::CallExpr *e);
  void emitAssertFail(const clang::CallExpr *e);
  // atomic.* and warp.* intrinsics (AtomicWarpLowering.cpp).
  mlir::Value emitAtomicOrWarpIntrinsic(llvm::StringRef name,
                                        const clang::CallExpr *e);
  mlir::Value emitBuiltin(unsigned builtinId, const clang::CallExpr *e);

  // Constant data (ConstantLowering.cpp).
  Address emitConstantData(llvm::StringRef bytes, uint64_t align,
                           mlir::Location l);
  Address emitStringLiteral(const clang::StringLiteral *s);
  Address emitConstantVariable(const clang::VarDecl *vd,
                               clang::SourceLocation use);

  // Memory.
  Address createTemp(clang::QualType t, llvm::StringRef name = "tmp");
  mlir::Value emitLoad(Address addr, clang::QualType t);
  void emitStore(mlir::Value v, Address addr, clang::QualType t);
  void emitCopy(Address dest, Address src, clang::QualType t);
  Address memberAddress(Address base, const clang::FieldDecl *field);
  // The object a member names: the member itself, or for a reference member
  // what it refers to.
  Address fieldLValue(Address base, const clang::FieldDecl *field);
  // *this, in a member function (lambdas' operator() included).
  Address selfAddress();
  Address baseAddress(Address derived, const clang::CXXRecordDecl *from,
                      const clang::CXXRecordDecl *base);

  // Helpers.
  mlir::Location loc(clang::SourceLocation l) { return module.location(l); }
  mlir::Value constantInt(mlir::Location l, mlir::Type t, int64_t v);
  mlir::Value convertScalar(mlir::Value v, clang::QualType from,
                            clang::QualType to, mlir::Location l);
  mlir::Value toBool(mlir::Value v, clang::QualType from, mlir::Location l);
  // A value of the right type to keep going after an error was reported.
  mlir::Value poison(mlir::Type t, mlir::Location l);
  mlir::Value unsupported(const clang::Stmt *s, const llvm::Twine &what,
                          mlir::Type t = {});
  // Ends the current block with `op`-like control flow and continues in a
  // fresh, unreachable block.
  void startDeadBlock();
  bool blockTerminated();
  mlir::Block *newBlock();

  DeviceModule &module;
  const clang::FunctionDecl *fn;
  clang::ASTContext &ast;
  TypeLowering &types;
  mlir::OpBuilder b;

private:
  friend class StmtLoweringImpl;
  void emitReturn(const clang::ReturnStmt *s);
  void emitSwitch(const clang::SwitchStmt *s);
  void emitSharedArray(const clang::VarDecl *vd);
  mlir::Block *labelBlock(const clang::LabelDecl *label);
  void emitVarDecl(const clang::VarDecl *vd);
  void emitFunctionEnd(clang::SourceLocation end);
  void emitConstructorInitializers(const clang::CXXConstructorDecl *ctor);
  void bindParam(const clang::ParmVarDecl *p, mlir::Value arg);
  std::optional<mlir::Value> tryConstant(const clang::Expr *e);

public:
  mlir::Region *region = nullptr;
  mlir::Block *entry = nullptr;
  bool isKernel = false;
  unsigned errorsAtStart = 0;
  mlir::Value thisPtr;
  Address sretAddr;
  // Locals and by-value parameters: their storage.
  llvm::DenseMap<const clang::VarDecl *, Address> locals;
  // References (parameters and locals): the address they are bound to.
  llvm::DenseMap<const clang::VarDecl *, Address> references;
  // In a lambda's operator(): the closure fields of its captures.
  llvm::DenseMap<const clang::ValueDecl *, clang::FieldDecl *> captures;
  clang::FieldDecl *thisCapture = nullptr;
  struct JumpTargets {
    mlir::Block *breakTo;
    mlir::Block *continueTo;
  };
  llvm::SmallVector<JumpTargets, 4> jumps;
  llvm::DenseMap<const clang::SwitchCase *, mlir::Block *> caseBlocks;
  llvm::DenseMap<const clang::LabelDecl *, mlir::Block *> labels;
};

} // namespace alloy

#endif
