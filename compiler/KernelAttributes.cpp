#include "KernelAttributes.h"
#include "Diagnostics.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

using namespace clang;

namespace alloy {
namespace {

// Evaluates the attribute's arguments; reports non-constant ones.
bool evaluateArgs(const AnnotateAttr *attr, ASTContext &ctx,
                  DiagnosticsEngine &diags, const char *name,
                  SmallVectorImpl<int64_t> &values) {
  for (Expr *e : attr->args()) {
    std::optional<llvm::APSInt> v = e->getIntegerConstantExpr(ctx);
    if (!v) {
      reportError(diags, e->getExprLoc(),
                  llvm::Twine("malformed gpu::") + name +
                      " attribute: arguments must be integer constants");
      return false;
    }
    values.push_back(v->getExtValue());
  }
  return true;
}

std::optional<LaunchContract> readContract(const AnnotateAttr *attr,
                                           ASTContext &ctx,
                                           DiagnosticsEngine &diags) {
  SmallVector<int64_t, 4> v;
  if (!evaluateArgs(attr, ctx, diags, "launch_contract", v))
    return std::nullopt;
  SourceLocation loc = attr->getLocation();
  if (v.size() < 2 || v.size() > 4) {
    reportError(diags, loc,
                "malformed gpu::launch_contract attribute: expected (DOMAIN, "
                "BX), (DOMAIN, BX, BY) or (DOMAIN, BX, BY, BZ)");
    return std::nullopt;
  }
  if (v[0] < 1 || v[0] > 3) {
    reportError(diags, loc,
                "gpu::launch_contract: DOMAIN must be 1, 2 or 3, not " +
                    llvm::Twine(v[0]));
    return std::nullopt;
  }
  LaunchContract c;
  c.domain = uint32_t(v[0]);
  c.loc = loc;
  for (size_t i = 1; i < v.size(); ++i) {
    if (v[i] < 1 || v[i] > 1024) {
      reportError(diags, loc,
                  "gpu::launch_contract: block extent " + llvm::Twine(v[i]) +
                      " is out of range (1 to 1024)");
      return std::nullopt;
    }
    c.block[i - 1] = uint32_t(v[i]);
  }
  if (c.threads() > 1024) {
    reportError(diags, loc,
                "gpu::launch_contract: a block of " + llvm::Twine(c.threads()) +
                    " threads exceeds the GPU's limit of 1024");
    return std::nullopt;
  }
  return c;
}

std::optional<LaunchBounds> readBounds(const AnnotateAttr *attr,
                                       ASTContext &ctx,
                                       DiagnosticsEngine &diags) {
  SmallVector<int64_t, 2> v;
  if (!evaluateArgs(attr, ctx, diags, "launch_bounds", v))
    return std::nullopt;
  SourceLocation loc = attr->getLocation();
  if (v.empty() || v.size() > 2) {
    reportError(diags, loc,
                "malformed gpu::launch_bounds attribute: expected "
                "(MAX_THREADS) or (MAX_THREADS, MIN_BLOCKS_PER_SM)");
    return std::nullopt;
  }
  if (v[0] < 1 || v[0] > 1024) {
    reportError(diags, loc,
                "gpu::launch_bounds: MAX_THREADS must be 1 to 1024, not " +
                    llvm::Twine(v[0]));
    return std::nullopt;
  }
  if (v.size() == 2 && (v[1] < 0 || v[1] > 64)) {
    reportError(diags, loc,
                "gpu::launch_bounds: MIN_BLOCKS_PER_SM must be 0 to 64, not " +
                    llvm::Twine(v[1]));
    return std::nullopt;
  }
  LaunchBounds b;
  b.maxThreads = uint32_t(v[0]);
  b.minBlocks = v.size() == 2 ? uint32_t(v[1]) : 0;
  b.loc = loc;
  return b;
}

} // namespace

bool isKernel(const FunctionDecl *fn) {
  for (const auto *a : fn->specific_attrs<AnnotateAttr>())
    if (a->getAnnotation() == kKernelAnnotation)
      return true;
  return false;
}

KernelAttributes readKernelAttributes(const FunctionDecl *fn, ASTContext &ctx,
                                      DiagnosticsEngine &diags, bool &ok) {
  ok = true;
  KernelAttributes result;
  for (const auto *a : fn->specific_attrs<AnnotateAttr>()) {
    StringRef name = a->getAnnotation();
    if (name == kKernelAnnotation) {
      result.isKernel = true;
      result.kernelLoc = a->getLocation();
    } else if (name == kContractAnnotation) {
      if (result.contract) {
        reportError(diags, a->getLocation(),
                    "a kernel takes one gpu::launch_contract");
        ok = false;
      }
      result.contract = readContract(a, ctx, diags);
      ok &= result.contract.has_value();
    } else if (name == kBoundsAnnotation) {
      if (result.bounds) {
        reportError(diags, a->getLocation(),
                    "a kernel takes one gpu::launch_bounds");
        ok = false;
      }
      result.bounds = readBounds(a, ctx, diags);
      ok &= result.bounds.has_value();
    }
  }
  if (!result.isKernel) {
    if (result.contract || result.bounds) {
      SourceLocation loc =
          result.contract ? result.contract->loc : result.bounds->loc;
      reportError(diags, loc,
                  llvm::Twine("gpu::") +
                      (result.contract ? "launch_contract" : "launch_bounds") +
                      " applies only to a [[gpu::kernel]]");
      ok = false;
    }
    return result;
  }
  if (result.contract && result.bounds &&
      result.contract->threads() > result.bounds->maxThreads) {
    reportError(diags, result.contract->loc,
                "gpu::launch_contract: its block of " +
                    llvm::Twine(result.contract->threads()) +
                    " threads exceeds the kernel's gpu::launch_bounds(" +
                    llvm::Twine(result.bounds->maxThreads) + ")");
    ok = false;
  }
  return result;
}

} // namespace alloy
