//===- InferAlignment.cpp - alignment from the address arithmetic ---------===//
//
// Raises the alignment of loads, stores and byte-range operations to what
// their address provably has: the base object's alignment (a local, a
// shared array, a global, dynamic shared memory, or a pointer the program
// promised aligned with `__builtin_assume_aligned`) and the multiples of
// two that the offsets from it keep (an index times an element size, a
// member offset). The widths of record copies are chosen from the raised
// alignment (WideCopies.h), so `tile[4 * i]` of a 16-byte aligned array
// becomes one 16-byte access.
//
//===----------------------------------------------------------------------===//

#include "alloy/Dialect/Alloy/AlloyOps.h"
#include "alloy/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/bit.h"

namespace alloy {
#define GEN_PASS_DEF_INFERALIGNMENTPASS
#include "alloy/Transforms/Passes.h.inc"
} // namespace alloy

using namespace mlir;

namespace {

// Accesses are at most 16 bytes wide; more alignment buys nothing.
constexpr unsigned kMaxLog2 = 4;
// How far back the walks look through the arithmetic.
constexpr int kMaxDepth = 12;

unsigned log2Of(uint64_t align) {
  return align == 0 ? 0 : std::min<unsigned>(llvm::countr_zero(align), 63);
}

// Bytes of one element of a pointer's pointee type, 0 when unknown.
uint64_t elementBytes(Type t) {
  if (auto record = dyn_cast<alloy::RecordType>(t))
    return record.getSize();
  if (isa<alloy::PtrType>(t))
    return 8;
  if (t.isIntOrFloat())
    return (t.getIntOrFloatBitWidth() + 7) / 8;
  return 0;
}

// What the arithmetic proves, each value's answer kept (shared
// subexpressions are asked once; an answer cut short by the depth limit is
// smaller, so still true). SSA values without block arguments form no
// cycles, so an answer never waits on itself.
class AlignmentFacts {
public:
  // The number of low bits known to be zero in integer `v`.
  unsigned zeroLowBits(Value v, int depth = 0) {
    return remembered(zeroBits, v,
                      [&] { return computeZeroLowBits(v, depth); });
  }
  // log2 of the alignment known for pointer `p`, at most kMaxLog2.
  unsigned knownLog2Align(Value p, int depth = 0) {
    return remembered(aligns, p, [&] { return computeLog2Align(p, depth); });
  }

private:
  template <class F>
  static unsigned remembered(llvm::DenseMap<Value, unsigned> &answers, Value v,
                             F compute) {
    if (auto it = answers.find(v); it != answers.end())
      return it->second;
    unsigned answer = compute(); // may grow `answers`
    answers[v] = answer;
    return answer;
  }
  unsigned computeZeroLowBits(Value v, int depth);
  unsigned computeLog2Align(Value p, int depth);

