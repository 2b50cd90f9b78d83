// Small fixed-size copies (a 16-byte struct: `*(float4 *)dst = *(const
// float4 *)src`) as 128-, 64- or 32-bit loads and stores, as nvcc emits
// them: left to the backend, llvm.memcpy of 16 bytes became two 64-bit
// loads and stores, and lost the read-only cache (.nc) for inputs.
#include "DevicePasses.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"

using namespace llvm;

namespace alloy {

// At most four accesses of `chunk` bytes each, all of them aligned.
static unsigned chunkFor(const MemCpyInst &copy, uint64_t length) {
  uint64_t align = std::min(copy.getDestAlign().valueOrOne().value(),
                            copy.getSourceAlign().valueOrOne().value());
  for (unsigned chunk : {16u, 8u, 4u})
    if (align >= chunk && length % chunk == 0 && length / chunk <= 4)
      return chunk;
  return 0;
}

PreservedAnalyses WideCopiesPass::run(Function &f, FunctionAnalysisManager &) {
  SmallVector<MemCpyInst *> copies;
  for (Instruction &i : instructions(f))
    if (auto *copy = dyn_cast<MemCpyInst>(&i); copy && !copy->isVolatile())
      copies.push_back(copy);
  bool changed = false;
  for (MemCpyInst *copy : copies) {
    auto *length = dyn_cast<ConstantInt>(copy->getLength());
    if (!length || length->isZero())
      continue;
    unsigned chunk = chunkFor(*copy, length->getZExtValue());
    if (!chunk)
      continue;
    IRBuilder<> b(copy);
    // 16 bytes as <4 x i32>: NVPTX's v4 loads and stores.
    Type *type = b.getIntNTy(chunk * 8);
    if (chunk == 16)
      type = FixedVectorType::get(b.getInt32Ty(), 4);
    // memcpy's operands do not overlap: all loads, then all stores.
    SmallVector<Value *, 4> values;
    unsigned n = unsigned(length->getZExtValue() / chunk);
    for (unsigned k = 0; k < n; ++k) {
      Value *src = b.CreateConstInBoundsGEP1_64(b.getInt8Ty(),
                                                copy->getSource(), k * chunk);
      values.push_back(b.CreateAlignedLoad(type, src, Align(chunk)));
    }
    for (unsigned k = 0; k < n; ++k) {
      Value *dst =
          b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), copy->getDest(), k * chunk);
      b.CreateAlignedStore(values[k], dst, Align(chunk));
    }
    copy->eraseFromParent();
    changed = true;
  }
  return changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace alloy
