// Shared memory in the host code of device functions, for the CPU device:
// a [[gpu::shared]] variable or gpu::shared_array is one object per block,
// and the CPU device runs a block's threads on one worker thread at a time,
// so in the host object each such local becomes a thread-local global.
//   - annotateSharedArrays (before clang's code generation): gives each
//     local of a gpu::shared_array type the annotation that [[gpu::shared]]
//     variables carry, so that both reach the LLVM IR marked;
//   - HostSharedMemoryPass (first in the host's LLVM pipeline): replaces
//     each marked stack slot by a thread_local global.
#include "HostPasses.h"

#include "Basic/ASTUtils.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ReplaceConstant.h"

namespace alloy {
namespace {

struct SharedArrayFinder : clang::RecursiveASTVisitor<SharedArrayFinder> {
  bool VisitVarDecl(clang::VarDecl *vd) {
    if (vd->hasLocalStorage() && !llvm::isa<clang::ParmVarDecl>(vd) &&
        !isSharedVariable(vd) && isSharedArrayType(vd->getType()))
      vd->addAttr(clang::AnnotateAttr::CreateImplicit(
          vd->getASTContext(), kSharedVariableAnnotation, nullptr, 0));
    return true;
  }
};

// The annotation string of a call of llvm.var.annotation, or "".
llvm::StringRef annotationOf(const llvm::IntrinsicInst *call) {
  auto *gv = llvm::dyn_cast<llvm::GlobalVariable>(
      call->getArgOperand(1)->stripPointerCasts());
  if (!gv || !gv->hasInitializer())
    return {};
  auto *data = llvm::dyn_cast<llvm::ConstantDataArray>(gv->getInitializer());
  if (!data || !data->isCString())
    return {};
  return data->getAsCString();
}

} // namespace

void annotateSharedArrays(clang::DeclGroupRef group) {
  for (clang::Decl *d : group) {
    const clang::SourceManager &sm = d->getASTContext().getSourceManager();
    if (sm.isInSystemHeader(d->getLocation()))
      continue;
    SharedArrayFinder().TraverseDecl(d);
  }
}

// Replaces each extern shared array (declared, never defined: named with
// kDynamicSharedSymbolPrefix) by the CPU device's dynamic shared memory of
// the running block, which the runtime's __alloy_cpu_dynamic_shared()
// returns (called once at the entry of each function that uses it).
static bool replaceDynamicShared(llvm::Module &module) {
  bool changed = false;
  for (llvm::GlobalVariable &g :
       llvm::make_early_inc_range(module.globals())) {
    llvm::StringRef name = g.getName();
    name.consume_front("\1");
    if (!g.isDeclaration() || !name.starts_with(kDynamicSharedSymbolPrefix))
      continue;
    llvm::convertUsersOfConstantsToInstructions({&g});
    llvm::FunctionCallee base = module.getOrInsertFunction(
        "__alloy_cpu_dynamic_shared",
        llvm::PointerType::getUnqual(module.getContext()));
    llvm::DenseMap<llvm::Function *, llvm::Value *> perFunction;
    for (llvm::Use &use : llvm::make_early_inc_range(g.uses())) {
      auto *inst = llvm::dyn_cast<llvm::Instruction>(use.getUser());
      if (!inst)
        continue;
      llvm::Value *&address = perFunction[inst->getFunction()];
      if (!address) {
        llvm::BasicBlock &entry = inst->getFunction()->getEntryBlock();
        llvm::IRBuilder<> b(&entry, entry.getFirstInsertionPt());
        address = b.CreateCall(base, {}, "dynamic_shared");
      }
      use.set(address);
    }
    if (g.use_empty())
      g.eraseFromParent();
    changed = true;
  }
  return changed;
}

llvm::PreservedAnalyses HostSharedMemoryPass::run(llvm::Module &module,
                                                  llvm::ModuleAnalysisManager &) {
  bool changed = replaceDynamicShared(module);
  llvm::SmallVector<llvm::IntrinsicInst *, 8> marks;
  for (llvm::Function &f : module)
    for (llvm::Instruction &i : llvm::instructions(f))
      if (auto *call = llvm::dyn_cast<llvm::IntrinsicInst>(&i))
        if (call->getIntrinsicID() == llvm::Intrinsic::var_annotation &&
            annotationOf(call) == kSharedVariableAnnotation)
          marks.push_back(call);
  if (marks.empty())
    return changed ? llvm::PreservedAnalyses::none()
                   : llvm::PreservedAnalyses::all();
  const llvm::DataLayout &layout = module.getDataLayout();
  for (llvm::IntrinsicInst *mark : marks) {
    auto *slot = llvm::dyn_cast<llvm::AllocaInst>(
        mark->getArgOperand(0)->stripPointerCasts());
    mark->eraseFromParent();
    if (!slot || !slot->isStaticAlloca() || slot->isArrayAllocation())
      continue;
    llvm::Type *type = slot->getAllocatedType();
    llvm::Align align = slot->getAlign();
    if (layout.getTypeAllocSize(type) >= 16)
      align = std::max(align, llvm::Align(16)); // as on the GPU
    std::string name = "__alloy_shared." +
                       slot->getFunction()->getName().str() + "." +
                       slot->getName().str();
    auto *storage = new llvm::GlobalVariable(
        module, type, /*isConstant=*/false, llvm::GlobalValue::InternalLinkage,
        llvm::Constant::getNullValue(type), name, nullptr,
        llvm::GlobalValue::GeneralDynamicTLSModel);
    storage->setAlignment(align);
    // Lifetime markers and debug declarations need a stack slot.
    for (llvm::User *u : llvm::make_early_inc_range(slot->users()))
      if (auto *ii = llvm::dyn_cast<llvm::IntrinsicInst>(u))
        if (ii->isLifetimeStartOrEnd())
          ii->eraseFromParent();
    llvm::IRBuilder<> b(slot);
    llvm::Value *address = b.CreateThreadLocalAddress(storage);
    slot->replaceAllUsesWith(address);
    slot->eraseFromParent();
  }
  return llvm::PreservedAnalyses::none();
}

} // namespace alloy
