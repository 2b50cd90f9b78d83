// Unroll pragmas in the host copies of device code, which the CPU device
// runs. The GPU compile honours a kernel's `#pragma unroll` (or warns, once,
// naming the kernel, that it could not). On the host the pragma stays a
// forced transformation, and the host's optimizer warned again for each
// loop it could not unroll (a trip count that the launch contract fixes on
// the GPU is unknown on the host), at a line of <gpu/detail/launch_abi.hpp>
// where the kernel was inlined. First in the host's pipeline, this pass
// drops the unroll requests (enable, full, count) from the loops of every
// function that the CPU device's entries (host_entry<K>::invoke and
// invoke_blocks) reach; the host's own heuristics still unroll them.
// `#pragma unroll 1` (disable) is kept.
#include "HostPasses.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"

namespace alloy {
namespace {

bool isUnrollRequest(const llvm::Metadata *op) {
  auto *node = llvm::dyn_cast<llvm::MDNode>(op);
  if (!node || node->getNumOperands() == 0)
    return false;
  auto *name = llvm::dyn_cast<llvm::MDString>(node->getOperand(0));
  return name && (name->getString() == "llvm.loop.unroll.enable" ||
                  name->getString() == "llvm.loop.unroll.full" ||
                  name->getString() == "llvm.loop.unroll.count");
}

// `loopID` without its unroll requests (itself if it has none).
llvm::MDNode *withoutUnrollRequests(llvm::MDNode *loopID) {
  llvm::SmallVector<llvm::Metadata *> ops = {nullptr};
  for (const llvm::MDOperand &op : llvm::drop_begin(loopID->operands()))
    if (!isUnrollRequest(op))
      ops.push_back(op);
  if (ops.size() == loopID->getNumOperands())
    return loopID;
  llvm::MDNode *id = llvm::MDNode::getDistinct(loopID->getContext(), ops);
  id->replaceOperandWith(0, id);
  return id;
}

} // namespace

llvm::PreservedAnalyses
HostLoopPragmasPass::run(llvm::Module &module, llvm::ModuleAnalysisManager &) {
  llvm::SetVector<llvm::Function *> reached;
  for (llvm::Function &f : module)
    if (!f.isDeclaration() && isCpuEntry(f))
      reached.insert(&f);
  for (size_t i = 0; i < reached.size(); ++i)
    for (llvm::Instruction &inst : llvm::instructions(*reached[i]))
      if (auto *call = llvm::dyn_cast<llvm::CallBase>(&inst))
        // The callee, and functions passed to it (the entries pass the
        // kernel to the loops they inline).
        for (llvm::Value *operand : call->operands())
          if (auto *callee = llvm::dyn_cast<llvm::Function>(operand);
              callee && !callee->isDeclaration())
            reached.insert(callee);
  llvm::DenseMap<llvm::MDNode *, llvm::MDNode *> rewritten;
  bool changed = false;
  for (llvm::Function *f : reached)
    for (llvm::Instruction &inst : llvm::instructions(*f)) {
      llvm::MDNode *loopID = inst.getMetadata(llvm::LLVMContext::MD_loop);
      if (!loopID)
        continue;
      auto [it, fresh] = rewritten.try_emplace(loopID, nullptr);
      if (fresh)
        it->second = withoutUnrollRequests(loopID);
      if (it->second != loopID) {
        inst.setMetadata(llvm::LLVMContext::MD_loop, it->second);
        changed = true;
      }
    }
  return changed ? llvm::PreservedAnalyses::none()
                 : llvm::PreservedAnalyses::all();
}

} // namespace alloy
