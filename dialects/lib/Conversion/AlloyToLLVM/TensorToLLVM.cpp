// Lowering of Alloy's tensor-core, async-copy and inline-asm
// operations to the llvm and nvvm dialects: mma.sync, ldmatrix, stmatrix
// and cp.async become upstream nvvm ops (and so LLVM's NVPTX intrinsics).
#include "InlineAsm.h"
#include "Lowering.h"
#include "PtxIsa.h"
#include "TargetChecks.h"
#include "alloy/Conversion/AlloyToLLVM.h"
#include "alloy/Dialect/Alloy/AlloyOps.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"

using namespace mlir;

namespace alloy {
namespace {

// Alloy's multiplicand types are NVVM's, by name.
NVVM::MMATypes mmaType(MmaType t) {
  return *NVVM::symbolizeMMATypes(stringifyMmaType(t));
}

// The nvvm op takes f16 pairs as vector<2xf16> and every other multiplicand
// as i32; its result is one struct of the accumulator registers.

// m16n8k32 with e4m3/e5m2 multiplicands into f32 (sm_89, PTX ISA 8.4):
// inline PTX, since upstream nvvm.mma.sync does not accept fp8 types.
LogicalResult lowerFp8Mma(MmaSyncOp op, MmaSyncOp::Adaptor a, unsigned sm,
                          ConversionPatternRewriter &r) {
  if (sm < 89)
    return op.emitOpError("with ")
           << stringifyMmaType(op.getType())
           << " multiplicands needs sm_89 or newer (--gpu-arch=sm_89 or "
              "sm_90); the lowest target is sm_"
           << sm;
  StringRef t = op.getType() == MmaType::e4m3 ? "e4m3" : "e5m2";
  std::string text = ("mma.sync.aligned.m16n8k32.row.col.f32." + t + "." + t +
                      ".f32 {$0, $1, $2, $3}, {$4, $5, $6, $7}, {$8, $9}, "
                      "{$10, $11, $12, $13};")
                         .str();
  SmallVector<Value> operands(a.getA().begin(), a.getA().end());
  operands.append(a.getB().begin(), a.getB().end());
  operands.append(a.getC().begin(), a.getC().end());
  Type result =
      packedType(r.getContext(), SmallVector<Type>(4, r.getF32Type()));
  auto asmOp = createInlineAsm(r, op.getLoc(), result, operands, text,
                               "=f,=f,=f,=f,r,r,r,r,r,r,f,f,f,f",
                               /*sideEffects=*/false);
  SmallVector<Value> d = unpackResults(r, op.getLoc(), asmOp, 4);
  requirePtxIsaAtLeast(op, 84, r);
  r.replaceOp(op, d);
  return success();
}

struct MmaSyncLowering : TargetPattern<MmaSyncOp> {
  using TargetPattern::TargetPattern;
  LogicalResult matchAndRewrite(MmaSyncOp op, OpAdaptor a,
                                ConversionPatternRewriter &r) const override {
    if (op.getType() == MmaType::e4m3 || op.getType() == MmaType::e5m2)
      return lowerFp8Mma(op, a, target.sm, r);
    Location loc = op.getLoc();
    auto f16x2 = VectorType::get({2}, r.getF16Type());
    auto asPairs = [&](ValueRange words, bool pairs) {
      SmallVector<Value> out;
      for (Value w : words)
        out.push_back(pairs ? LLVM::BitcastOp::create(r, loc, f16x2, w) : w);
      return out;
    };
    bool f16 = op.getType() == MmaType::f16;
    // An accumulator of two i32 words holds f16 pairs.
    bool halfAcc = a.getC().size() == 2;
    SmallVector<Value> av = asPairs(a.getA(), f16);
    SmallVector<Value> bv = asPairs(a.getB(), f16);
    SmallVector<Value> cv = asPairs(a.getC(), halfAcc);
    SmallVector<Type> fields;
    for (Value c : cv)
      fields.push_back(c.getType());
    Type result = LLVM::LLVMStructType::getLiteral(r.getContext(), fields);
    int64_t m = 16, n = 8,
            k = op.getShape() == MmaShape::m16n8k16  ? 16
                : op.getShape() == MmaShape::m16n8k8 ? 8
                                                     : 32;
    std::optional<NVVM::MMAIntOverflow> overflow;
    if (op.getType() == MmaType::s8 || op.getType() == MmaType::u8)
      overflow = NVVM::MMAIntOverflow::wrapped;
    NVVM::MMATypes t = mmaType(op.getType());
    auto mma = NVVM::MmaOp::create(
        r, loc, result, av, bv, cv, ArrayRef<int64_t>{m, n, k},
        /*b1Op=*/std::nullopt, overflow, std::array<NVVM::MMATypes, 2>{t, t},
        std::array<NVVM::MMALayout, 2>{NVVM::MMALayout::row,
                                       NVVM::MMALayout::col});
    SmallVector<Value> d;
    for (auto [i, c] : llvm::enumerate(cv)) {
      Value v = LLVM::ExtractValueOp::create(r, loc, mma.getResult(), i);
      if (halfAcc)
        v = LLVM::BitcastOp::create(r, loc, r.getI32Type(), v);
      d.push_back(v);
    }
    r.replaceOp(op, d);
    return success();
  }
};

NVVM::LdStMatrixShapeAttr m8n8(ConversionPatternRewriter &r) {
  return NVVM::LdStMatrixShapeAttr::get(r.getContext(), 8, 8);
}

Lowered ldMatrix(LdMatrixOp op, LdMatrixOp::Adaptor a,
                 ConversionPatternRewriter &r) {
  Location loc = op.getLoc();
  unsigned count = op.getRegs().size();
  Type result =
      packedType(r.getContext(), SmallVector<Type>(count, r.getI32Type()));
  auto load = NVVM::LdMatrixOp::create(r, loc, result, a.getAddr(), count,
                                       op.getTrans() ? NVVM::MMALayout::col
                                                     : NVVM::MMALayout::row,
                                       m8n8(r), NVVM::LdStMatrixEltType::B16);
  return unpackResults(r, loc, load, count);
}

Lowered stMatrix(StMatrixOp op, StMatrixOp::Adaptor a,
                 ConversionPatternRewriter &r) {
  NVVM::StMatrixOp::create(r, op.getLoc(), a.getAddr(), a.getRegs(),
                           op.getTrans() ? NVVM::MMALayout::col
                                         : NVVM::MMALayout::row,
                           m8n8(r), NVVM::LdStMatrixEltType::B16);
  return Lowered::done();
}

Lowered cpAsync(CpAsyncOp op, CpAsyncOp::Adaptor a,
                ConversionPatternRewriter &r) {
  NVVM::CpAsyncOp::create(r, op.getLoc(), a.getDst(), a.getSrc(), op.getBytes(),
                          op.getCacheGlobal() ? NVVM::LoadCacheModifierKind::CG
                                              : NVVM::LoadCacheModifierKind::CA,
                          a.getSrcBytes());
  return Lowered::done();
}

Lowered cpAsyncCommit(CpAsyncCommitOp op, CpAsyncCommitOp::Adaptor,
                      ConversionPatternRewriter &r) {
  return NVVM::CpAsyncCommitGroupOp::create(r, op.getLoc());
}

Lowered cpAsyncWait(CpAsyncWaitOp op, CpAsyncWaitOp::Adaptor,
                    ConversionPatternRewriter &r) {
  return NVVM::CpAsyncWaitGroupOp::create(r, op.getLoc(), op.getPending());
}

Lowered inlineAsm(InlineAsmOp op, InlineAsmOp::Adaptor a,
                  ConversionPatternRewriter &r, const TypeConverter &tc) {
  Location loc = op.getLoc();
  SmallVector<Type> types;
  for (Type t : op.getResultTypes())
    types.push_back(tc.convertType(t));
  auto asmOp = createInlineAsm(r, loc, packedType(r.getContext(), types),
                               a.getOperands(), op.getAsmTemplate(),
                               op.getConstraints(), op.getSideEffects());
  if (types.empty())
    return Lowered::done();
  return unpackResults(r, loc, asmOp, types.size());
}

// fma of halves and pairs of halves is one rounding (fma.rn.f16x2): straight
// to llvm.fma, before the libdevice patterns widen it to float.
struct HalfFmaLowering : ConvertOpToLLVMPattern<math::FmaOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult matchAndRewrite(math::FmaOp op, OpAdaptor a,
                                ConversionPatternRewriter &r) const override {
    Type elem = getElementTypeOrSelf(op.getType());
    if (!elem.isF16() && !elem.isBF16())
      return failure();
    r.replaceOpWithNewOp<LLVM::FMAOp>(op, op.getType(), a.getA(), a.getB(),
                                      a.getC());
    return success();
  }
};

// min and max of pairs of halves: PTX's min/max.{f16x2,bf16x2} as inline
// asm, which LLVM keeps whole (as a vector intrinsic, its O3 pipeline split
// them into two scalar min.f16 where the operands came from memory).
template <typename Op> struct PairMinMaxLowering : ConvertOpToLLVMPattern<Op> {
  using ConvertOpToLLVMPattern<Op>::ConvertOpToLLVMPattern;
  LogicalResult matchAndRewrite(Op op, typename Op::Adaptor a,
                                ConversionPatternRewriter &r) const override {
    auto vt = dyn_cast<VectorType>(op.getType());
    if (!vt || vt.getNumElements() != 2 ||
        !(vt.getElementType().isF16() || vt.getElementType().isBF16()))
      return failure();
    Location loc = op.getLoc();
    Type i32 = r.getI32Type();
    Value x = LLVM::BitcastOp::create(r, loc, i32, a.getLhs());
    Value y = LLVM::BitcastOp::create(r, loc, i32, a.getRhs());
    std::string text =
        std::string(std::is_same_v<Op, arith::MinNumFOp> ? "min" : "max") +
        (vt.getElementType().isF16() ? ".f16x2" : ".bf16x2") + " $0, $1, $2;";
    auto asmOp = createInlineAsm(r, loc, i32, ValueRange{x, y}, text, "=r,r,r",
                                 /*sideEffects=*/false);
    r.replaceOpWithNewOp<LLVM::BitcastOp>(op, vt, asmOp.getResult(0));
    return success();
  }
};

// bfloat16 to float is exact: the 16 bits, shifted left. As an integer
// shift it stays one, where LLVM's cvt.f32.bf16 becomes cvt.ftz.f32.bf16
// under flush-to-zero (fast math), which ptxas expands: llm.c's bf16
// layernorm ran 1.4x slower with it. CUDA's __bfloat162float shifts too.
struct BF16ExtLowering : ConvertOpToLLVMPattern<arith::ExtFOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult matchAndRewrite(arith::ExtFOp op, OpAdaptor a,
                                ConversionPatternRewriter &r) const override {
    Type from = op.getIn().getType(), to = op.getType();
    if (!getElementTypeOrSelf(from).isBF16() ||
        !getElementTypeOrSelf(to).isF32())
      return failure();
    auto like = [&](Type element) -> Type {
      if (auto v = dyn_cast<VectorType>(from))
        return v.clone(element);
      return element;
    };
    Location loc = op.getLoc();
    Type i16 = like(r.getI16Type()), i32 = like(r.getI32Type());
    Value bits = LLVM::BitcastOp::create(r, loc, i16, a.getIn());
    Value wide = LLVM::ZExtOp::create(r, loc, i32, bits);
    Attribute sixteen = r.getI32IntegerAttr(16);
    if (auto v = dyn_cast<VectorType>(i32))
      sixteen = DenseElementsAttr::get(v, r.getI32IntegerAttr(16));
    Value shift =
        LLVM::ConstantOp::create(r, loc, i32, cast<TypedAttr>(sixteen));
    Value high = LLVM::ShlOp::create(r, loc, wide, shift);
    r.replaceOpWithNewOp<LLVM::BitcastOp>(op, to, high);
    return success();
  }
};

} // namespace

void addTensorLowerings(LoweringTable &table) {
  table.addPatterns<MmaSyncLowering>(table.target())
      .add<LdMatrixOp>(ldMatrix)
      .add<StMatrixOp>(stMatrix)
      .add<CpAsyncOp>(cpAsync)
      .add<CpAsyncCommitOp>(cpAsyncCommit)
      .add<CpAsyncWaitOp>(cpAsyncWait)
      .add<InlineAsmOp>(inlineAsm)
      .addPatterns<HalfFmaLowering, PairMinMaxLowering<arith::MinNumFOp>,
                   PairMinMaxLowering<arith::MaxNumFOp>, BF16ExtLowering>(
          /*benefit=*/30);
}

} // namespace alloy
