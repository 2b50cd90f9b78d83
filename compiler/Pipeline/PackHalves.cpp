// Packs two 16-bit floats into a 32-bit word as a pair. Copying a struct of
// halves or bfloat16s through integers (a 16-byte store of eight bf16s)
// leaves `or(zext(bits(lo)), shl(zext(bits(hi)), 16))` per word: in PTX a
// zero extension and a shift per half, and every extension of a float
// register needs alloy-ptxas-fp-bits-guard's prmt. As the bits of a
// <2 x half> the word is one `mov.b32 %r, {%lo, %hi}`, which ptxas merges
// with the two conversions that made the halves (F2FP.PACK_AB), as nvcc's.
#include "DevicePasses.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/PatternMatch.h"

using namespace llvm;
using namespace llvm::PatternMatch;

namespace alloy {

// The half or bfloat16 whose bits `v` zero-extends to 32 bits.
static Value *extendedHalf(Value *v) {
  Value *h = nullptr;
  if (match(v, m_ZExt(m_BitCast(m_Value(h)))) &&
      (h->getType()->isHalfTy() || h->getType()->isBFloatTy()))
    return h;
  return nullptr;
}

PreservedAnalyses PackHalvesPass::run(Function &f,
                                      FunctionAnalysisManager &) {
  SmallVector<std::tuple<Instruction *, Value *, Value *>> words;
  for (Instruction &i : instructions(f)) {
    if (!i.getType()->isIntegerTy(32))
      continue;
    Value *x, *y;
    if (!match(&i, m_Or(m_Value(x), m_Value(y))))
      continue;
    for (int swap = 0; swap < 2; ++swap, std::swap(x, y)) {
      Value *high = nullptr;
      Value *lo = extendedHalf(x);
      if (lo && match(y, m_Shl(m_Value(high), m_SpecificInt(16))))
        if (Value *hi = extendedHalf(high);
            hi && hi->getType() == lo->getType()) {
          words.emplace_back(&i, lo, hi);
          break;
        }
    }
  }
  for (auto [word, lo, hi] : words) {
    IRBuilder<> b(word);
    Value *pair = PoisonValue::get(FixedVectorType::get(lo->getType(), 2));
    pair = b.CreateInsertElement(pair, lo, uint64_t(0));
    pair = b.CreateInsertElement(pair, hi, uint64_t(1));
    word->replaceAllUsesWith(b.CreateBitCast(pair, word->getType()));
    word->eraseFromParent();
  }
  return words.empty() ? PreservedAnalyses::all() : PreservedAnalyses::none();
}

} // namespace alloy
