#include "DeviceModule.h"
#include "../Diagnostics.h"
#include "FunctionLowering.h"
#include "KernelABI.h"

#include "alloy/Dialect/Alloy/AlloyOps.h"

#include "mlir/IR/Verifier.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Mangle.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace alloy {

DeviceModule::DeviceModule(ASTContext &ast, DiagnosticsEngine &diags,
                           mlir::MLIRContext &ctx)
    : ast(ast), diags(diags), ctx(ctx), types(ast, ctx),
      moduleOp(mlir::ModuleOp::create(mlir::UnknownLoc::get(&ctx))),
      mangler(ast.createMangleContext()) {}

DeviceModule::~DeviceModule() = default;

std::string DeviceModule::mangledName(const FunctionDecl *fn) {
  GlobalDecl gd;
  if (const auto *ctor = dyn_cast<CXXConstructorDecl>(fn))
    gd = GlobalDecl(ctor, Ctor_Complete);
  else if (const auto *dtor = dyn_cast<CXXDestructorDecl>(fn))
    gd = GlobalDecl(dtor, Dtor_Complete);
  else
    gd = GlobalDecl(fn);
  if (!mangler->shouldMangleDeclName(fn))
    return fn->getNameAsString();
  std::string name;
  llvm::raw_string_ostream os(name);
  mangler->mangleName(gd, os);
  return name;
}

mlir::func::FuncOp DeviceModule::getExternalFunction(llvm::StringRef name,
                                                     mlir::FunctionType type) {
  if (auto existing = moduleOp->lookupSymbol<mlir::func::FuncOp>(name))
    return existing;
  mlir::OpBuilder b(&ctx);
  b.setInsertionPointToEnd(moduleOp->getBody());
  auto fn = mlir::func::FuncOp::create(b, b.getUnknownLoc(), name, type);
  fn.setPrivate();
  return fn;
}

std::string DeviceModule::getConstantData(llvm::StringRef bytes,
                                          uint64_t align) {
  auto key = std::make_pair(bytes.str(), align);
  if (auto it = constants.find(key); it != constants.end())
    return it->second;
  std::string name = "__const_" + std::to_string(constants.size());
  mlir::OpBuilder b(&ctx);
  b.setInsertionPointToStart(moduleOp->getBody());
  GlobalConstantOp::create(b, b.getUnknownLoc(), name, bytes, align);
  constants[key] = name;
  return name;
}

std::string DeviceModule::createSharedMemory(const FunctionDecl *fn,
                                             const VarDecl *var,
                                             mlir::Type type, uint64_t align) {
  std::string name = "__shared_" + std::to_string(sharedArrays++) + "_" +
                     var->getName().str() + "_" + mangledName(fn);
  mlir::OpBuilder b(&ctx);
  b.setInsertionPointToStart(moduleOp->getBody());
  SharedMemoryOp::create(b, location(var->getLocation()), name, type, align);
  return name;
}

mlir::Location DeviceModule::location(SourceLocation loc) {
  if (loc.isInvalid())
    return mlir::UnknownLoc::get(&ctx);
  PresumedLoc p = ast.getSourceManager().getPresumedLoc(
      ast.getSourceManager().getExpansionLoc(loc));
  if (p.isInvalid())
    return mlir::UnknownLoc::get(&ctx);
  return mlir::FileLineColLoc::get(&ctx, p.getFilename(), p.getLine(),
                                   p.getColumn());
}

void DeviceModule::error(SourceLocation loc, const llvm::Twine &message) {
  reportError(diags, loc, message);
  failed = true;
  ++errors;
}

