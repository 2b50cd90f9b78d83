#include "DeviceModule.h"
#include "Basic/ASTUtils.h"
#include "Basic/ConstantBytes.h"
#include "Basic/Diagnostics.h"
#include "Basic/InternalError.h"
#include "FunctionEmitter.h"
#include "KernelABI.h"

#include "alloy/Dialect/Alloy/AlloyOps.h"

#include "mlir/IR/Verifier.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
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

// The symbol of `gd`, as the host compile names it.
std::string DeviceModule::symbolOf(GlobalDecl gd) {
  const auto *decl = cast<NamedDecl>(gd.getDecl());
  if (!mangler->shouldMangleDeclName(decl))
    return decl->getNameAsString();
  std::string name;
  llvm::raw_string_ostream os(name);
  mangler->mangleName(gd, os);
  return name;
}

std::string DeviceModule::mangledName(const FunctionDecl *fn) {
  if (const auto *ctor = dyn_cast<CXXConstructorDecl>(fn))
    return symbolOf(GlobalDecl(ctor, Ctor_Complete));
  if (const auto *dtor = dyn_cast<CXXDestructorDecl>(fn))
    return symbolOf(GlobalDecl(dtor, Dtor_Complete));
  return symbolOf(GlobalDecl(fn));
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

DeviceModule::GlobalRef DeviceModule::getDeviceGlobal(const VarDecl *var) {
  const VarDecl *def = var->getDefinition();
  ALLOY_CHECK(def && "Sema/DeviceCodeChecker reports undefined device globals");
  std::string name = symbolOf(GlobalDecl(def));
  if (auto existing = moduleOp->lookupSymbol<DeviceGlobalOp>(name))
    return {name, existing.getSpace() == MemorySpace::constant,
            existing.getAlignment()};
  QualType t = def->getType();
  std::optional<std::string> bytes = deviceGlobalBytes(ast, def);
  ALLOY_CHECK(bytes && "Sema/DeviceCodeChecker checked the initializer");
  bool constant = deviceGlobalKind(def) == DeviceGlobal::constant;
  uint64_t align =
      std::max<uint64_t>(types.alignOf(t), ast.getDeclAlign(def).getQuantity());
  std::optional<llvm::StringRef> value;
  if (llvm::any_of(*bytes, [](char c) { return c != 0; }))
    value = *bytes;
  mlir::OpBuilder b(&ctx);
  b.setInsertionPointToStart(moduleOp->getBody());
  DeviceGlobalOp::create(b, location(def->getLocation()), name, bytes->size(),
                         constant ? MemorySpace::constant : MemorySpace::global,
                         value, align);
  globalInfos.push_back(
      {name, def->getQualifiedNameAsString(), bytes->size(), constant});
  return {name, constant, align};
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

mlir::func::FuncOp DeviceModule::getFunction(const FunctionDecl *fn,
                                             SourceLocation use) {
  const FunctionDecl *def = nullptr;
  fn->hasBody(def);
  ALLOY_CHECK(def &&
              "Sema/DeviceCodeChecker reports calls of undefined functions");
  if (auto it = functions.find(def); it != functions.end())
    return it->second;
  // Lowering only what Sema/DeviceCodeChecker checked.
  ALLOY_CHECK(!checked || checked->contains(def));

  llvm::SmallVector<mlir::Type, 8> inputs, results;
  mlir::Type ptr = types.pointerType();
  QualType ret = def->getReturnType();
  if (types.isAggregate(ret))
    inputs.push_back(ptr);
  const auto *method = dyn_cast<CXXMethodDecl>(def);
  if (method && method->isImplicitObjectMemberFunction())
    inputs.push_back(ptr);
  for (const ParmVarDecl *p : def->parameters()) {
    QualType pt = p->getType();
    inputs.push_back((pt->isReferenceType() || types.isAggregate(pt))
                         ? ptr
                         : types.valueType(pt));
  }
  if (ret->isReferenceType())
    results.push_back(ptr);
  else if (!ret->isVoidType() && !types.isAggregate(ret))
    results.push_back(types.valueType(ret));
  mlir::OpBuilder b(&ctx);
  b.setInsertionPointToEnd(moduleOp->getBody());
  auto func = mlir::func::FuncOp::create(b, location(def->getLocation()),
                                         mangledName(def),
                                         b.getFunctionType(inputs, results));
  func.setPrivate();
  func->setAttr("alloy.name", b.getStringAttr(qualifiedName(def)));
  // [[gnu::noinline]] and [[gnu::always_inline]] reach MLIR's inliner and
  // LLVM.
  if (def->hasAttr<NoInlineAttr>()) {
    func.setNoInline(true);
    func->setAttr("llvm.no_inline", b.getUnitAttr());
  } else if (def->hasAttr<AlwaysInlineAttr>())
    func->setAttr("llvm.always_inline", b.getUnitAttr());
  functions[def] = func;
  pending.push_back(def);
  return func;
}

void DeviceModule::addKernel(const FunctionDecl *kernel,
                             const KernelAttributes &attrs) {
  KernelInfo info;
  info.symbol = mangledName(kernel);
  info.qualifiedName = qualifiedName(kernel);
  info.contract = attrs.contract;
  info.bounds = attrs.bounds;
  info.cluster = attrs.cluster;

  llvm::SmallVector<KernelLeafType, 16> leafTypes;
  llvm::SmallVector<ParamKind, 16> leafKinds;
  // `T *__restrict` parameters (CUDA's __restrict__): the caller promises
  // no other parameter reaches the same memory, as for spans.
  llvm::SmallVector<bool, 16> leafRestrict;
  // `volatile T *` parameters: memory that others change while the kernel
  // runs (a flag another block or the host sets), so neither noalias nor
  // read-only (which would read it through the non-coherent cache).
  llvm::SmallVector<bool, 16> leafVolatile;
  // An output that may overlap the inputs ([[gpu::may_alias]]): no pointer
  // of the kernel is noalias, nor read through the non-coherent path.
  bool mayAlias = false;
  for (const ParmVarDecl *p : kernel->parameters()) {
    size_t before = leafTypes.size();
    KernelParamInfo pinfo = lowerKernelParam(types, p, leafTypes);
    leafKinds.append(leafTypes.size() - before, pinfo.kind);
    leafRestrict.append(leafTypes.size() - before,
                        p->getType()->isPointerType() &&
                            p->getType().isRestrictQualified());
    leafVolatile.append(
        leafTypes.size() - before,
        p->getType()->isPointerType() &&
            p->getType()->getPointeeType().isVolatileQualified());
    mayAlias |= pinfo.mayAlias;
    info.params.push_back(std::move(pinfo));
  }

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
  if (info.cluster)
    op->setAttr("cluster_dims",
                b.getDenseI32ArrayAttr({int32_t(info.cluster->blocks[0]),
                                        int32_t(info.cluster->blocks[1]),
                                        int32_t(info.cluster->blocks[2])}));
  if (info.bounds) {
    op->setAttr("max_threads",
                b.getI32IntegerAttr(int32_t(info.bounds->maxThreads)));
    if (info.bounds->minBlocks)
      op->setAttr("min_blocks",
                  b.getI32IntegerAttr(int32_t(info.bounds->minBlocks)));
  }
  for (unsigned i = 0; i < leafTypes.size(); ++i) {
    if (uint64_t size = leafTypes[i].gridConstantSize)
      op.setArgAttr(
          i, AlloyDialect::getGridConstantAttrName(),
          b.getDenseI64ArrayAttr(
              {int64_t(size), int64_t(leafTypes[i].gridConstantAlign)}));
    if (!leafTypes[i].isPointer || mayAlias || leafVolatile[i])
      continue;
    // (Inputs, const T* included, are only read, so need no restrict.)
    if (leafKinds[i] == ParamKind::Input || leafKinds[i] == ParamKind::Output ||
        leafRestrict[i])
      op.setArgAttr(i, "alloy.noalias", b.getUnitAttr());
    if (leafKinds[i] == ParamKind::Input)
      op.setArgAttr(i, "alloy.readonly", b.getUnitAttr());
    // gpu::disjoint_span's data: the runtime never passes null (see
    // launch_marshal.hpp), so get_mut's result needs one bounds test only.
    if (leafKinds[i] == ParamKind::Output)
      op.setArgAttr(i, "alloy.nonnull", b.getUnitAttr());
  }
  op.addEntryBlock();
  FunctionEmitter(*this, kernel).emitKernel(op, info);
  kernelInfos.push_back(std::move(info));
}

bool DeviceModule::finish() {
  while (!pending.empty()) {
    const FunctionDecl *fn = pending.front();
    pending.pop_front();
    FunctionEmitter(*this, fn).emitFunction(functions[fn]);
  }
  if (failed)
    return false;
  if (mlir::failed(mlir::verify(*moduleOp))) {
    report(diags, SourceLocation(), diag::err_internal)
        << "the lowered device module does not verify (see the MLIR "
           "diagnostics above)";
    return false;
  }
  return true;
}

} // namespace alloy
