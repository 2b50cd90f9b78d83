#include "Port.h"
#include "Edits.h"
#include "LaunchScanner.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

using namespace clang;

namespace alloy::port {
namespace {

constexpr size_t npos = std::string::npos;

// The CUDA headers that the porting layer replaces.
const llvm::StringSet<> cudaHeaders = {
    "cuda_runtime.h", "cuda.h",          "cuda_runtime_api.h",
    "device_launch_parameters.h",        "cuda_fp16.h",
    "cuda_bf16.h",    "mma.h",           "cuda_profiler_api.h",
    "device_functions.h",                "vector_types.h",
    "helper_cuda.h",  "cooperative_groups.h"};

struct State {
  const std::string &original;
  const ParsedText &parsed;
  PortResult &result;
  EditList edits;
  std::vector<std::pair<size_t, size_t>> covered; // replaced ranges
  std::set<std::pair<size_t, std::string>> reported;
  std::vector<size_t> lineStarts;
  bool sawHelperString = false;
  struct MacroUse {
    size_t at, written; // expansion and spelling offsets
    std::string name;
  };
  std::vector<MacroUse> pendingMacros;
  std::vector<size_t> globals; // parsed offsets of __global__

  State(const std::string &o, const ParsedText &p, PortResult &r)
      : original(o), parsed(p), result(r) {
    lineStarts.push_back(0);
    for (size_t i = 0; i < o.size(); ++i)
      if (o[i] == '\n')
        lineStarts.push_back(i + 1);
  }
  void lineColumn(size_t offset, unsigned &line, unsigned &column) const {
    auto it = std::upper_bound(lineStarts.begin(), lineStarts.end(), offset);
    line = unsigned(it - lineStarts.begin());
    column = unsigned(offset - *(it - 1) + 1);
  }
  // (A declaration of several variables visits its type once per
  // variable, and a macro's body is seen at each use: the same edit again
  // is ignored.)
  std::set<std::tuple<size_t, size_t, std::string>> made;
  void insert(size_t at, std::string text) { replace(at, at, std::move(text)); }
  void replace(size_t b, size_t e, std::string text) {
    if (!made.insert({b, e, text}).second)
      return;
    edits.replace(b, e, std::move(text));
    if (e > b)
      covered.push_back({b, e});
  }
  bool isCovered(size_t offset) const {
    for (auto [b, e] : covered)
      if (offset >= b && offset < e)
        return true;
    return false;
  }
  void note(size_t offset, std::string message) {
    if (offset == npos || isCovered(offset) ||
        !reported.insert({offset, message}).second)
      return;
    Note n;
    lineColumn(offset, n.line, n.column);
    n.message = std::move(message);
    result.untranslated.push_back(std::move(n));
  }
};

bool isStubDecl(const SourceManager &sm, const Decl *d) {
  if (!d)
    return false;
  SourceLocation loc = sm.getSpellingLoc(d->getLocation());
  return sm.getFilename(loc).ends_with("alloy_port_cuda.h");
}

// The name of a call's callee when the porting stubs declare it (also for
// a call in a template that is not resolved yet).
std::string stubCallee(const SourceManager &sm, const CallExpr *e,
                       const DeclRefExpr **ref) {
  const Expr *callee = e->getCallee()->IgnoreParenImpCasts();
  if (const auto *dre = dyn_cast<DeclRefExpr>(callee)) {
    if (isStubDecl(sm, dre->getDecl())) {
      *ref = dre;
      return dre->getNameInfo().getAsString();
    }
  } else if (const auto *ule = dyn_cast<UnresolvedLookupExpr>(callee)) {
    for (const NamedDecl *d : ule->decls())
      if (isStubDecl(sm, d))
        return ule->getName().getAsString();
  }
  return "";
}

bool isNamedType(QualType t, llvm::StringRef name) {
  for (QualType cur = t; !cur.isNull();) {
    if (const auto *td = cur->getAs<TypedefType>()) {
      if (td->getDecl()->getName() == name)
        return true;
      cur = td->getDecl()->getUnderlyingType();
    } else {
      break;
    }
  }
  return false;
}
bool isCudaError(QualType t) {
  if (t.isNull())
    return false;
  if (const auto *et = t.getCanonicalType()->getAs<EnumType>())
    return et->getDecl()->getName() == "cudaError";
  return false;
}

// True when every value of `from` is a value of `to` (Alloy's scalar
// argument rule).
bool valuePreserving(ASTContext &ctx, QualType from, QualType to) {
  from = from.getCanonicalType().getUnqualifiedType();
  to = to.getCanonicalType().getUnqualifiedType();
  if (ctx.hasSameType(from, to))
    return true;
  if (!from->isArithmeticType() || !to->isArithmeticType() ||
      from->isBooleanType() || to->isBooleanType() || from->isEnumeralType() ||
      to->isEnumeralType())
    return false;
  auto precision = [&](QualType t) {
    return llvm::APFloat::semanticsPrecision(ctx.getFloatTypeSemantics(t));
  };
  if (from->isIntegerType() && to->isIntegerType()) {
    bool fs = from->isSignedIntegerType(), ts = to->isSignedIntegerType();
    unsigned fw = ctx.getIntWidth(from), tw = ctx.getIntWidth(to);
    return (fs == ts && tw >= fw) || (!fs && ts && tw > fw);
  }
  if (from->isRealFloatingType() && to->isRealFloatingType())
    return ctx.getFloatingTypeOrder(to, from) >= 0;
  if (from->isIntegerType() && to->isRealFloatingType())
    return ctx.getIntWidth(from) - (from->isSignedIntegerType() ? 1 : 0) <=
           precision(to);
  return false;
}

class Visitor : public RecursiveASTVisitor<Visitor> {
public:
  Visitor(ASTContext &ctx, State &st)
      : ctx(ctx), sm(ctx.getSourceManager()), lo(ctx.getLangOpts()), st(st) {
    for (size_t i = 0; i < st.parsed.launches().size(); ++i) {
      launchByCallee[st.parsed.launches()[i].parsedCallee] = i;
      configCallAt[st.parsed.launches()[i].parsedConfigCall] = i;
    }
  }

  bool shouldVisitTemplateInstantiations() const { return false; }

