//===- AlloyTensorOps.cpp - Tensor cores, async copies, asm ---------------===//

#include "alloy/Dialect/Alloy/AlloyOps.h"

using namespace mlir;
using namespace alloy;

namespace {
// What one mma.sync of a shape and multiplicand type takes.
struct MmaForm {
  unsigned a, b;
  bool floatAccumulator; // else s32
  bool halfAccumulator;  // f16 pairs allowed as well
};
std::optional<MmaForm> mmaForm(MmaShape shape, MmaType type) {
  switch (shape) {
  case MmaShape::m16n8k16:
    if (type == MmaType::f16)
      return MmaForm{4, 2, true, true};
    if (type == MmaType::bf16)
      return MmaForm{4, 2, true, false};
    return std::nullopt;
  case MmaShape::m16n8k8:
    if (type == MmaType::tf32)
      return MmaForm{4, 2, true, false};
    return std::nullopt;
  case MmaShape::m16n8k32:
    if (type == MmaType::s8 || type == MmaType::u8)
      return MmaForm{4, 2, false, false};
    if (type == MmaType::e4m3 || type == MmaType::e5m2)
      return MmaForm{4, 2, true, false};
    return std::nullopt;
  }
  return std::nullopt;
}
} // namespace

LogicalResult MmaSyncOp::verify() {
  std::optional<MmaForm> form = mmaForm(getShape(), getType());
  if (!form)
    return emitOpError("has no ") << stringifyMmaShape(getShape()) << " form for "
                                  << stringifyMmaType(getType()) << " operands";
  if (getA().size() != form->a || getB().size() != form->b)
    return emitOpError("takes ")
           << form->a << " A and " << form->b << " B registers, got "
           << getA().size() << " and " << getB().size();
  TypeRange c = getC().getTypes();
  bool f32x4 = c.size() == 4 && llvm::all_of(c, [](Type t) { return t.isF32(); });
  bool i32x4 =
      c.size() == 4 && llvm::all_of(c, [](Type t) { return t.isInteger(32); });
  bool f16x2 =
      c.size() == 2 && llvm::all_of(c, [](Type t) { return t.isInteger(32); });
  bool ok = form->floatAccumulator ? (f32x4 || (form->halfAccumulator && f16x2))
                                   : i32x4;
  if (!ok)
    return emitOpError("needs an accumulator of ")
           << (form->floatAccumulator
                   ? (form->halfAccumulator ? "4 f32 or 2 i32 (f16 pairs)"
                                            : "4 f32")
                   : "4 i32")
           << " values";
  if (TypeRange(getD().getTypes()) != c)
    return emitOpError("results must have the accumulator's types");
  return success();
}

static LogicalResult verifyMatrixAccess(Operation *op, Value addr,
                                        size_t count) {
  if (cast<PtrType>(addr.getType()).getSpace() != MemorySpace::shared)
    return op->emitOpError("needs a shared-memory address, got ")
           << addr.getType();
  if (count != 1 && count != 2 && count != 4)
    return op->emitOpError("moves 1, 2 or 4 matrices, got ") << count;
  return success();
}

LogicalResult LdMatrixOp::verify() {
  return verifyMatrixAccess(*this, getAddr(), getRegs().size());
}

LogicalResult StMatrixOp::verify() {
  return verifyMatrixAccess(*this, getAddr(), getRegs().size());
}

LogicalResult CpAsyncOp::verify() {
  if (cast<PtrType>(getDst().getType()).getSpace() != MemorySpace::shared)
    return emitOpError("copies into shared memory, not ")
           << getDst().getType();
  if (cast<PtrType>(getSrc().getType()).getSpace() != MemorySpace::global)
    return emitOpError("copies from global memory, not ")
           << getSrc().getType();
  uint32_t bytes = getBytes();
  if (bytes != 4 && bytes != 8 && bytes != 16)
    return emitOpError("copies 4, 8 or 16 bytes, not ") << bytes;
  if (getCacheGlobal() && bytes != 16)
    return emitOpError("cache_global (cp.async.cg) copies 16 bytes");
  return success();
}

LogicalResult ApproxOp::verify() {
  Type t = getValue().getType();
  auto isHalf = [](Type e) { return e.isF16() || e.isBF16(); };
  auto v = dyn_cast<VectorType>(t);
  bool ok = v ? v.getRank() == 1 && v.getNumElements() == 2 &&
                    !v.isScalable() && isHalf(v.getElementType())
              : isHalf(t);
  if (!ok)
    return emitOpError("works on f16, bf16, vector<2xf16> or vector<2xbf16>, "
                       "not ")
           << t;
  return success();
}
