#include "KernelAttributes.h"
#include "Basic/Diagnostics.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/ScopeExit.h"

using namespace clang;

namespace alloy {
namespace {

// Evaluates the attribute's arguments; reports non-constant ones, then a
// count the form does not take.
bool evaluateArgs(const AnnotateAttr *attr, ASTContext &ctx,
                  DiagnosticsEngine &diags, const IntegerArgsForm &form,
                  SmallVectorImpl<int64_t> &values) {
  for (Expr *e : attr->args()) {
    std::optional<llvm::APSInt> v = e->getIntegerConstantExpr(ctx);
    if (!v) {
      report(diags, e->getExprLoc(), diag::err_attr_args_not_integer)
          << form.name;
      return false;
    }
    values.push_back(v->getExtValue());
  }
  if (values.size() < form.minArgs || values.size() > form.maxArgs) {
    report(diags, attr->getLocation(), diag::err_attr_arg_count)
        << form.name << form.usage;
    return false;
  }
  return true;
}

std::optional<LaunchContract> readContract(ArrayRef<int64_t> v,
                                           SourceLocation loc,
                                           DiagnosticsEngine &diags) {
  if (v[0] < 1 || v[0] > 3) {
    report(diags, loc, diag::err_contract_domain) << int(v[0]);
    return std::nullopt;
  }
  if (v.size() - 1 > size_t(v[0])) {
    report(diags, loc, diag::err_contract_rank)
        << int(v[0]) << unsigned(v.size() - 1);
    return std::nullopt;
  }
  LaunchContract c;
  c.domain = uint32_t(v[0]);
  c.loc = loc;
  for (size_t i = 1; i < v.size(); ++i) {
    if (v[i] < 1 || v[i] > 1024) {
      report(diags, loc, diag::err_contract_extent) << int(v[i]);
      return std::nullopt;
    }
    c.block[i - 1] = uint32_t(v[i]);
  }
  if (c.threads() > 1024) {
    report(diags, loc, diag::err_contract_threads) << unsigned(c.threads());
    return std::nullopt;
  }
  return c;
}

std::optional<LaunchBounds> readBounds(ArrayRef<int64_t> v, SourceLocation loc,
                                       DiagnosticsEngine &diags) {
  if (v[0] < 1 || v[0] > 1024) {
    report(diags, loc, diag::err_bounds_max_threads) << int(v[0]);
    return std::nullopt;
  }
  if (v.size() == 2 && (v[1] < 0 || v[1] > 64)) {
    report(diags, loc, diag::err_bounds_min_blocks) << int(v[1]);
    return std::nullopt;
  }
  LaunchBounds b;
  b.maxThreads = uint32_t(v[0]);
  b.minBlocks = v.size() == 2 ? uint32_t(v[1]) : 0;
  b.loc = loc;
  return b;
}

std::optional<ClusterDims> readCluster(ArrayRef<int64_t> args,
                                       SourceLocation loc,
                                       DiagnosticsEngine &diags) {
  SmallVector<int64_t, 3> v(args);
  v.resize(3, 1);
  if (v[0] < 1 || v[1] < 1 || v[2] < 1 || v[0] * v[1] * v[2] > 8) {
    report(diags, loc, diag::err_cluster_dims)
        << int(v[0]) << int(v[1]) << int(v[2]);
    return std::nullopt;
  }
  ClusterDims c;
  c.blocks = {uint32_t(v[0]), uint32_t(v[1]), uint32_t(v[2])};
  c.loc = loc;
  return c;
}

} // namespace

KernelAttributes readKernelAttributes(const FunctionDecl *fn, ASTContext &ctx,
                                      DiagnosticsEngine &diags, bool &ok) {
  ok = true;
  KernelAttributes result;
  // Reads the arguments of `a`, of `form`, into `slot` with `read`; an
  // attribute given twice is an error.
  auto readOnce = [&](const AnnotateAttr *a, auto &slot,
                      const IntegerArgsForm &form, auto read) {
    if (slot) {
      report(diags, a->getLocation(), diag::err_attr_duplicate) << form.name;
      ok = false;
    }
    SmallVector<int64_t, 4> args;
    slot = std::nullopt;
    if (evaluateArgs(a, ctx, diags, form, args))
      slot = read(args, a->getLocation(), diags);
    ok &= slot.has_value();
  };
  for (const auto *a : fn->specific_attrs<AnnotateAttr>()) {
    StringRef name = a->getAnnotation();
    if (name == kKernelAnnotation) {
      result.isKernel = true;
      result.kernelLoc = a->getLocation();
    } else if (name == kContractAnnotation) {
      readOnce(a, result.contract, kLaunchContractForm, readContract);
    } else if (name == kBoundsAnnotation) {
      readOnce(a, result.bounds, kLaunchBoundsForm, readBounds);
    } else if (name == kClusterAnnotation) {
      readOnce(a, result.cluster, kClusterDimsForm, readCluster);
    }
  }
  // Errors in a template's attribute values: say which instantiation.
  auto noteInstantiation = llvm::scope_exit([&] {
    if (!ok && fn->isTemplateInstantiation())
      report(diags, fn->getPointOfInstantiation(),
             diag::note_kernel_instantiation)
          << qualifiedName(fn);
  });
  if (!result.isKernel) {
    if (result.cluster && !result.contract && !result.bounds) {
      report(diags, result.cluster->loc, diag::err_attr_needs_kernel)
          << "cluster_dims";
      ok = false;
    }
    if (result.contract || result.bounds) {
      SourceLocation loc =
          result.contract ? result.contract->loc : result.bounds->loc;
      report(diags, loc, diag::err_attr_needs_kernel)
          << (result.contract ? "launch_contract" : "launch_bounds");
      ok = false;
    }
    return result;
  }
  if (result.contract && result.bounds &&
      result.contract->threads() > result.bounds->maxThreads) {
    report(diags, result.contract->loc, diag::err_contract_exceeds_bounds)
        << unsigned(result.contract->threads()) << result.bounds->maxThreads;
    ok = false;
  }
  return result;
}

} // namespace alloy