  bool VisitCallExpr(CallExpr *e) {
    if (!inMain(e->getBeginLoc()))
      return true;
    size_t parsedBegin = parsedOffset(e->getBeginLoc());
    if (auto it = configCallAt.find(parsedBegin); it != configCallAt.end()) {
      configCalls[it->second] = e;
      return true;
    }
    if (auto it = launchByCallee.find(parsedBegin);
        it != launchByCallee.end() && !e->getBeginLoc().isMacroID()) {
      rewriteLaunch(e, it->second);
      return true;
    }
    const DeclRefExpr *ref = nullptr;
    std::string name = stubCallee(sm, e, &ref);
    if (!name.empty() && rewriteRuntimeCall(e, name)) {
      ++st.result.calls;
      if (ref)
        handled.insert(ref);
      // A result that CUDA code ignores is checked: .value() throws.
      size_t b, en;
      if (name.rfind("__alloy_port", 0) != 0 && name != "findCudaDevice" &&
          name != "_ConvertSMVer2Cores" && discarded(e) &&
          range(e->getSourceRange(), b, en))
        st.insert(en, ".value()");
    }
    return true;
  }

  // True when the call is a statement of its own (its value unused).
  bool discarded(const Expr *e) {
    DynTypedNodeList parents = ctx.getParents(*e);
    while (parents.size() == 1 && parents[0].get<ParenExpr>())
      parents = ctx.getParents(*parents[0].get<ParenExpr>());
    if (parents.size() != 1)
      return false;
    const Stmt *p = parents[0].get<Stmt>();
    if (!p || isa<Expr>(p) || isa<ReturnStmt>(p))
      return false;
    if (const auto *i = dyn_cast<IfStmt>(p))
      return i->getCond() != e;
    if (const auto *w = dyn_cast<WhileStmt>(p))
      return w->getCond() != e;
    if (const auto *d = dyn_cast<DoStmt>(p))
      return d->getCond() != e;
    if (const auto *f = dyn_cast<ForStmt>(p))
      return f->getCond() != e;
    return isa<CompoundStmt, CaseStmt, DefaultStmt, LabelStmt>(p);
  }

  bool VisitDeclRefExpr(DeclRefExpr *e) {
    if (handled.count(e) || !inMain(e->getLocation()) ||
        !isStubDecl(sm, e->getDecl()))
      return true;
    std::string name = e->getNameInfo().getAsString();
    size_t written = spelled(e->getLocation());
    if (name.rfind("__alloy_port", 0) == 0 ||
        (written != npos && st.isCovered(written)))
      return true;
    if (isa<EnumConstantDecl>(e->getDecl()) && name == "cudaSuccess")
      st.note(original(e->getLocation()),
              "cudaSuccess: Alloy's calls return gpu::result<void>, which "
              "converts to true on success");
    else
      st.note(original(e->getLocation()),
              name + ": no Alloy form yet (see docs/porting.md)");
    return true;
  }

  bool VisitTypedefTypeLoc(TypedefTypeLoc tl) {
    const TypedefNameDecl *d = tl.getDecl();
    if (!isStubDecl(sm, d) || !inMain(tl.getNameLoc()))
      return true;
    static const std::map<std::string, std::string> types = {
        {"cudaError_t", "gpu::result<void>"},
        {"cudaStream_t", "gpu::stream"},
        {"cudaEvent_t", "gpu::event"}};
    auto it = types.find(d->getName().str());
    size_t b = spelled(tl.getNameLoc());
    if (it == types.end() || b == npos) {
      st.note(original(tl.getNameLoc()),
              d->getName().str() + ": no Alloy form yet");
      return true;
    }
    st.replace(b, b + d->getName().size(), it->second);
    return true;
  }

  bool VisitTagTypeLoc(TagTypeLoc tl) {
    if (!isStubDecl(sm, tl.getDecl()) || !inMain(tl.getNameLoc()))
      return true;
    size_t b = spelled(tl.getNameLoc());
    std::string name = tl.getDecl()->getName().str();
    if (name == "cudaDeviceProp" && b != npos)
      st.replace(b, b + name.size(), "gpu::device_properties");
    else
      st.note(original(tl.getNameLoc()), name + ": no Alloy form yet");
    return true;
  }

  // cudaDeviceProp's fields, as gpu::device_properties names them.
  bool VisitMemberExpr(MemberExpr *m) {
    const auto *field = dyn_cast<FieldDecl>(m->getMemberDecl());
    if (!field || !isStubDecl(sm, field) || !inMain(m->getMemberLoc()))
      return true;
    static const std::map<std::string, std::string> fields = {
        {"name", "name.c_str()"},
        {"major", "compute_capability.major"},
        {"minor", "compute_capability.minor"},
        {"multiProcessorCount", "multiprocessor_count"},
        {"warpSize", "warp_size"},
        {"maxThreadsPerBlock", "max_threads_per_block"},
        {"maxThreadsPerMultiProcessor", "max_threads_per_multiprocessor"},
        {"regsPerBlock", "registers_per_block"},
        {"sharedMemPerBlock", "shared_memory_per_block"},
        {"sharedMemPerBlockOptin", "shared_memory_per_block_optin"},
        {"sharedMemPerMultiprocessor", "shared_memory_per_multiprocessor"},
        {"l2CacheSize", "l2_cache_bytes"},
        {"clockRate", "clock_rate_khz"},
        {"memoryClockRate", "memory_clock_rate_khz"},
        {"memoryBusWidth", "memory_bus_width_bits"},
        {"totalGlobalMem", "total_memory"},
        {"totalConstMem", "total_constant_memory"},
        {"maxThreadsDim", "max_block_dim"},
        {"maxGridSize", "max_grid_dim"},
        {"asyncEngineCount", "async_engine_count"},
        {"deviceOverlap", "async_engine_count"},
        {"concurrentKernels", "concurrent_kernels"},
        {"integrated", "integrated"},
        {"canMapHostMemory", "can_map_host_memory"},
        {"cooperativeLaunch", "cooperative_launch"}};
    std::string name = field->getName().str();
    size_t b = spelled(m->getMemberLoc());
    auto it = fields.find(name);
    if (it == fields.end() || b == npos) {
      st.note(original(m->getMemberLoc()), "cudaDeviceProp::" + name +
                     ": gpu::device_properties has no such field");
      return true;
    }
    st.replace(b, b + name.size(), it->second);
    return true;
  }

