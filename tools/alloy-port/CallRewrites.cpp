// The CUDA runtime's calls (and helper_cuda.h's) into gpu:: calls.
#include "Rewriter.h"

#include "clang/AST/ParentMapContext.h"

#include <map>
#include <string>

using namespace clang;

namespace alloy::port {

bool Rewriter::VisitCallExpr(CallExpr *e) {
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
  if (name.empty())
    defaultStreamArguments(e);
  size_t notes = st.result.untranslated.size();
  bool rewritten = !name.empty() && rewriteRuntimeCall(e, name);
  if (!rewritten && ref && st.result.untranslated.size() > notes)
    handled.insert(ref); // reported with its reason already
  if (rewritten) {
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

bool Rewriter::discarded(const Expr *e) {
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
  if (const auto *f = dyn_cast<CXXForRangeStmt>(p))
    return f->getBody() == e;
  return isa<CompoundStmt, CaseStmt, DefaultStmt, LabelStmt>(p);
}

bool Rewriter::rename(const CallExpr *e, const std::string &to) {
  size_t b, en;
  if (!range(e->getCallee()->getSourceRange(), b, en))
    return false;
  st.replace(b, en, to);
  return true;
}

void Rewriter::dropArguments(const CallExpr *e, unsigned first) {
  unsigned n = writtenArgs(e);
  if (first == 0 || first >= n)
    return;
  size_t pb, pe, lb, le;
  if (range(e->getArg(first - 1)->getSourceRange(), pb, pe) &&
      range(e->getArg(n - 1)->getSourceRange(), lb, le))
    st.replace(pe, le, "");
}

bool Rewriter::replaceCall(const CallExpr *e, const std::string &with) {
  size_t b, en;
  if (!range(e->getSourceRange(), b, en))
    return false;
  st.replace(b, en, with);
  return true;
}

void Rewriter::uncastFirst(const CallExpr *e) {
  const Expr *a = e->getArg(0)->IgnoreParens();
  if (const auto *cast = dyn_cast<ExplicitCastExpr>(a)) {
    const Expr *inner = cast->getSubExprAsWritten()->IgnoreParens();
    size_t b, en, ib, ie;
    if (range(a->getSourceRange(), b, en) &&
        range(inner->getSourceRange(), ib, ie))
      st.replace(b, en, st.original.substr(ib, ie - ib));
  }
}

bool Rewriter::rewriteRuntimeCall(const CallExpr *e, const std::string &name) {
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
      {"cudaMemGetInfo", "gpu::mem_get_info"},
      {"cudaDeviceGetAttribute", "gpu::get_device_attribute"},
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
    return rename(e,
                  name[4] == 'S' ? "gpu::create_stream" : "gpu::create_event");
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
  if (name == "cudaMemcpyToSymbolAsync" ||
      name == "cudaMemcpyFromSymbolAsync") {
    size_t b, en;
    if (n < 3 || !range(e->getArg(0)->getSourceRange(), b, en))
      return false;
    st.insert(b,
              streamText(e->getNumArgs() > 5 ? e->getArg(5) : nullptr) + ", ");
    dropArguments(e, 4); // the copy kind and the stream
    return rename(e, name[10] == 'T' ? "gpu::copy_to_symbol"
                                     : "gpu::copy_from_symbol");
  }
  // Preferences the driver may ignore in CUDA too; the dynamic shared
  // memory limit Alloy's launch raises itself.
  if (name == "cudaFuncSetAttribute" && n == 3 &&
      enumeratorRef(e->getArg(1),
                    "cudaFuncAttributeMaxDynamicSharedMemorySize"))
    return replaceCall(e, "gpu::result<void>{} /* cudaFuncSetAttribute: "
                          "Alloy's launch raises the dynamic shared memory "
                          "limit itself */");
  if (name == "cudaFuncSetCacheConfig" || name == "cudaDeviceSetCacheConfig" ||
      name == "cudaDeviceSetSharedMemConfig" ||
      (name == "cudaFuncSetAttribute" && n == 3 &&
       enumeratorRef(e->getArg(1),
                     "cudaFuncAttributePreferredSharedMemoryCarveout")))
    return replaceCall(e, "gpu::result<void>{} /* " + name +
                              ": a cache preference, which Alloy leaves "
                              "to the driver */");
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
    return method(e, e->getArg(0), "record", n > 1 ? e->getArg(1) : nullptr,
                  false, true);
  if (name == "cudaStreamWaitEvent" && n >= 2)
    return method(e, e->getArg(0), "wait", e->getArg(1), true);
  if ((name == "cudaGetErrorString" || name == "cudaGetErrorName") && n == 1) {
    const auto *v = dyn_cast<DeclRefExpr>(e->getArg(0)->IgnoreParenImpCasts());
    bool message = name == "cudaGetErrorString";
    if (v && isa<VarDecl>(v->getDecl()))
      // A success has no error to read: CUDA's string for it.
      return replaceCall(e, "(" + arg(0) + " ? \"" +
                                (message ? "no error" : "cudaSuccess") +
                                "\" : " + arg(0) + ".error()." +
                                (message ? "message" : "name") + "().c_str())");
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
  if ((name == "cudaLaunchKernel" || name == "cudaLaunchCooperativeKernel") &&
      n >= 4)
    return rewriteArrayLaunch(e, name == "cudaLaunchCooperativeKernel");
  if (name == "cudaOccupancyMaxActiveBlocksPerMultiprocessor" && n == 4) {
    std::string kernel = kernelName(e->getArg(1));
    if (kernel.empty())
      return false;
    return replaceCall(e, "gpu::max_active_blocks_per_multiprocessor<" +
                              kernel + ">(" + text(e->getArg(0)) + ", " +
                              text(e->getArg(2)) + ", " + text(e->getArg(3)) +
                              ")");
  }
  if (name == "cudaOccupancyMaxPotentialBlockSize" && n >= 3) {
    std::string kernel = kernelName(e->getArg(2));
    if (kernel.empty())
      return false;
    std::string call = "gpu::max_potential_block_size<" + kernel + ">(" +
                       text(e->getArg(0)) + ", " + text(e->getArg(1));
    for (unsigned i = 3; i < n; ++i)
      call += ", " + text(e->getArg(i));
    return replaceCall(e, call + ")");
  }
  if (name == "findCudaDevice")
    return replaceCall(e, discarded(e)
                              ? "gpu::default_context()"
                              : "gpu::default_context().device().ordinal()");
  return false;
}

bool Rewriter::method(const CallExpr *e, const Expr *object,
                      const std::string &name, const Expr *argument,
                      bool objectIsStream, bool argumentIsStream) {
  size_t cb, ce, ob, oe;
  if (!range(e->getSourceRange(), cb, ce) ||
      !range(object->getSourceRange(), ob, oe))
    return false;
  if (objectIsStream && isNull(object)) {
    st.replace(cb, ce,
               "gpu::default_stream()." + name + "(" +
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

bool Rewriter::rewriteCheck(const CallExpr *e) {
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
  if (!call ||
      (!isCudaError(call->getType()) && stubCallee(sm, call, &ref).empty())) {
    st.note(ob, "checkCudaErrors of something other than a CUDA runtime "
                "call: check it by hand");
    return false;
  }
  st.replace(ob, xb, "");
  st.replace(xe, oe, ".value()");
  return true;
}

} // namespace alloy::port
