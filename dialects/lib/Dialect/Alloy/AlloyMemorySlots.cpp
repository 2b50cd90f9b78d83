//===- AlloyMemorySlots.cpp - Promotable stack slots ----------------------===//
//
// MLIR's memory-slot interfaces on alloy.alloca, alloy.load and alloy.store,
// so that `mem2reg` turns a scalar local into SSA values at the Alloy level.
// A slot promotes when every use is a non-volatile load or store of exactly
// its type through the slot's own address; records, volatile locals and
// locals whose address escapes (a call, a copy, pointer arithmetic) stay in
// memory for LLVM.
//
//===----------------------------------------------------------------------===//

#include "alloy/Dialect/Alloy/AlloyOps.h"
#include "mlir/Dialect/UB/IR/UBOps.h"

using namespace mlir;
using namespace alloy;

//===----------------------------------------------------------------------===//
// alloy.alloca
//===----------------------------------------------------------------------===//

SmallVector<MemorySlot> AllocaOp::getPromotableSlots() {
  if (isa<RecordType>(getElemType()))
    return {};
  return {MemorySlot{getResult(), getElemType()}};
}

Value AllocaOp::getDefaultValue(const MemorySlot &slot, OpBuilder &builder) {
  // A read before any write reads an indeterminate value.
  return ub::PoisonOp::create(builder, getLoc(), slot.elemType);
}

void AllocaOp::handleBlockArgument(const MemorySlot &, BlockArgument,
                                   OpBuilder &) {}

std::optional<PromotableAllocationOpInterface>
AllocaOp::handlePromotionComplete(const MemorySlot &, Value defaultValue,
                                  OpBuilder &) {
  if (defaultValue && defaultValue.use_empty())
    defaultValue.getDefiningOp()->erase();
  erase();
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// alloy.load and alloy.store
//===----------------------------------------------------------------------===//

// `addr` is the slot itself, accessed as the slot's type without volatile.
static bool accessesWhole(const MemorySlot &slot, Value addr, Type type,
                          bool isVolatile) {
  return addr == slot.ptr && type == slot.elemType && !isVolatile;
}

// The only blocking use an access may remove: its address operand (a store
// of the slot's own address lets it escape).
static bool onlyAddressUse(const SmallPtrSetImpl<OpOperand *> &blockingUses,
                           Value slotPtr) {
  return blockingUses.size() == 1 && (*blockingUses.begin())->get() == slotPtr;
}

bool LoadOp::loadsFrom(const MemorySlot &slot) { return getAddr() == slot.ptr; }

bool LoadOp::storesTo(const MemorySlot &) { return false; }

Value LoadOp::getStored(const MemorySlot &, OpBuilder &, Value,
                        const DataLayout &) {
  llvm_unreachable("alloy.load does not store");
}

bool LoadOp::canUsesBeRemoved(const MemorySlot &slot,
                              const SmallPtrSetImpl<OpOperand *> &blockingUses,
                              SmallVectorImpl<OpOperand *> &,
                              const DataLayout &) {
  return onlyAddressUse(blockingUses, slot.ptr) &&
         accessesWhole(slot, getAddr(), getType(), getIsVolatile());
}

DeletionKind LoadOp::removeBlockingUses(const MemorySlot &,
                                        const SmallPtrSetImpl<OpOperand *> &,
                                        OpBuilder &, Value reachingDefinition,
                                        const DataLayout &) {
  getResult().replaceAllUsesWith(reachingDefinition);
  return DeletionKind::Delete;
}

bool StoreOp::loadsFrom(const MemorySlot &) { return false; }

bool StoreOp::storesTo(const MemorySlot &slot) { return getAddr() == slot.ptr; }

Value StoreOp::getStored(const MemorySlot &, OpBuilder &, Value,
                         const DataLayout &) {
  return getValue();
}

bool StoreOp::canUsesBeRemoved(const MemorySlot &slot,
                               const SmallPtrSetImpl<OpOperand *> &blockingUses,
                               SmallVectorImpl<OpOperand *> &,
                               const DataLayout &) {
  return onlyAddressUse(blockingUses, slot.ptr) &&
         accessesWhole(slot, getAddr(), getValue().getType(), getIsVolatile());
}

DeletionKind StoreOp::removeBlockingUses(const MemorySlot &,
                                         const SmallPtrSetImpl<OpOperand *> &,
                                         OpBuilder &, Value,
                                         const DataLayout &) {
  return DeletionKind::Delete;
}