  // CUDA lets a kernel's pointers alias unless they are __restrict__;
  // Alloy's launch refuses an output that overlaps another argument. A
  // ported kernel keeps CUDA's rule: each non-const pointer parameter
  // without __restrict__ is marked [[gpu::may_alias]].
  bool VisitFunctionDecl(FunctionDecl *f) {
    if (!inMain(f->getLocation()) || !isKernel(f))
      return true;
    for (ParmVarDecl *p : f->parameters()) {
      QualType t = p->getType();
      if (!t->isPointerType() || t.isRestrictQualified() ||
          t->getPointeeType().isConstQualified())
        continue;
      size_t b = spelled(p->getBeginLoc());
      if (b != npos)
        st.insert(b, "[[gpu::may_alias]] ");
    }
    return true;
  }
  // A __global__ precedes the name, with no ; { or } between them.
  bool isKernel(const FunctionDecl *f) const {
    size_t name = parsedOffset(sm.getSpellingLoc(f->getLocation()));
    if (name == npos)
      return false;
    const std::string &text = st.parsed.text();
    for (size_t g : st.globals)
      if (g < name && text.find_first_of(";{}", g) > name)
        return true;
    return false;
  }

  // A stream or event parameter by value becomes a reference (Alloy's
  // streams and events are not copied).
  bool VisitParmVarDecl(ParmVarDecl *p) {
    if (!inMain(p->getLocation()) || p->getLocation().isMacroID())
      return true;
    QualType t = p->getType();
    if ((isNamedType(t, "cudaStream_t") || isNamedType(t, "cudaEvent_t")) &&
        !p->getName().empty())
      st.insert(original(p->getLocation()), "&");
    return true;
  }

  bool VisitUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr *e) {
    if (!inMain(e->getBeginLoc()) || e->getKind() != UETT_SizeOf)
      return true;
    QualType t = e->getTypeOfArgument();
    if (isNamedType(t, "cudaStream_t") || isNamedType(t, "cudaEvent_t"))
      st.note(original(e->getBeginLoc()),
              "sizeof a stream or event: gpu::stream and gpu::event are "
              "objects, not handles (keep them in a std::vector or an "
              "array, not in malloc'd memory)");
    return true;
  }

  // `cudaError_t err = cudaSuccess` loses its initializer.
  bool VisitVarDecl(VarDecl *v) {
    if (!inMain(v->getLocation()) || !isCudaError(v->getType()) ||
        !v->getInit())
      return true;
    if (const auto *dre = successRef(v->getInit())) {
      size_t nameEnd = endOfToken(v->getLocation());
      size_t b, e;
      if (nameEnd != npos && range(v->getInit()->getSourceRange(), b, e)) {
        st.replace(nameEnd, e, "");
        handled.insert(dre);
      }
    }
    return true;
  }

  // err != cudaSuccess -> !(err); err == cudaSuccess -> (err).has_value().
  bool VisitBinaryOperator(BinaryOperator *op) {
    if (!inMain(op->getOperatorLoc()) ||
        (op->getOpcode() != BO_EQ && op->getOpcode() != BO_NE))
      return true;
    if (rewriteEventQuery(op))
      return true;
    const Expr *lhs = op->getLHS(), *rhs = op->getRHS();
    const DeclRefExpr *success = successRef(rhs);
    const Expr *value = lhs;
    bool successFirst = false;
    if (!success) {
      success = successRef(lhs);
      value = rhs;
      successFirst = true;
    }
    if (!success) {
      rewriteErrorCompare(op);
      return true;
    }
    if (!isCudaError(value->IgnoreParenImpCasts()->getType()))
      return true;
    size_t ob, oe, vb, ve;
    if (!range(op->getSourceRange(), ob, oe) ||
        !range(value->getSourceRange(), vb, ve))
      return true;
    bool ne = op->getOpcode() == BO_NE;
    const Expr *bare = value->IgnoreParenImpCasts();
    bool simple = isa<DeclRefExpr, MemberExpr, CallExpr>(bare);
    std::string open = ne ? (simple ? "!" : "!(") : (simple ? "" : "(");
    std::string close = (simple ? "" : ")") + std::string(ne ? "" : ".has_value()");
    if (!successFirst) { // value OP cudaSuccess
      st.insert(vb, open);
      st.replace(ve, oe, close);
    } else { // cudaSuccess OP value
      st.replace(ob, vb, open);
      st.insert(ve, close);
    }
    handled.insert(success);
    return true;
  }

  // err == cudaErrorAssert -> (!err && err.error().name() ==
  // "CUDA_ERROR_ASSERT"): Alloy's errors carry the driver's names.
  void rewriteErrorCompare(BinaryOperator *op) {
    static const std::map<std::string, std::string> names = {
        {"cudaErrorInvalidValue", "CUDA_ERROR_INVALID_VALUE"},
        {"cudaErrorMemoryAllocation", "CUDA_ERROR_OUT_OF_MEMORY"},
        {"cudaErrorInitializationError", "CUDA_ERROR_NOT_INITIALIZED"},
        {"cudaErrorNoDevice", "CUDA_ERROR_NO_DEVICE"},
        {"cudaErrorInvalidDevice", "CUDA_ERROR_INVALID_DEVICE"},
        {"cudaErrorNotReady", "CUDA_ERROR_NOT_READY"},
        {"cudaErrorAssert", "CUDA_ERROR_ASSERT"},
        {"cudaErrorLaunchFailure", "CUDA_ERROR_LAUNCH_FAILED"}};
    const auto *code =
        dyn_cast<DeclRefExpr>(op->getRHS()->IgnoreParenImpCasts());
    const auto *var = dyn_cast<DeclRefExpr>(op->getLHS()->IgnoreParenImpCasts());
    if (!code || !var || !isa<VarDecl>(var->getDecl()) ||
        !isCudaError(var->getType()) || !isStubDecl(sm, code->getDecl()))
      return;
    auto it = names.find(code->getDecl()->getName().str());
    size_t b, e;
    if (it == names.end() || !range(op->getSourceRange(), b, e))
      return;
    std::string v = text(var);
    bool eq = op->getOpcode() == BO_EQ;
    st.replace(b, e,
               std::string(eq ? "(!" : "(") + v + (eq ? " && " : " || ") + v +
                   ".error().name() " + (eq ? "==" : "!=") + " \"" +
                   it->second + "\")");
    handled.insert(code);
  }

