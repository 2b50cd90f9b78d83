// What a kernel's launch contract says about its special registers, applied
// after inlining: in a kernel with "nvvm.reqntid" the block shape (%ntid)
// is a constant and each thread index (%tid) has the contract's range, also
// where they were read inside inlined helpers such as gpu::block_dim().
// (The conversion to the llvm dialect knows the contract only for reads in
// the kernel's own body.)
#include "DevicePasses.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/ConstantRange.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicsNVPTX.h"

using namespace llvm;

namespace alloy {

// "256,1,1" -> {256, 1, 1}; empty when absent or malformed.
static SmallVector<uint32_t, 3> shapeOf(const Function &f, StringRef attr) {
  SmallVector<uint32_t, 3> shape;
  if (!f.hasFnAttribute(attr))
    return shape;
  SmallVector<StringRef, 3> parts;
  f.getFnAttribute(attr).getValueAsString().split(parts, ',');
  for (StringRef p : parts) {
    uint32_t v;
    if (p.trim().getAsInteger(10, v) || v == 0)
      return {};
    shape.push_back(v);
  }
  if (shape.size() != 3)
    return {};
  return shape;
}

PreservedAnalyses LaunchFactsPass::run(Function &f,
                                       FunctionAnalysisManager &) {
  SmallVector<uint32_t, 3> req = shapeOf(f, "nvvm.reqntid");
  if (req.empty())
    return PreservedAnalyses::all();
  bool changed = false;
  for (Instruction &i : make_early_inc_range(instructions(f))) {
    auto *call = dyn_cast<CallInst>(&i);
    Function *callee = call ? call->getCalledFunction() : nullptr;
    if (!callee)
      continue;
    unsigned dim;
    bool tid;
    switch (callee->getIntrinsicID()) {
    case Intrinsic::nvvm_read_ptx_sreg_tid_x: dim = 0, tid = true; break;
    case Intrinsic::nvvm_read_ptx_sreg_tid_y: dim = 1, tid = true; break;
    case Intrinsic::nvvm_read_ptx_sreg_tid_z: dim = 2, tid = true; break;
    case Intrinsic::nvvm_read_ptx_sreg_ntid_x: dim = 0, tid = false; break;
    case Intrinsic::nvvm_read_ptx_sreg_ntid_y: dim = 1, tid = false; break;
    case Intrinsic::nvvm_read_ptx_sreg_ntid_z: dim = 2, tid = false; break;
    default:
      continue;
    }
    if (tid) {
      ConstantRange range(APInt(32, 0), APInt(32, req[dim]));
      if (req[dim] == 1) {
        call->replaceAllUsesWith(ConstantInt::get(call->getType(), 0));
        call->eraseFromParent();
      } else {
        call->addRangeRetAttr(range);
      }
    } else {
      call->replaceAllUsesWith(ConstantInt::get(call->getType(), req[dim]));
      call->eraseFromParent();
    }
    changed = true;
  }
  return changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace alloy