  llvm::DenseMap<Value, unsigned> zeroBits, aligns;
};

unsigned AlignmentFacts::computeZeroLowBits(Value v, int depth) {
  unsigned width = v.getType().getIntOrFloatBitWidth();
  Operation *def = v.getDefiningOp();
  if (!def || depth > kMaxDepth)
    return 0;
  auto operand = [&](unsigned i) {
    return zeroLowBits(def->getOperand(i), depth + 1);
  };
  if (auto constant = dyn_cast<arith::ConstantIntOp>(def)) {
    int64_t c = constant.value();
    return c == 0 ? width : unsigned(llvm::countr_zero(uint64_t(c)));
  }
  if (isa<arith::MulIOp>(def))
    return std::min(width, operand(0) + operand(1));
  if (isa<arith::ShLIOp>(def)) {
    auto shift = def->getOperand(1).getDefiningOp<arith::ConstantIntOp>();
    if (!shift || shift.value() < 0 || shift.value() >= width)
      return 0;
    return std::min<unsigned>(width, operand(0) + unsigned(shift.value()));
  }
  if (isa<arith::AddIOp, arith::SubIOp, arith::OrIOp, arith::XOrIOp>(def))
    return std::min(operand(0), operand(1));
  if (isa<arith::AndIOp>(def))
    return std::max(operand(0), operand(1));
  if (isa<arith::ExtSIOp, arith::ExtUIOp>(def))
    return operand(0) == def->getOperand(0).getType().getIntOrFloatBitWidth()
               ? width
               : operand(0);
  if (isa<arith::TruncIOp>(def))
    return std::min(width, operand(0));
  if (isa<arith::SelectOp>(def))
    return std::min(operand(1), operand(2));
  return 0;
}

unsigned AlignmentFacts::computeLog2Align(Value p, int depth) {
  Operation *def = p.getDefiningOp();
  if (!def || depth > kMaxDepth)
    return 0;
  auto symbolAlign = [&](SymbolRefAttr name) -> unsigned {
    Operation *symbol = SymbolTable::lookupNearestSymbolFrom(def, name);
    if (auto shared = dyn_cast_or_null<alloy::SharedMemoryOp>(symbol))
      return log2Of(shared.getAlignment());
    if (auto global = dyn_cast_or_null<alloy::DeviceGlobalOp>(symbol))
      return log2Of(global.getAlignment());
    if (auto constant = dyn_cast_or_null<alloy::GlobalConstantOp>(symbol))
      return log2Of(constant.getAlignment());
    return 0;
  };
  unsigned known = 0;
  if (auto slot = dyn_cast<alloy::AllocaOp>(def))
    known = log2Of(slot.getAlignment());
  else if (auto shared = dyn_cast<alloy::SharedAddressOp>(def))
    known = symbolAlign(shared.getNameAttr());
  else if (auto global = dyn_cast<alloy::GlobalAddressOp>(def))
    known = symbolAlign(global.getNameAttr());
  else if (auto constant = dyn_cast<alloy::ConstantAddressOp>(def))
    known = symbolAlign(constant.getNameAttr());
  else if (isa<alloy::DynamicSharedBaseOp>(def))
    known = 4; // the lowering declares its array 16-byte aligned
  else if (auto assumed = dyn_cast<alloy::AssumeAlignedOp>(def)) {
    // With an offset the promise is about another address: what it adds
    // keeps at most its own low zero bits.
    known = log2Of(assumed.getAlignment());
    if (Value offset = assumed.getOffset())
      known = std::min(known, zeroLowBits(offset));
    known = std::max(known, knownLog2Align(assumed.getPtr(), depth + 1));
  } else if (auto cast = dyn_cast<alloy::AddrSpaceCastOp>(def))
    known = knownLog2Align(cast.getPtr(), depth + 1);
  else if (auto member = dyn_cast<alloy::MemberAddrOp>(def))
    known = std::min(knownLog2Align(member.getBase(), depth + 1),
                     member.getOffset() == 0 ? kMaxLog2
                                             : log2Of(member.getOffset()));
  else if (auto add = dyn_cast<alloy::PtrAddOp>(def)) {
    uint64_t bytes = elementBytes(add.getElemType());
    unsigned step =
        bytes == 0 ? 0 : log2Of(bytes) + zeroLowBits(add.getIndex());
    known = std::min(knownLog2Align(add.getBase(), depth + 1), step);
  }
  return std::min(known, kMaxLog2);
}

uint64_t raised(uint64_t align, unsigned log2) {
  return std::max<uint64_t>(align, uint64_t(1) << log2);
}

// Raises a memcpy's or memmove's alignment to what both pointers promise.
template <typename CopyOp> void raiseCopy(CopyOp copy, AlignmentFacts &facts) {
  copy.setAlignment(raised(copy.getAlignment(),
                           std::min(facts.knownLog2Align(copy.getDst()),
                                    facts.knownLog2Align(copy.getSrc()))));
}

struct InferAlignmentPass
    : alloy::impl::InferAlignmentPassBase<InferAlignmentPass> {
  void runOnOperation() override {
    AlignmentFacts facts;
    auto knownLog2Align = [&](Value p) { return facts.knownLog2Align(p); };
    getOperation().walk([&](Operation *op) {
      if (auto load = dyn_cast<alloy::LoadOp>(op))
        load.setAlignment(
            raised(load.getAlignment(), knownLog2Align(load.getAddr())));
      else if (auto store = dyn_cast<alloy::StoreOp>(op))
        store.setAlignment(
            raised(store.getAlignment(), knownLog2Align(store.getAddr())));
      else if (auto copy = dyn_cast<alloy::MemcpyOp>(op))
        raiseCopy(copy, facts);
      else if (auto move = dyn_cast<alloy::MemmoveOp>(op))
        raiseCopy(move, facts);
      else if (auto set = dyn_cast<alloy::MemsetOp>(op))
        set.setAlignment(
            raised(set.getAlignment(), knownLog2Align(set.getDst())));
    });
  }
};

} // namespace