  // cudaEventQuery(e) == cudaErrorNotReady -> !e.query().value().
  bool rewriteEventQuery(BinaryOperator *op) {
    const auto *call = dyn_cast<CallExpr>(op->getLHS()->IgnoreParenImpCasts());
    const auto *code =
        dyn_cast<DeclRefExpr>(op->getRHS()->IgnoreParenImpCasts());
    const DeclRefExpr *ref = nullptr;
    if (!call || !code || call->getNumArgs() != 1 ||
        stubCallee(sm, call, &ref) != "cudaEventQuery")
      return false;
    std::string c = code->getDecl()->getName().str();
    if (c != "cudaErrorNotReady" && c != "cudaSuccess")
      return false;
    bool ready = (c == "cudaSuccess") == (op->getOpcode() == BO_EQ);
    size_t b, e;
    if (!range(op->getSourceRange(), b, e))
      return false;
    st.replace(b, e,
               std::string(ready ? "" : "!") + text(call->getArg(0)) +
                   ".query().value()");
    handled.insert(code);
    if (ref)
      handled.insert(ref);
    ++st.result.calls;
    return true;
  }

  bool VisitReturnStmt(ReturnStmt *r) {
    if (!r->getRetValue() || !inMain(r->getBeginLoc()))
      return true;
    if (const auto *dre = successRef(r->getRetValue())) {
      size_t b, e;
      if (range(dre->getSourceRange(), b, e)) {
        st.replace(b, e, "{}");
        handled.insert(dre);
      }
    }
    return true;
  }

  // A cudaError_t tested as a bool is true on failure; a gpu::result on
  // success.
  bool VisitImplicitCastExpr(ImplicitCastExpr *c) {
    if (c->getCastKind() != CK_IntegralToBoolean || !inMain(c->getBeginLoc()))
      return true;
    const Expr *sub = c->getSubExpr();
    if (!isCudaError(sub->IgnoreParenImpCasts()->getType()))
      return true;
    size_t b, e;
    if (range(sub->getSourceRange(), b, e)) {
      st.insert(b, "!(");
      st.insert(e, ")");
    }
    return true;
  }

  void finish() {
    for (size_t i = 0; i < st.parsed.launches().size(); ++i)
      if (!launched.count(i))
        st.note(st.parsed.launches()[i].open,
                "a launch that alloy port could not rewrite (its kernel "
                "call did not parse)");
  }

private:
  bool inMain(SourceLocation loc) const {
    return loc.isValid() && sm.isInMainFile(sm.getExpansionLoc(loc));
  }
  size_t parsedOffset(SourceLocation loc) const {
    loc = sm.getFileLoc(loc);
    auto [file, offset] = sm.getDecomposedLoc(loc);
    return file == sm.getMainFileID() ? offset : npos;
  }
  // The original offset of a location (its expansion's, in a macro).
  size_t original(SourceLocation loc) const {
    size_t p = parsedOffset(sm.getExpansionLoc(loc));
    return p == npos ? npos : st.parsed.toOriginal(p);
  }
  // The original offset where the token at `loc` is written (in a macro's
  // body or argument too).
  size_t spelled(SourceLocation loc) const {
    size_t p = parsedOffset(sm.getSpellingLoc(loc));
    return p == npos ? npos : st.parsed.toOriginal(p);
  }
  size_t endOfToken(SourceLocation loc) const {
    if (loc.isMacroID() && !sm.isMacroArgExpansion(loc)) {
      SourceLocation s0 = sm.getSpellingLoc(loc);
      if (!sm.isInMainFile(s0))
        return npos;
      size_t b = spelled(loc);
      return b == npos ? npos : b + Lexer::MeasureTokenLength(s0, sm, lo);
    }
    SourceLocation end = Lexer::getLocForEndOfToken(loc, 0, sm, lo);
    if (end.isInvalid())
      return npos;
    size_t p = parsedOffset(end);
    return p == npos ? npos : st.parsed.endToOriginal(p);
  }
  // The original range [b, e) of a parsed range; false in a macro body or
  // inserted text.
  bool range(SourceRange r, size_t &b, size_t &e) const {
    CharSourceRange cr = Lexer::makeFileCharRange(
        CharSourceRange::getTokenRange(r), sm, lo);
    if (cr.isInvalid()) { // within one macro's body: where it is written
      SourceLocation b0 = sm.getSpellingLoc(r.getBegin()),
                     e0 = sm.getSpellingLoc(r.getEnd());
      if (!sm.isInMainFile(b0) || !sm.isInMainFile(e0) ||
          sm.isBeforeInTranslationUnit(e0, b0))
        return false;
      cr = CharSourceRange::getCharRange(
          b0, Lexer::getLocForEndOfToken(e0, 0, sm, lo));
    }
    auto [fb, pb] = sm.getDecomposedLoc(cr.getBegin());
    auto [fe, pe] = sm.getDecomposedLoc(cr.getEnd());
    if (fb != sm.getMainFileID() || fe != fb)
      return false;
    b = st.parsed.toOriginal(pb);
    e = st.parsed.endToOriginal(pe);
    return b != npos && e != npos && b <= e;
  }
  std::string text(const Expr *x) const {
    size_t b, e;
    if (!range(x->getSourceRange(), b, e))
      return "";
    return st.original.substr(b, e - b);
  }
  static const DeclRefExpr *successRef(const Expr *x) {
    const auto *dre = dyn_cast<DeclRefExpr>(x->IgnoreParenImpCasts());
    if (dre && isa<EnumConstantDecl>(dre->getDecl()) &&
        dre->getDecl()->getName() == "cudaSuccess")
      return dre;
    return nullptr;
  }
  bool isNull(const Expr *x) const {
    return x->isNullPointerConstant(ctx, Expr::NPC_ValueDependentIsNotNull) !=
           Expr::NPCK_NotNull;
  }
  std::string streamText(const Expr *x) const {
    if (!x || isa<CXXDefaultArgExpr>(x) || isNull(x))
      return "gpu::default_stream()";
    return text(x);
  }
  unsigned writtenArgs(const CallExpr *e) const {
    unsigned n = 0;
    for (const Expr *a : e->arguments())
      if (!isa<CXXDefaultArgExpr>(a))
        ++n;
    return n;
  }