mlir::func::FuncOp DeviceModule::getFunction(const FunctionDecl *fn,
                                             SourceLocation use) {
  const FunctionDecl *def = nullptr;
  if (!fn->hasBody(def) || !def) {
    error(use, "'" + fn->getQualifiedNameAsString() +
                   "' has no definition visible here, so it cannot be "
                   "called from device code (GPU code must see the body of "
                   "every function it calls; host-only library functions "
                   "cannot run on the GPU)");
    return {};
  }
  if (auto it = functions.find(def); it != functions.end())
    return it->second;

  llvm::SmallVector<mlir::Type, 8> inputs, results;
  mlir::Type ptr = types.pointerType();
  QualType ret = def->getReturnType();
  if (types.isAggregate(ret))
    inputs.push_back(ptr);
  const auto *method = dyn_cast<CXXMethodDecl>(def);
  if (method && method->isInstance())
    inputs.push_back(ptr);
  for (const ParmVarDecl *p : def->parameters()) {
    QualType pt = p->getType();
    mlir::Type t = (pt->isReferenceType() || types.isAggregate(pt))
                       ? ptr
                       : types.valueType(pt);
    if (!t) {
      error(p->getLocation(), "parameter '" + p->getName() + "' of '" +
                                  def->getQualifiedNameAsString() +
                                  "' has a type Alloy cannot compile for the "
                                  "GPU: '" +
                                  pt.getAsString() + "'");
      return {};
    }
    inputs.push_back(t);
  }
  if (ret->isReferenceType()) {
    results.push_back(ptr);
  } else if (!ret->isVoidType() && !types.isAggregate(ret)) {
    mlir::Type t = types.valueType(ret);
    if (!t) {
      error(def->getLocation(), "'" + def->getQualifiedNameAsString() +
                                    "' returns a type Alloy cannot compile "
                                    "for the GPU: '" +
                                    ret.getAsString() + "'");
      return {};
    }
    results.push_back(t);
  }
  mlir::OpBuilder b(&ctx);
  b.setInsertionPointToEnd(moduleOp->getBody());
  auto func = mlir::func::FuncOp::create(b, location(def->getLocation()),
                                         mangledName(def),
                                         b.getFunctionType(inputs, results));
  func.setPrivate();
  func->setAttr("alloy.name", b.getStringAttr(def->getQualifiedNameAsString()));
  functions[def] = func;
  pending.push_back(def);
  return func;
}

void DeviceModule::addKernel(const FunctionDecl *kernel,
                             const KernelAttributes &attrs) {
  KernelInfo info;
  info.symbol = mangledName(kernel);
  {
    std::string name;
    llvm::raw_string_ostream os(name);
    PrintingPolicy policy = ast.getPrintingPolicy();
    policy.SuppressTagKeyword = true;
    kernel->getNameForDiagnostic(os, policy, /*Qualified=*/true);
    info.qualifiedName = name;
  }
  info.contract = attrs.contract;
  info.bounds = attrs.bounds;

  llvm::SmallVector<KernelLeafType, 16> leafTypes;
  llvm::SmallVector<ParamKind, 16> leafKinds;
  bool ok = true;
  for (const ParmVarDecl *p : kernel->parameters()) {
    KernelParamInfo pinfo;
    size_t before = leafTypes.size();
    ok &= lowerKernelParam(*this, p, pinfo, leafTypes);
    leafKinds.append(leafTypes.size() - before, pinfo.kind);
    info.params.push_back(std::move(pinfo));
  }
  if (!ok)
    return;

  mlir::OpBuilder b(&ctx);
  b.setInsertionPointToEnd(moduleOp->getBody());
  llvm::SmallVector<mlir::Type, 16> inputs;
  for (const KernelLeafType &leaf : leafTypes)
    inputs.push_back(leaf.type);
  auto op = KernelOp::create(b, location(kernel->getLocation()), info.symbol,
                             b.getFunctionType(inputs, {}));
  op->setAttr("qualified_name", b.getStringAttr(info.qualifiedName));
  if (info.contract) {
    op->setAttr("contract_domain",
                b.getI32IntegerAttr(int32_t(info.contract->domain)));
    op->setAttr("contract_block",
                b.getDenseI32ArrayAttr({int32_t(info.contract->block[0]),
                                        int32_t(info.contract->block[1]),
                                        int32_t(info.contract->block[2])}));
  }
  if (info.bounds) {
    op->setAttr("max_threads",
                b.getI32IntegerAttr(int32_t(info.bounds->maxThreads)));
    if (info.bounds->minBlocks)
      op->setAttr("min_blocks",
                  b.getI32IntegerAttr(int32_t(info.bounds->minBlocks)));
  }
  for (unsigned i = 0; i < leafTypes.size(); ++i) {
    if (!leafTypes[i].isPointer)
      continue;
    if (leafKinds[i] == ParamKind::Input || leafKinds[i] == ParamKind::Output)
      op.setArgAttr(i, "alloy.noalias", b.getUnitAttr());
    if (leafKinds[i] == ParamKind::Input)
      op.setArgAttr(i, "alloy.readonly", b.getUnitAttr());
  }
  op.addEntryBlock();
  FunctionLowering(*this, kernel).lowerKernel(op, info);
  kernelInfos.push_back(std::move(info));
}

bool DeviceModule::finish() {
  while (!pending.empty()) {
    const FunctionDecl *fn = pending.front();
    pending.pop_front();
    FunctionLowering(*this, fn).lowerFunction(functions[fn]);
  }
  if (failed)
    return false;
  if (mlir::failed(mlir::verify(*moduleOp))) {
    reportError(diags, SourceLocation(),
                "internal error in Alloy: the lowered device module does not "
                "verify (see the MLIR diagnostics above)");
    return false;
  }
  return true;
}

} // namespace alloy
