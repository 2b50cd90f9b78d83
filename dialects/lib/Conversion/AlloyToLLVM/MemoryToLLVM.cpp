// Lowering of Alloy's byte-range and cached-access operations to the
// llvm dialect. Cached loads and stores are PTX inline assembly, as CUDA's
// own headers write __ldcs and __stcs: LLVM has no cache-policy operand.
#include "InlineAsm.h"
#include "Lowering.h"
#include "alloy/Conversion/AlloyToLLVM.h"
#include "alloy/Dialect/Alloy/AlloyOps.h"
#include "alloy/Dialect/Alloy/WideCopies.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;

namespace alloy {
namespace {

/// Marks the first `pointers` operands of a memcpy, memmove or memset
/// intrinsic `align`-aligned; the others (value, length) get none.
template <class IntrinsicOp>
void setAlignArgAttrs(mlir::Builder &b, IntrinsicOp op, uint64_t align,
                      unsigned pointers) {
  auto aligned = b.getDictionaryAttr(
      b.getNamedAttr(mlir::LLVM::LLVMDialect::getAlignAttrName(),
                     b.getI64IntegerAttr(int64_t(align))));
  llvm::SmallVector<mlir::Attribute, 3> attrs(pointers, aligned);
  attrs.resize(op->getNumOperands(), b.getDictionaryAttr({}));
  op.setArgAttrsAttr(b.getArrayAttr(attrs));
}

Lowered setBytes(MemsetOp op, MemsetOp::Adaptor a,
                 ConversionPatternRewriter &r) {
  auto set = LLVM::MemsetOp::create(r, op.getLoc(), a.getDst(), a.getValue(),
                                    a.getLength(), /*isVolatile=*/false);
  setAlignArgAttrs(r, set, op.getAlignment(), /*pointers=*/1);
  return Lowered::done();
}

/// alloy.memcpy: a copy of a constant size. A small one between two objects
/// that are not locals (a 16-byte struct: `*(float4 *)dst = *(const float4
/// *)src`, after alloy-forward-copies) becomes at most four loads and
/// stores as wide as its alignment allows, the loads first, as nvcc emits
/// it: 16 bytes as `vector<4xi32>`, one `ld.v4` (left to the backend, a
/// 16-byte llvm.memcpy was two 64-bit loads and stores, without `.nc` for
/// inputs). A copy to or from a local stays llvm.memcpy, which LLVM's SROA
/// splits into the fields' own values (wide accesses there cost moves in
/// and out of vectors).
Lowered copyBytes(MemcpyOp op, MemcpyOp::Adaptor a,
                  ConversionPatternRewriter &r) {
  Location loc = op.getLoc();
  uint64_t size = op.getSize(), align = op.getAlignment();
  if (std::optional<uint64_t> chunk =
          wideCopyChunk(op.getDst(), op.getSrc(), size, align)) {
    Type type = *chunk == 16 ? Type(VectorType::get({4}, r.getI32Type()))
                             : Type(r.getIntegerType(unsigned(*chunk * 8)));
    auto at = [&](Value base, uint64_t k) -> Value {
      if (k == 0)
        return base;
      return LLVM::GEPOp::create(
          r, loc, base.getType(), r.getI8Type(), base,
          llvm::ArrayRef<LLVM::GEPArg>{int32_t(k * *chunk)},
          LLVM::GEPNoWrapFlags::inbounds);
    };
    llvm::SmallVector<Value, 4> values;
    for (uint64_t k = 0; k < size / *chunk; ++k)
      values.push_back(
          LLVM::LoadOp::create(r, loc, type, at(a.getSrc(), k), *chunk));
    for (uint64_t k = 0; k < size / *chunk; ++k)
      LLVM::StoreOp::create(r, loc, values[k], at(a.getDst(), k), *chunk);
    return Lowered::done();
  }
  Value len = LLVM::ConstantOp::create(r, loc, r.getI64Type(),
                                       r.getI64IntegerAttr(int64_t(size)));
  auto copy = LLVM::MemcpyOp::create(r, loc, a.getDst(), a.getSrc(), len,
                                     /*isVolatile=*/false);
  setAlignArgAttrs(r, copy, align, /*pointers=*/2);
  return Lowered::done();
}

Lowered moveBytes(MemmoveOp op, MemmoveOp::Adaptor a,
                  ConversionPatternRewriter &r) {
  auto move = LLVM::MemmoveOp::create(r, op.getLoc(), a.getDst(), a.getSrc(),
                                      a.getLength(), /*isVolatile=*/false);
  setAlignArgAttrs(r, move, op.getAlignment(), /*pointers=*/2);
  return Lowered::done();
}

// The PTX type and register constraint for a value of `bits` bits.
struct PtxOperand {
  const char *type;
  const char *constraint;
};
PtxOperand ptxOperand(Type t) {
  if (t.isF32())
    return {"f32", "f"};
  if (t.isF64())
    return {"f64", "d"};
  switch (t.getIntOrFloatBitWidth()) {
  case 8:
    return {"u8", "h"};
  case 16:
    return {"u16", "h"};
  case 32:
    return {"u32", "r"};
  default:
    return {"u64", "l"};
  }
}

// The address as a global pointer: ld.global wants one (cvta.to.global).
Value globalAddress(ConversionPatternRewriter &r, Location loc, Value p) {
  auto global =
      LLVM::LLVMPointerType::get(r.getContext(), unsigned(MemorySpace::global));
  if (p.getType() == global)
    return p;
  return LLVM::AddrSpaceCastOp::create(r, loc, global, p);
}

Lowered cachedLoad(CachedLoadOp op, CachedLoadOp::Adaptor a,
                   ConversionPatternRewriter &r) {
  Location loc = op.getLoc();
  Type t = op.getType();
  Value addr = globalAddress(r, loc, a.getAddr());
  std::string policy = stringifyCachePolicy(op.getPolicy()).str();
  // cv (volatile) must not be merged or moved: it has side effects.
  bool sideEffects = op.getPolicy() == CachePolicy::cv;
  if (t.getIntOrFloatBitWidth() == 128) {
    // Four 32-bit words, as nvcc's int4 loads: the pieces a 16-byte struct
    // of halves or floats is read back from are then whole registers or
    // their halves (mov.b32 {lo, hi}), not 64-bit shifts.
    Type i32 = r.getI32Type();
    auto quad =
        LLVM::LLVMStructType::getLiteral(r.getContext(), {i32, i32, i32, i32});
    auto asmOp = createInlineAsm(r, loc, quad, addr,
                                 "ld.global." + policy +
                                     ".v4.u32 {$0, $1, $2, $3}, [$4];",
                                 "=r,=r,=r,=r,l", sideEffects);
    Type i128 = r.getIntegerType(128);
    Value result;
    for (unsigned i = 0; i < 4; ++i) {
      Value word = LLVM::ExtractValueOp::create(r, loc, asmOp.getResult(0), i);
      Value wide = LLVM::ZExtOp::create(r, loc, i128, word);
      if (i) {
        Value shift = LLVM::ConstantOp::create(r, loc, i128,
                                               r.getIntegerAttr(i128, 32 * i));
        wide = LLVM::ShlOp::create(r, loc, wide, shift);
      }
      result =
          result ? LLVM::OrOp::create(r, loc, result, wide).getResult() : wide;
    }
    return result;
  }
  PtxOperand operand = ptxOperand(t);
  // Bytes travel in 16-bit registers.
  Type asmType = t.isInteger(8) ? r.getI16Type() : t;
  auto asmOp = createInlineAsm(
      r, loc, asmType, addr,
      "ld.global." + policy + "." + operand.type + " $0, [$1];",
      std::string("=") + operand.constraint + ",l", sideEffects);
  Value v = asmOp.getResult(0);
  if (asmType != t)
    v = LLVM::TruncOp::create(r, loc, t, v);
  return v;
}

Lowered cachedStore(CachedStoreOp op, CachedStoreOp::Adaptor a,
                    ConversionPatternRewriter &r) {
  Location loc = op.getLoc();
  Value value = a.getValue();
  Type t = value.getType();
  Value addr = globalAddress(r, loc, a.getAddr());
  std::string policy = stringifyCachePolicy(op.getPolicy()).str();
  if (t.getIntOrFloatBitWidth() == 128) {
    Type i32 = r.getI32Type();
    SmallVector<Value, 5> operands{addr};
    for (unsigned i = 0; i < 4; ++i) {
      Value part = value;
      if (i) {
        Value shift =
            LLVM::ConstantOp::create(r, loc, t, r.getIntegerAttr(t, 32 * i));
        part = LLVM::LShrOp::create(r, loc, value, shift);
      }
      operands.push_back(LLVM::TruncOp::create(r, loc, i32, part));
    }
    createInlineAsm(r, loc, Type(), operands,
                    "st.global." + policy + ".v4.u32 [$0], {$1, $2, $3, $4};",
                    "l,r,r,r,r,~{memory}", /*sideEffects=*/true);
    return Lowered::done();
  }
  PtxOperand operand = ptxOperand(t);
  if (t.isInteger(8))
    value = LLVM::ZExtOp::create(r, loc, r.getI16Type(), value);
  createInlineAsm(r, loc, Type(), ValueRange{addr, value},
                  "st.global." + policy + "." + operand.type + " [$0], $1;",
                  std::string("l,") + operand.constraint + ",~{memory}",
                  /*sideEffects=*/true);
  return Lowered::done();
}

// isspacep: llvm.nvvm.isspacep.<space>, which InferAddressSpaces folds
// where the pointer's address space is known.
Lowered inSpace(InSpaceOp op, InSpaceOp::Adaptor a,
                ConversionPatternRewriter &r) {
  StringRef space = op.getSpace() == MemorySpace::global     ? "global"
                    : op.getSpace() == MemorySpace::shared   ? "shared"
                    : op.getSpace() == MemorySpace::constant ? "const"
                                                             : "local";
  return LLVM::CallIntrinsicOp::create(
             r, op.getLoc(), r.getI1Type(),
             r.getStringAttr("llvm.nvvm.isspacep." + space),
             ValueRange{a.getPtr()})
      .getResults();
}

// The alignment promise: `llvm.assume(true) ["align"(ptr, alignment[,
// offset])]`, which LLVM's alignment inference reads; the pointer itself
// passes through.
Lowered assumeAligned(AssumeAlignedOp op, AssumeAlignedOp::Adaptor a,
                      ConversionPatternRewriter &r) {
  Location loc = op.getLoc();
  Value yes =
      LLVM::ConstantOp::create(r, loc, r.getI1Type(), r.getBoolAttr(true));
  SmallVector<Value, 3> bundle{
      a.getPtr(), LLVM::ConstantOp::create(
                      r, loc, r.getI64Type(),
                      r.getI64IntegerAttr(int64_t(op.getAlignment())))};
  if (a.getOffset())
    bundle.push_back(a.getOffset());
  LLVM::AssumeOp::create(r, loc, yes, "align", bundle);
  return a.getPtr();
}

} // namespace

void addMemoryLowerings(LoweringTable &table) {
  table.add<MemsetOp>(setBytes)
      .add<MemcpyOp>(copyBytes)
      .add<MemmoveOp>(moveBytes)
      .add<CachedLoadOp>(cachedLoad)
      .add<CachedStoreOp>(cachedStore)
      .add<InSpaceOp>(inSpace)
      .add<AssumeAlignedOp>(assumeAligned);
}

} // namespace alloy