  // ---------------------------------------------------------- launches --
  void rewriteLaunch(CallExpr *e, size_t index) {
    const Launch &l = st.parsed.launches()[index];
    launched.insert(index);
    const Expr *target = e->getCallee()->IgnoreParenImpCasts();
    const auto *ref = dyn_cast<DeclRefExpr>(target);
    if (!isa<UnresolvedLookupExpr>(target) &&
        !(ref && isa<FunctionDecl>(ref->getDecl()))) {
      st.note(l.callee, "a launch through a function pointer: Alloy "
                        "launches a kernel named at compile time (choose "
                        "the kernel with an if or a switch)");
      return;
    }
    const CallExpr *config = configCalls.count(index) ? configCalls[index]
                                                      : nullptr;
    if (!config || config->getNumArgs() < 2) {
      st.note(l.open, "a launch configuration without a grid and a block");
      return;
    }
    // The configuration's parts, as written (comments and all).
    const unsigned count = config->getNumArgs();
    auto part = [&](unsigned i) { return text(config->getArg(i)); };
    QualType grid = config->getArg(0)->getType(),
             block = config->getArg(1)->getType();
    bool oneD = !grid->isDependentType() && !block->isDependentType() &&
                grid->isIntegralOrEnumerationType() &&
                block->isIntegralOrEnumerationType();
    std::string cfg = std::string("gpu::launch_config_") +
                      (oneD ? "1d{" : "3d{") + part(0) + ", " + part(1);
    if (count > 2 && !isNull(config->getArg(2)))
      cfg += ", " + part(2);
    cfg += "}";
    std::string stream = count > 3 ? streamText(config->getArg(3))
                                   : std::string("gpu::default_stream()");

    std::string callee = st.original.substr(l.callee, l.open - l.callee);
    while (!callee.empty() && std::isspace((unsigned char)callee.back()))
      callee.pop_back();
    const FunctionDecl *fd = e->getDirectCallee();
    if (const auto *ule = dyn_cast<UnresolvedLookupExpr>(target))
      for (const NamedDecl *d : ule->decls()) // in a template: the pattern
        if (const auto *t = dyn_cast<FunctionTemplateDecl>(d))
          fd = t->getTemplatedDecl();
    if (fd && fd->getTemplateSpecializationArgs() &&
        callee.find('<') == npos) { // deduced template arguments
      std::string args;
      llvm::raw_string_ostream os(args);
      printTemplateArgumentList(os,
                                fd->getTemplateSpecializationArgs()->asArray(),
                                ctx.getPrintingPolicy());
      callee += os.str();
    }
    size_t paren = st.original.find_first_not_of(" \t\r\n", l.close);
    size_t callBegin, callEnd;
    if (paren == npos || st.original[paren] != '(' ||
        !range(e->getSourceRange(), callBegin, callEnd)) {
      st.note(l.open, "a launch whose arguments alloy port cannot find");
      return;
    }
    std::string prefix = "gpu::launch_unchecked<" + callee + ">(" + stream +
                         ", " + cfg + (writtenArgs(e) ? ", " : "");
    st.replace(l.callee, paren + 1, prefix);
    for (unsigned i = 0; i < e->getNumArgs(); ++i)
      rewriteLaunchArgument(e, fd, i);
    // CUDA fills in a kernel's default arguments; Alloy's launch takes
    // every argument.
    std::string defaults;
    for (unsigned i = 0; i < e->getNumArgs(); ++i) {
      const auto *d = dyn_cast<CXXDefaultArgExpr>(e->getArg(i));
      if (!d || !fd)
        continue;
      const ParmVarDecl *p = fd->getParamDecl(i);
      std::string value = text(d->getExpr());
      if (value.empty()) { // written in another file
        llvm::raw_string_ostream os(value);
        d->getExpr()->printPretty(os, nullptr, ctx.getPrintingPolicy());
      }
      if (p->getType()->isPointerType() && isNull(d->getExpr()))
        value = "gpu::device_ptr<" +
                p->getType()->getPointeeType().getAsString(
                    ctx.getPrintingPolicy()) +
                ">()";
      else if (p->getType()->isPointerType())
        value = "gpu::device_ptr(" + value + ")";
      defaults += (writtenArgs(e) || !defaults.empty() ? ", " : "") + value;
    }
    if (!defaults.empty()) {
      if (!writtenArgs(e)) // the prefix ended without a comma
        defaults = ", " + defaults.substr(0);
      st.insert(callEnd - 1, defaults);
    }
    st.insert(callEnd, ".value()");
    ++st.result.launches;
  }

  void rewriteLaunchArgument(const CallExpr *e, const FunctionDecl *fd,
                             unsigned i) {
    const Expr *arg = e->getArg(i);
    if (isa<CXXDefaultArgExpr>(arg))
      return;
    size_t b, en;
    if (!range(arg->getSourceRange(), b, en))
      return;
    QualType param = fd && i < fd->getNumParams()
                         ? fd->getParamDecl(i)->getType()
                         : QualType();
    QualType argType = arg->IgnoreParenImpCasts()->getType();
    bool pointerParam = !param.isNull() && param->isPointerType();
    if (pointerParam || (param.isNull() && (argType->isPointerType() ||
                                            argType->isArrayType()))) {
      if (isNull(arg)) {
        if (pointerParam)
          st.replace(b, en,
                     "gpu::device_ptr<" +
                         param->getPointeeType().getAsString(
                             ctx.getPrintingPolicy()) +
                         ">()");
        return;
      }
      st.insert(b, "gpu::device_ptr(");
      st.insert(en, ")");
      return;
    }
    if (!param.isNull() && !param->isDependentType() &&
        !argType->isDependentType() && param->isArithmeticType() &&
        argType->isArithmeticType() &&
        !valuePreserving(ctx, argType, param)) {
      st.insert(b, "static_cast<" +
                             param.getUnqualifiedType().getAsString(
                                 ctx.getPrintingPolicy()) +
                             ">(");
      st.insert(en, ")");
    }
  }

