#include "PtxasFPBitsGuard.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace alloy {

static bool hasFPScalars(Type *t) {
  return t->getScalarType()->isFloatingPointTy();
}

// `mov.bN` through inline asm: the backend cannot see through it, and ptxas
// then knows the result is integer bits.
static Value *integerMove(IRBuilder<> &b, Value *bits) {
  unsigned width = bits->getType()->getIntegerBitWidth();
  const char *constraint = width == 16 ? "=h,h" : width == 32 ? "=r,r"
                                                              : "=l,l";
  std::string text = "mov.b" + std::to_string(width) + " $0, $1;";
  auto *type = FunctionType::get(bits->getType(), {bits->getType()}, false);
  InlineAsm *mov = InlineAsm::get(type, text, constraint,
                                  /*hasSideEffects=*/false);
  return b.CreateCall(mov, {bits});
}

static bool guardableWidth(unsigned bits) {
  return bits == 16 || bits == 32 || bits == 64;
}

// The bits of `value` (a float or a vector of floats) as an integer, or a
// vector of integers when wider than 64 bits, written by an integer
// instruction; null when no register width fits.
static Value *guardedBits(IRBuilder<> &b, Value *value) {
  Type *t = value->getType();
  unsigned total = t->getPrimitiveSizeInBits().getFixedValue();
  if (guardableWidth(total))
    return integerMove(b, b.CreateBitCast(value, b.getIntNTy(total)));
  auto *vt = dyn_cast<FixedVectorType>(t);
  if (!vt)
    return nullptr;
  unsigned bits = vt->getScalarSizeInBits();
  if (!guardableWidth(bits))
    return nullptr;
  Type *intElement = b.getIntNTy(bits);
  Value *result =
      PoisonValue::get(FixedVectorType::get(intElement, vt->getNumElements()));
  for (unsigned i = 0; i < vt->getNumElements(); ++i) {
    Value *e = b.CreateBitCast(b.CreateExtractElement(value, i), intElement);
    result = b.CreateInsertElement(result, integerMove(b, e), i);
  }
  return result;
}

// A bitcast of floats to integers is safe without the guard only when every
// use reads all its bits through an instruction the backend keeps.
static bool needsGuard(BitCastInst &cast) {
  if (!hasFPScalars(cast.getSrcTy()) || hasFPScalars(cast.getDestTy()) ||
      !cast.getDestTy()->isIntOrIntVectorTy())
    return false;
  for (User *user : cast.users())
    if (!isa<ICmpInst>(user))
      return true;
  return false;
}

// A store of floats that the backend splits into narrower stores.
static bool isSplitFPStore(StoreInst &store, const DataLayout &layout) {
  Type *t = store.getValueOperand()->getType();
  if (!hasFPScalars(t) || store.isAtomic())
    return false;
  uint64_t elementSize = layout.getTypeStoreSize(t->getScalarType());
  return store.getAlign().value() < elementSize;
}

PreservedAnalyses PtxasFPBitsGuardPass::run(Function &f,
                                            FunctionAnalysisManager &) {
  const DataLayout &layout = f.getDataLayout();
  SmallVector<BitCastInst *> casts;
  SmallVector<StoreInst *> stores;
  for (Instruction &i : instructions(f)) {
    if (auto *cast = dyn_cast<BitCastInst>(&i); cast && needsGuard(*cast))
      casts.push_back(cast);
    else if (auto *store = dyn_cast<StoreInst>(&i);
             store && isSplitFPStore(*store, layout))
      stores.push_back(store);
  }
  bool changed = false;
  for (BitCastInst *cast : casts) {
    IRBuilder<> b(cast);
    if (Value *bits = guardedBits(b, cast->getOperand(0))) {
      cast->replaceAllUsesWith(b.CreateBitCast(bits, cast->getDestTy()));
      cast->eraseFromParent();
      changed = true;
    }
  }
  for (StoreInst *store : stores) {
    IRBuilder<> b(store);
    if (Value *guarded = guardedBits(b, store->getValueOperand())) {
      store->setOperand(0, guarded);
      changed = true;
    }
  }
  return changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace alloy
