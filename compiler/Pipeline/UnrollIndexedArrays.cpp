// Loops that index a thread's private array (a register tile such as
// `float acc[8][8]`) or a __constant__ table with their induction variable
// are marked for full unrolling, as nvcc unrolls them. Once unrolled every
// index is a constant: SROA keeps the private array in registers (left
// rolled, it lives in local memory, which made llm.c's register-tiled
// matmul 4.5x slower than nvcc's), and each table read becomes a constant
// bank operand at a fixed offset (left rolled, quasirandomGenerator's
// 31-entry Sobol table walk ran at 0.83x nvcc). Runs among the late loop
// optimizations, before the full-unroll pass, innermost loops first; loops
// with an unroll pragma are left alone.
#include "DevicePasses.h"

#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Transforms/Utils/LoopUtils.h"

using namespace llvm;

namespace alloy {
namespace {

// Trip counts and sizes that unrolling may reach: what nvcc unrolls
// without a pragma for register tiles (8x8 and 16x16 are common), kept
// well under the full-unroll pragma's own limit of 16K instructions.
constexpr unsigned kMaxTripCount = 32;
constexpr unsigned kMaxUnrolledInstructions = 8192;
// Arrays larger than this stay in local memory anyway (registers are 255
// per thread).
constexpr uint64_t kMaxArrayBytes = 1024;
// A table walk gains less per unrolled instruction than a register tile.
constexpr unsigned kMaxUnrolledTableInstructions = 2048;
// NVPTX's constant state space (__constant__).
constexpr unsigned kConstantAddressSpace = 4;

// A private array of at most kMaxArrayBytes.
bool isSmallPrivateArray(const Value *object, const DataLayout &dl) {
  auto *alloca = dyn_cast<AllocaInst>(object);
  if (!alloca || !alloca->isStaticAlloca())
    return false;
  std::optional<TypeSize> size = alloca->getAllocationSize(dl);
  return size && !size->isScalable() && size->getFixedValue() <= kMaxArrayBytes;
}

// A variable in the constant state space.
bool isConstantTable(const Value *object) {
  auto *global = dyn_cast<GlobalVariable>(object);
  return global && global->getAddressSpace() == kConstantAddressSpace;
}

// Whether `loop` accesses an object that `wanted` accepts at an address
// that changes from one iteration to the next.
template <class Pred> bool indexes(const Loop &loop, Pred wanted) {
  for (BasicBlock *block : loop.blocks())
    for (Instruction &inst : *block) {
      Value *ptr = getLoadStorePointerOperand(&inst);
      if (!ptr || loop.isLoopInvariant(ptr))
        continue;
      if (wanted(getUnderlyingObject(ptr)))
        return true;
    }
  return false;
}

unsigned instructionCount(const Loop &loop) {
  unsigned n = 0;
  for (BasicBlock *block : loop.blocks())
    n += block->size();
  return n;
}

} // namespace

PreservedAnalyses
UnrollIndexedArraysPass::run(Loop &loop, LoopAnalysisManager &,
                             LoopStandardAnalysisResults &results,
                             LPMUpdater &) {
  if (hasUnrollTransformation(&loop) != TM_Unspecified)
    return PreservedAnalyses::all();
  unsigned trips = results.SE.getSmallConstantTripCount(&loop);
  if (trips < 2 || trips > kMaxTripCount)
    return PreservedAnalyses::all();
  const unsigned unrolled = trips * instructionCount(loop);
  const DataLayout &dl = loop.getHeader()->getDataLayout();
  bool wanted =
      (unrolled <= kMaxUnrolledInstructions &&
       indexes(loop,
               [&](const Value *o) { return isSmallPrivateArray(o, dl); })) ||
      (unrolled <= kMaxUnrolledTableInstructions &&
       indexes(loop, isConstantTable));
  if (!wanted)
    return PreservedAnalyses::all();
  addStringMetadataToLoop(&loop, "llvm.loop.unroll.full");
  // Only metadata changed.
  return PreservedAnalyses::all();
}

} // namespace alloy