  // ------------------------------------------------- the runtime's calls --
  bool rename(const CallExpr *e, const std::string &to) {
    size_t b, en;
    if (!range(e->getCallee()->getSourceRange(), b, en))
      return false;
    st.replace(b, en, to);
    return true;
  }
  // Removes written arguments from `first` on (with the comma before).
  void dropArguments(const CallExpr *e, unsigned first) {
    unsigned n = writtenArgs(e);
    if (first == 0 || first >= n)
      return;
    size_t pb, pe, lb, le;
    if (range(e->getArg(first - 1)->getSourceRange(), pb, pe) &&
        range(e->getArg(n - 1)->getSourceRange(), lb, le))
      st.replace(pe, le, "");
  }
  bool replaceCall(const CallExpr *e, const std::string &with) {
    size_t b, en;
    if (!range(e->getSourceRange(), b, en))
      return false;
    st.replace(b, en, with);
    return true;
  }
  // cudaMalloc((void **)&p, n): the cast goes, gpu::malloc_device takes T**.
  void uncastFirst(const CallExpr *e) {
    const Expr *a = e->getArg(0)->IgnoreParens();
    if (const auto *cast = dyn_cast<ExplicitCastExpr>(a)) {
      const Expr *inner = cast->getSubExprAsWritten()->IgnoreParens();
      size_t b, en, ib, ie;
      if (range(a->getSourceRange(), b, en) &&
          range(inner->getSourceRange(), ib, ie))
        st.replace(b, en, st.original.substr(ib, ie - ib));
    }
  }

  bool rewriteRuntimeCall(const CallExpr *e, const std::string &name) {
    unsigned n = writtenArgs(e);
    auto arg = [&](unsigned i) { return text(e->getArg(i)); };
    if (name == "__alloy_port_check")
      return rewriteCheck(e);
    if (name == "__alloy_port_last_error") {
      CharSourceRange r = sm.getExpansionRange(e->getBeginLoc());
      size_t b = original(r.getBegin()), en = endOfToken(r.getEnd());
      if (b == npos || en == npos)
        return false;
      st.replace(b, en,
                 "(void)0 /* getLastCudaError: the launch's .value() "
                 "reports its errors */");
      return true;
    }
    if (name == "cudaMalloc" || name == "cudaMallocHost" ||
        name == "cudaHostAlloc") {
      if (n < 2)
        return false;
      uncastFirst(e);
      dropArguments(e, 2);
      return rename(e, name == "cudaMalloc" ? "gpu::malloc_device"
                                            : "gpu::malloc_host");
    }
    static const std::map<std::string, std::string> renames = {
        {"cudaFree", "gpu::free_device"},
        {"cudaFreeHost", "gpu::free_host"},
        {"cudaMemset", "gpu::memset"},
        {"cudaSetDevice", "gpu::set_default_device"},
        {"cudaGetDeviceCount", "gpu::device_count"},
        {"cudaGetDevice", "gpu::get_default_device"},
        {"cudaGetDeviceProperties", "gpu::get_device_properties"},
        {"cudaStreamCreate", "gpu::create_stream"},
        {"cudaEventCreate", "gpu::create_event"},
        {"cudaEventElapsedTime", "gpu::elapsed_ms"},
        {"cudaStreamDestroy", "gpu::destroy"},
        {"cudaEventDestroy", "gpu::destroy"}};
    if (auto it = renames.find(name); it != renames.end())
      return rename(e, it->second);
    if (name == "cudaStreamCreateWithFlags" ||
        name == "cudaEventCreateWithFlags") {
      dropArguments(e, 1);
      return rename(e, name[4] == 'S' ? "gpu::create_stream"
                                      : "gpu::create_event");
    }
    if (name == "cudaMemcpy") {
      dropArguments(e, 3);
      return rename(e, "gpu::memcpy");
    }
    if (name == "cudaMemcpyAsync" || name == "cudaMemsetAsync") {
      bool copy = name == "cudaMemcpyAsync";
      unsigned streamAt = copy ? 4 : 3;
      std::string s =
          streamText(e->getNumArgs() > streamAt ? e->getArg(streamAt) : nullptr);
      size_t b, en;
      if (!range(e->getArg(0)->getSourceRange(), b, en))
        return false;
      st.insert(b, s + ", ");
      dropArguments(e, 3);
      return rename(e, copy ? "gpu::memcpy_async" : "gpu::memset");
    }
    if (name == "cudaMemcpyToSymbol" || name == "cudaMemcpyFromSymbol") {
      size_t b, en;
      if (n < 3 || !range(e->getArg(0)->getSourceRange(), b, en))
        return false;
      st.insert(b, "gpu::default_stream(), ");
      dropArguments(e, 4); // the copy kind
      return rename(e, name == "cudaMemcpyToSymbol" ? "gpu::copy_to_symbol"
                                                    : "gpu::copy_from_symbol");
    }
    if (name == "cudaDeviceSynchronize" || name == "cudaThreadSynchronize" ||
        name == "cudaDeviceReset")
      return replaceCall(e, "gpu::device_synchronize()");
    if (name == "cudaGetLastError" || name == "cudaPeekAtLastError")
      return replaceCall(e, "gpu::result<void>{}");
    if (name == "cudaStreamSynchronize" && n == 1)
      return method(e, e->getArg(0), "synchronize", nullptr, true);
    if (name == "cudaEventSynchronize" && n == 1)
      return method(e, e->getArg(0), "synchronize", nullptr, false);
    if (name == "cudaEventRecord" && n >= 1)
      return method(e, e->getArg(0), "record",
                    n > 1 ? e->getArg(1) : nullptr, false, true);
    if (name == "cudaStreamWaitEvent" && n >= 2)
      return method(e, e->getArg(0), "wait", e->getArg(1), true);
    if (name == "cudaGetErrorString" && n == 1) {
      const auto *v = dyn_cast<DeclRefExpr>(e->getArg(0)->IgnoreParenImpCasts());
      if (v && isa<VarDecl>(v->getDecl()))
        return replaceCall(e, arg(0) + ".error().message().c_str()");
      return false;
    }
    if (name == "cudaProfilerStart" || name == "cudaProfilerStop")
      return replaceCall(e, "gpu::result<void>{} /* " + name +
                                ": Alloy has no profiler control */");
    if (name == "_ConvertSMVer2Cores" && n == 2) {
      size_t b0, e0, b1, e1;
      if (!range(e->getArg(0)->getSourceRange(), b0, e0) ||
          !range(e->getArg(1)->getSourceRange(), b1, e1))
        return false;
      st.insert(b0, "{");
      st.insert(e1, "}");
      return rename(e, "gpu::cores_per_multiprocessor");
    }
    if (name == "findCudaDevice")
      return replaceCall(e, discarded(e)
                                ? "gpu::default_context()"
                                : "gpu::default_context().device().ordinal()");
    return false;
  }

