// The AST walk of alloy port: what each CUDA construct becomes, recorded as
// edits at original offsets (State.h). Its methods are defined by kind:
// Rewriter.cpp (types, names, positions), LaunchRewrites.cpp (launches and
// kernels), CallRewrites.cpp (the runtime's calls), ErrorRewrites.cpp
// (cudaError_t and its tests).
#ifndef ALLOY_PORT_REWRITER_H
#define ALLOY_PORT_REWRITER_H

#include "State.h"

#include "clang/AST/RecursiveASTVisitor.h"

#include <map>
#include <set>
#include <utility>

namespace alloy::port {

class Rewriter : public clang::RecursiveASTVisitor<Rewriter> {
public:
  Rewriter(ASTContext &ctx, State &st)
      : ctx(ctx), sm(ctx.getSourceManager()), lo(ctx.getLangOpts()), st(st) {
    for (size_t i = 0; i < st.parsed.launches().size(); ++i) {
      launchByCallee[st.parsed.launches()[i].parsedCallee] = i;
      configCallAt[st.parsed.launches()[i].parsedConfigCall] = i;
    }
  }
  bool shouldVisitTemplateInstantiations() const { return false; }
  bool VisitCallExpr(CallExpr *e);
  // True when the call is a statement of its own (its value unused).
  bool discarded(const Expr *e);
  bool VisitDeclRefExpr(DeclRefExpr *e);
  bool VisitTypedefTypeLoc(TypedefTypeLoc tl);
  bool VisitTagTypeLoc(TagTypeLoc tl);
  // cudaDeviceProp's fields, as gpu::device_properties names them.
  bool VisitMemberExpr(MemberExpr *m);
  // CUDA lets a kernel's pointers alias unless they are __restrict__;
  // Alloy's launch refuses an output that overlaps another argument. A
  // ported kernel keeps CUDA's rule: each non-const pointer parameter
  // without __restrict__ is marked [[gpu::may_alias]].
  bool VisitFunctionDecl(FunctionDecl *f);
  // A __global__ precedes the name, with no ; { or } between them.
  bool isKernel(const FunctionDecl *f) const;
  // A stream or event parameter by value becomes a reference (Alloy's
  // streams and events are not copied).
  bool VisitParmVarDecl(ParmVarDecl *p);
  bool VisitUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr *e);
  // `cudaError_t err = cudaSuccess` loses its initializer.
  bool VisitVarDecl(VarDecl *v);
  // err != cudaSuccess -> !(err); err == cudaSuccess -> (err).has_value().
  bool VisitBinaryOperator(BinaryOperator *op);
  // err == cudaErrorAssert -> (!err && err.error().name() ==
  // "CUDA_ERROR_ASSERT"): Alloy's errors carry the driver's names.
  void rewriteErrorCompare(BinaryOperator *op);
  // cudaEventQuery(e) == cudaErrorNotReady -> !e.query().value().
  bool rewriteEventQuery(BinaryOperator *op);
  bool VisitReturnStmt(ReturnStmt *r);
  // A cudaError_t tested as a bool is true on failure; a gpu::result on
  // success.
  bool VisitImplicitCastExpr(ImplicitCastExpr *c);
  bool VisitExplicitCastExpr(ExplicitCastExpr *c);
  void rewriteErrorNumber(const Expr *x);
  void defaultStreamArguments(const CallExpr *e);
  void rewriteStreamVar(const VarDecl *v);
  bool VisitFieldDecl(FieldDecl *f);
  void finish();

private:
  bool inMain(SourceLocation loc) const;
  size_t parsedOffset(SourceLocation loc) const;
  // The original offset of a location (its expansion's, in a macro).
  size_t original(SourceLocation loc) const;
  // The original offset where the token at `loc` is written (in a macro's
  // body or argument too).
  size_t spelled(SourceLocation loc) const;
  size_t endOfToken(SourceLocation loc) const;
  // The original range [b, e) of a parsed range; false in a macro body or
  // inserted text.
  bool range(SourceRange r, size_t &b, size_t &e) const;
  std::string text(const Expr *x) const;
  // `x` names the enumerator `name` (cudaSuccess, ...), or null.
  static const DeclRefExpr *enumeratorRef(const Expr *x, llvm::StringRef name);
  static const DeclRefExpr *successRef(const Expr *x);
  bool isNull(const Expr *x) const;
  // A null stream (0, NULL, nullptr) as gpu::default_stream(); false for
  // another stream.
  bool defaultStreamFor(const Expr *x);
  std::string streamText(const Expr *x) const;
  unsigned writtenArgs(const CallExpr *e) const;
  // ---------------------------------------------------------- launches --
  void rewriteLaunch(CallExpr *e, size_t index);
  // A null pointer argument for a kernel's `pointer` parameter.
  std::string nullDevicePtr(QualType pointer) const;
  void rewriteLaunchArgument(const CallExpr *e, const FunctionDecl *fd,
                             unsigned i);
  // ------------------------------------------------- the runtime's calls --
  bool rename(const CallExpr *e, const std::string &to);
  // Removes written arguments from `first` on (with the comma before).
  void dropArguments(const CallExpr *e, unsigned first);
  bool replaceCall(const CallExpr *e, const std::string &with);
  // cudaMalloc((void **)&p, n): the cast goes, gpu::malloc_device takes T**.
  void uncastFirst(const CallExpr *e);
  bool rewriteRuntimeCall(const CallExpr *e, const std::string &name);
  // cudaLaunchKernel / cudaLaunchCooperativeKernel(kernel, grid, block,
  // args, ...), args an array of the arguments' addresses.
  bool rewriteArrayLaunch(const CallExpr *e, bool cooperative);
  // The kernel named by `x` ((void *)k, &k<T>): its name expression, or
  // null if `x` names no function; kernelName: as written, or empty.
  const Expr *namedKernel(const Expr *x) const;
  std::string kernelName(const Expr *x) const;
  // `gpu::launch_config_1d{grid, block[, shared]}` (3d for dim3s).
  std::string configText(const Expr *grid, const Expr *block,
                         const Expr *shared) const;
  // What a launch argument for `param` (null: unknown) of type `arg` is
  // wrapped in: gpu::device_ptr( ) for pointers, a static_cast for a
  // narrowing scalar, nothing otherwise.
  std::pair<std::string, std::string> argumentWrap(QualType param,
                                                   QualType arg) const;
  // f(object[, argument, ...]) -> object.method([argument]), keeping the
  // rewrites inside them: `object` (a stream when objectIsStream: 0 is the
  // default stream) and `argument` (a stream when argumentIsStream).
  bool method(const CallExpr *e, const Expr *object, const std::string &name,
              const Expr *argument, bool objectIsStream,
              bool argumentIsStream = false);
  // checkCudaErrors(X) -> X.value() (or (X).value()).
  bool rewriteCheck(const CallExpr *e);
  ASTContext &ctx;
  const SourceManager &sm;
  const LangOptions &lo;
  State &st;
  std::map<size_t, size_t> launchByCallee, configCallAt;
  std::map<size_t, const CallExpr *> configCalls;
  std::set<size_t> launched;
  std::set<const DeclRefExpr *> handled;
  std::set<const Expr *> numbered; // cudaError_t values made numbers
};

} // namespace alloy::port

#endif // ALLOY_PORT_REWRITER_H
