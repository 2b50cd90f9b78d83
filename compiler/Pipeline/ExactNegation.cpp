// Makes a negation whose bits are observed flip the sign bit, as IEEE 754
// negation does. The NVPTX backend emits PTX `neg.f32`/`neg.f64`/`neg.f16`,
// whose NaN result PTX leaves unspecified and the GPU makes the canonical
// NaN: `std::signbit(-x)` of a NaN x was false and `-x` stored a positive
// NaN. Each `fneg` whose value reaches something other than arithmetic (a
// store, a bit cast, a select, a call, a conversion) becomes an integer
// `xor` of the sign bit there; arithmetic uses (whose NaN results have no
// specified sign) keep the `fneg`, which ptxas folds into their operands.
#include "DevicePasses.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"

using namespace llvm;

namespace alloy {

// Whether `use` computes with the negated value rather than passing its
// bits on: a NaN result of arithmetic has no specified sign.
static bool isArithmeticUse(const Use &use) {
  auto *user = dyn_cast<Instruction>(use.getUser());
  if (!user)
    return false;
  switch (user->getOpcode()) {
  case Instruction::FAdd:
  case Instruction::FSub:
  case Instruction::FMul:
  case Instruction::FDiv:
  case Instruction::FRem:
  case Instruction::FCmp:
  case Instruction::FPToSI:
  case Instruction::FPToUI:
    return true;
  default:
    break;
  }
  if (auto *intrinsic = dyn_cast<IntrinsicInst>(user))
    switch (intrinsic->getIntrinsicID()) {
    case Intrinsic::fma:
    case Intrinsic::fmuladd:
    case Intrinsic::sqrt:
    case Intrinsic::fabs:
      return true;
    default:
      break;
    }
  return false;
}

PreservedAnalyses ExactNegationPass::run(Function &f,
                                         FunctionAnalysisManager &) {
  SmallVector<Instruction *> negations;
  for (Instruction &i : instructions(f))
    if (i.getOpcode() == Instruction::FNeg &&
        !all_of(i.uses(), isArithmeticUse))
      negations.push_back(&i);
  for (Instruction *neg : negations) {
    Type *type = neg->getType();
    unsigned bits = type->getScalarSizeInBits();
    Type *integer =
        type->getWithNewType(IntegerType::get(f.getContext(), bits));
    IRBuilder<> b(neg);
    Value *flipped =
        b.CreateXor(b.CreateBitCast(neg->getOperand(0), integer),
                    ConstantInt::get(integer, APInt::getSignMask(bits)));
    Value *exact = b.CreateBitCast(flipped, type, neg->getName() + ".exact");
    neg->replaceUsesWithIf(exact,
                           [](Use &use) { return !isArithmeticUse(use); });
    if (neg->use_empty())
      neg->eraseFromParent();
  }
  return negations.empty() ? PreservedAnalyses::all()
                           : PreservedAnalyses::none();
}

} // namespace alloy