  // f(object[, argument, ...]) -> object.method([argument]), keeping the
  // rewrites inside them: `object` (a stream when objectIsStream: 0 is the
  // default stream) and `argument` (a stream when argumentIsStream).
  bool method(const CallExpr *e, const Expr *object, const std::string &name,
              const Expr *argument, bool objectIsStream,
              bool argumentIsStream = false) {
    size_t cb, ce, ob, oe;
    if (!range(e->getSourceRange(), cb, ce) ||
        !range(object->getSourceRange(), ob, oe))
      return false;
    if (objectIsStream && isNull(object)) {
      st.replace(cb, ce, "gpu::default_stream()." + name + "(" +
                             (argument ? text(argument) : "") + ")");
      return true;
    }
    st.replace(cb, ob, "");
    std::string tail = "." + name + "(";
    if (argument && !(argumentIsStream && isNull(argument))) {
      size_t ab, ae;
      if (!range(argument->getSourceRange(), ab, ae))
        return false;
      st.replace(oe, ab, tail);
      st.replace(ae, ce, ")");
      return true;
    }
    st.replace(oe, ce,
               tail + (argumentIsStream ? "gpu::default_stream()" : "") + ")");
    return true;
  }

  // checkCudaErrors(X) -> X.value() (or (X).value()).
  bool rewriteCheck(const CallExpr *e) {
    if (e->getNumArgs() != 1)
      return false;
    const Expr *x = e->getArg(0)->IgnoreParenImpCasts();
    CharSourceRange r = sm.getExpansionRange(e->getBeginLoc());
    size_t ob = original(r.getBegin()), oe = endOfToken(r.getEnd());
    size_t xb, xe;
    if (ob == npos || oe == npos || !range(x->getSourceRange(), xb, xe) ||
        xb < ob || xe > oe)
      return false;
    const Expr *inner = x->IgnoreParenImpCasts();
    const DeclRefExpr *ref = nullptr;
    const auto *call = dyn_cast<CallExpr>(inner);
    if (isCudaError(inner->getType()) && !call) { // a cudaError_t value
      bool simple = isa<DeclRefExpr, MemberExpr>(inner);
      st.replace(ob, xb, simple ? "" : "(");
      st.replace(xe, oe, simple ? ".value()" : ").value()");
      return true;
    }
    if (!call || (!isCudaError(call->getType()) &&
                  stubCallee(sm, call, &ref).empty())) {
      st.note(ob, "checkCudaErrors of something other than a CUDA runtime "
                  "call: check it by hand");
      return false;
    }
    st.replace(ob, xb, "");
    st.replace(xe, oe, ".value()");
    return true;
  }

  ASTContext &ctx;
  const SourceManager &sm;
  const LangOptions &lo;
  State &st;
  std::map<size_t, size_t> launchByCallee, configCallAt;
  std::map<size_t, const CallExpr *> configCalls;
  std::set<size_t> launched;
  std::set<const DeclRefExpr *> handled;
};

class Consumer : public ASTConsumer {
public:
  explicit Consumer(State &st) : st(st) {}
  void HandleTranslationUnit(ASTContext &ctx) override {
    Visitor v(ctx, st);
    v.TraverseDecl(ctx.getTranslationUnitDecl());
    v.finish();
    for (const State::MacroUse &m : st.pendingMacros)
      if (m.written == npos || !st.isCovered(m.written))
        st.note(m.at, m.name + ": no Alloy form yet");
    const SourceManager &sm = ctx.getSourceManager();
    for (auto it = sm.fileinfo_begin(); it != sm.fileinfo_end(); ++it)
      if (it->first.getName().ends_with("helper_string.h"))
        st.sawHelperString = true;
  }

private:
  State &st;
};

class Diagnostics : public DiagnosticConsumer {
public:
  explicit Diagnostics(State &st) : st(st) {}
  void HandleDiagnostic(DiagnosticsEngine::Level level,
                        const Diagnostic &info) override {
    DiagnosticConsumer::HandleDiagnostic(level, info);
    if (level < DiagnosticsEngine::Error)
      return;
    ++st.result.parseErrors;
    if (st.result.errorLines.size() >= 5)
      return;
    llvm::SmallString<128> message;
    info.FormatDiagnostic(message);
    std::string where;
    if (info.hasSourceManager() && info.getLocation().isValid()) {
      const SourceManager &sm = info.getSourceManager();
      SourceLocation loc = sm.getFileLoc(info.getLocation());
      auto [file, offset] = sm.getDecomposedLoc(loc);
      if (file == sm.getMainFileID()) {
        size_t o = st.parsed.toOriginal(offset);
        if (o != npos) {
          unsigned line, column;
          st.lineColumn(o, line, column);
          where = std::to_string(line) + ":" + std::to_string(column) + ": ";
        }
      } else {
        where = sm.getFilename(loc).str() + ": ";
      }
    }
    st.result.errorLines.push_back(where + message.str().str());
  }

private:
  State &st;
};

// Uses of the stubs' macros (cudaHostAllocMapped, cudaDeviceMapHost, ...)
// that no rewrite removed: reported once the rewrites are known.
class MacroUses : public PPCallbacks {
public:
  MacroUses(State &st, const SourceManager &sm) : st(st), sm(sm) {}
  void MacroExpands(const Token &name, const MacroDefinition &md,
                    SourceRange, const MacroArgs *) override {
    const MacroInfo *mi = md.getMacroInfo();
    if (mi && name.getIdentifierInfo()->getName() == "__global__") {
      SourceLocation at = sm.getSpellingLoc(name.getLocation());
      if (sm.isInMainFile(at))
        st.globals.push_back(sm.getFileOffset(at));
      return;
    }
    if (!mi || !sm.getFilename(mi->getDefinitionLoc())
                    .ends_with("alloy_port_cuda.h"))
      return;
    std::string id = name.getIdentifierInfo()->getName().str();
    if (id == "checkCudaErrors" || id == "getLastCudaError")
      return;
    SourceLocation loc = sm.getExpansionLoc(name.getLocation());
    auto [file, offset] = sm.getDecomposedLoc(loc);
    auto [wfile, woffset] =
        sm.getDecomposedLoc(sm.getSpellingLoc(name.getLocation()));
    if (file == sm.getMainFileID())
      st.pendingMacros.push_back(
          {st.parsed.toOriginal(offset),
           wfile == file ? st.parsed.toOriginal(woffset) : npos, id});
  }

private:
  State &st;
  const SourceManager &sm;
};

class Action : public ASTFrontendAction {
public:
  explicit Action(State &st) : st(st) {}
  bool BeginSourceFileAction(CompilerInstance &ci) override {
    ci.getPreprocessor().addPPCallbacks(
        std::make_unique<MacroUses>(st, ci.getSourceManager()));
    return true;
  }
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &ci,
                                                 llvm::StringRef) override {
    ci.getDiagnostics().setClient(new Diagnostics(st), true);
    return std::make_unique<Consumer>(st);
  }

private:
  State &st;
};

