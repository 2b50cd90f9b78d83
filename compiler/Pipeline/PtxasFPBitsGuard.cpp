// Works around ptxas's reading of untyped registers: LLVM's NVPTX backend
// keeps floats in .b32/.b64/.b16 registers, and ptxas treats a register
// written by a floating-point instruction as a float. A narrower store of it
// (st.b8 of an add.rn.f32 result, for an unaligned float store or for the
// low byte of std::bit_cast<uint32_t>(f)) then becomes a float-to-integer
// conversion (F2I), not the low bits, and cvt.u64.u32 of the bits of an
// integer-to-float conversion became the integer itself. This pass routes
// the bits of every such value through an integer instruction ptxas cannot
// see through (an inline-asm identity prmt) before the backend can narrow
// or extend them.
#include "DevicePasses.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace alloy {

static bool hasFPScalars(Type *t) {
  return t->getScalarType()->isFloatingPointTy();
}

// The bits through an identity byte permute (`prmt.b32 d, a, 0, 0x3210`) in
// inline asm: an integer instruction that ptxas neither sees through nor
// treats as a copy. A plain `mov` is not enough: ptxas propagates the copy
// and then folds cvt.u64.u32 of a cvt.rn.f32.u32 result as if it were a
// float-to-integer conversion of it (float(true)'s bits became 1, on the
// H200 with CUDA 13, in test/fuzz's batch). Wider and narrower values go
// through 32-bit halves.
static Value *integerMove(IRBuilder<> &b, Value *bits) {
  unsigned width = bits->getType()->getIntegerBitWidth();
  const char *text = nullptr, *constraint = nullptr;
  if (width == 32) {
    text = "prmt.b32 $0, $1, 0, 0x3210;";
    constraint = "=r,r";
  } else if (width == 64) {
    text = "{ .reg .b32 lo, hi; mov.b64 {lo, hi}, $1; "
           "prmt.b32 lo, lo, 0, 0x3210; prmt.b32 hi, hi, 0, 0x3210; "
           "mov.b64 $0, {lo, hi}; }";
    constraint = "=l,l";
  } else {
    text = "{ .reg .b32 t; .reg .b16 u; mov.b32 t, {$1, $1}; "
           "prmt.b32 t, t, 0, 0x3210; mov.b32 {$0, u}, t; }";
    constraint = "=h,h";
  }
  auto *type = FunctionType::get(bits->getType(), {bits->getType()}, false);
  InlineAsm *move = InlineAsm::get(type, text, constraint,
                                   /*hasSideEffects=*/false);
  return b.CreateCall(move, {bits});
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

// An instruction that reads its operand's bits with a bitwise or modular
// integer operation: ptxas computes it on the bits (what ptxas misreads are
// conversions, extensions and narrower stores of a float register).
static bool readsBitsAsInteger(User *user) {
  if (isa<ICmpInst>(user))
    return true;
  auto *op = dyn_cast<BinaryOperator>(user);
  if (!op)
    return false;
  switch (op->getOpcode()) {
  case Instruction::And:
  case Instruction::Or:
  case Instruction::Xor:
  case Instruction::Add:
  case Instruction::Sub:
  case Instruction::Mul:
  case Instruction::Shl:
  case Instruction::LShr:
  case Instruction::AShr:
    return true;
  default:
    return false;
  }
}

// An instruction that stores its operand's whole register unchanged: a store
// of the full width (naturally aligned, so the backend does not split it),
// or one of the cache-policy stores Alloy writes as inline PTX (`st.`...).
// No narrowing or extension for ptxas to misread.
static bool storesWholeRegister(User *user, Value *bits) {
  if (auto *store = dyn_cast<StoreInst>(user))
    return store->getValueOperand() == bits && !store->isAtomic() &&
           store->getAlign().value() >=
               store->getDataLayout().getTypeStoreSize(bits->getType());
  auto *call = dyn_cast<CallBase>(user);
  if (!call || !call->isInlineAsm())
    return false;
  auto *asmText = cast<InlineAsm>(call->getCalledOperand());
  return StringRef(asmText->getAsmString()).starts_with("st.global.");
}

// A tensor-core operand: packed halves (cvt.rn.f16x2.f32 results) read whole
// by mma.sync (an llvm.nvvm.mma intrinsic) or by wgmma's inline PTX, which
// reads the register as the pair it is. nvcc's code feeds the conversions
// straight in too; the guard's prmt would cost one instruction a register
// (32 a key tile in FlashAttention).
static bool feedsTensorCore(User *user) {
  auto *call = dyn_cast<CallBase>(user);
  if (!call)
    return false;
  if (call->isInlineAsm()) {
    StringRef text = cast<InlineAsm>(call->getCalledOperand())->getAsmString();
    return text.contains("wgmma.mma_async") || text.contains("mma.sync");
  }
  Function *callee = call->getCalledFunction();
  return callee && callee->getName().starts_with("llvm.nvvm.mma.");
}

// A bitcast of floats to integers is safe without the guard only when every
// use reads its bits with an integer operation (libdevice's bit tricks in
// expf and logf: no cost there), stores them whole, or hands them whole to
// the tensor cores.
static bool needsGuard(BitCastInst &cast) {
  if (!hasFPScalars(cast.getSrcTy()) || hasFPScalars(cast.getDestTy()) ||
      !cast.getDestTy()->isIntOrIntVectorTy())
    return false;
  for (User *user : cast.users())
    if (!readsBitsAsInteger(user) && !storesWholeRegister(user, &cast) &&
        !feedsTensorCore(user))
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