// The include lines: CUDA's headers become Alloy's porting layer.
void rewriteIncludes(State &st) {
  const std::string &s = st.original;
  size_t firstCuda = npos, firstInclude = npos;
  int depth = 0; // of #if blocks
  bool cooperative = false, helperCuda = false;
  std::vector<std::pair<size_t, size_t>> cudaLines;
  size_t pos = 0;
  while (pos < s.size()) {
    size_t end = s.find('\n', pos);
    if (end == npos)
      end = s.size();
    std::string line = s.substr(pos, end - pos);
    size_t h = line.find_first_not_of(" \t");
    if (h != npos && line[h] == '#') {
      size_t k = line.find_first_not_of(" \t", h + 1);
      if (k != npos && line.compare(k, 2, "if") == 0)
        ++depth;
      else if (k != npos && line.compare(k, 5, "endif") == 0)
        --depth;
      if (k != npos && line.compare(k, 7, "include") == 0) {
        if (firstInclude == npos && depth == 0)
          firstInclude = pos;
        size_t open = line.find_first_of("<\"", k + 7);
        size_t close = open == npos ? npos
                                    : line.find_first_of(">\"", open + 1);
        if (close != npos) {
          std::string header = line.substr(open + 1, close - open - 1);
          std::string base = header.substr(header.rfind('/') + 1);
          if (header.rfind("cooperative_groups/", 0) == 0)
            base = "cooperative_groups.h"; // reduce.h, scan.h
          if (cudaHeaders.contains(base)) {
            cudaLines.push_back({pos, end});
            if (firstCuda == npos)
              firstCuda = pos;
            cooperative |= base == "cooperative_groups.h";
            helperCuda |= base == "helper_cuda.h";
          }
        }
      }
    }
    pos = end + 1;
  }
  std::string alloy = "#include <gpu/gpu.hpp>\n#include <gpu/cuda_compat.hpp>";
  if (cooperative)
    alloy += "\n#include <gpu/cooperative_groups.hpp>";
  if (helperCuda && st.sawHelperString)
    alloy += "\n#include <helper_string.h> // helper_cuda.h's string helpers";
  // nvcc includes cuda_runtime.h before the file's own code: the porting
  // layer goes where the file's first include is, and CUDA's go.
  size_t at = firstInclude != npos ? firstInclude
              : firstCuda != npos  ? firstCuda
                                   : 0;
  bool placed = false;
  for (auto [b, e] : cudaLines) {
    if (b == at) {
      st.replace(b, e, alloy);
      placed = true;
    } else {
      st.replace(b, std::min(e + 1, s.size()), "");
    }
  }
  if (!placed)
    st.insert(at, alloy + "\n");
}

} // namespace

bool portFile(const PortOptions &options, PortResult &result,
              std::string &error) {
  std::ifstream in(options.file, std::ios::binary);
  if (!in) {
    error = "cannot read " + options.file;
    return false;
  }
  std::stringstream buffer;
  buffer << in.rdbuf();
  const std::string original = buffer.str();
  ParsedText parsed(original);
  State st(original, parsed, result);
  for (const SkippedLaunch &s : parsed.skipped())
    st.note(s.offset, s.why + ": rewrite it by hand");

  std::vector<std::string> args = {
      "-x", "c++", "-std=c++23", "-fsyntax-only", "-ferror-limit=0",
      "-Wno-everything", "-resource-dir", options.resourceDir,
      "-I" + options.stubDir, "-I" + options.includeDir,
      "-include", options.stubDir + "/alloy_port_cuda.h"};
  args.insert(args.end(), options.extraArgs.begin(), options.extraArgs.end());
  llvm::SmallString<256> path(options.file);
  llvm::sys::fs::make_absolute(path);
  // The headers beside the file that launch kernels parse with their
  // launch configurations blanked (they are ported on their own).
  clang::tooling::FileContentMappings headers;
  std::error_code ec;
  llvm::StringRef dir = llvm::sys::path::parent_path(path);
  for (llvm::sys::fs::directory_iterator it(dir, ec), end; it != end && !ec;
       it.increment(ec)) {
    if (it->path() == path.str() ||
        it->type() != llvm::sys::fs::file_type::regular_file)
      continue;
    std::ifstream h(it->path(), std::ios::binary);
    std::stringstream text;
    text << h.rdbuf();
    if (text.str().find("<<<") != npos)
      headers.push_back({it->path(), blankLaunches(text.str())});
  }
  clang::tooling::runToolOnCodeWithArgs(
      std::make_unique<Action>(st), parsed.text(), args, path.str(),
      "alloy-port", std::make_shared<PCHContainerOperations>(), headers);
  rewriteIncludes(st);
  std::sort(result.untranslated.begin(), result.untranslated.end(),
            [](const Note &a, const Note &b) {
              return std::tie(a.line, a.column) < std::tie(b.line, b.column);
            });
  std::vector<size_t> dropped;
  result.output = st.edits.apply(original, dropped);
  for (size_t offset : dropped) {
    Note n;
    st.lineColumn(offset, n.line, n.column);
    n.message = "a rewrite here overlapped another and was left out (an "
                "alloy port bug: please report it with the file)";
    result.untranslated.push_back(std::move(n));
  }
  return true;
}

} // namespace alloy::port
