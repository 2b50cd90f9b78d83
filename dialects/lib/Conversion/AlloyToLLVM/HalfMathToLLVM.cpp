// Lowering of alloy.approx, PTX's approximate functions of halves and pairs
// of halves, to the llvm and nvvm dialects.
//
// exp2 and tanh use PTX's 16-bit instructions where the target has them:
// ex2.approx.f16[x2] (llvm.nvvm.ex2.approx) and tanh.approx.f16[x2] (inline
// asm: LLVM has no intrinsic) from sm_75, so on every Alloy target; for
// bf16 ex2.approx.ftz.bf16[x2] and tanh.approx.bf16[x2] from sm_90. The
// other functions, and bf16 exp2/tanh below sm_90, go through f32 as CUDA's
// cuda_fp16.hpp does: the value extended (exact), one approximate f32
// instruction, one rounding back (two lanes: one cvt.rn.f16x2.f32). f16
// values use the .ftz forms (an f16, even a subnormal one, is a normal f32,
// and no f32 result they lead to is small enough to matter); bf16 values
// share f32's exponent range and keep subnormals.
//
// Everything here is free of side effects (intrinsics without memory
// effects, inline asm without sideeffect), so LLVM may CSE and hoist it.
#include "InlineAsm.h"
#include "Lowering.h"
#include "alloy/Conversion/AlloyToLLVM.h"
#include "alloy/Dialect/Alloy/AlloyOps.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

#include <string>

using namespace mlir;

namespace alloy {
namespace {

// The first architecture with ex2.approx.ftz.bf16 and tanh.approx.bf16.
constexpr unsigned kBF16ApproxSm = 90;

Value intrinsic(RewriterBase &r, Location loc, Type type, StringRef name,
                Value x) {
  return LLVM::CallIntrinsicOp::create(r, loc, type, r.getStringAttr(name),
                                       ValueRange{x})
      .getResult(0);
}

Value inlineAsm(RewriterBase &r, Location loc, Type type, Value x,
                StringRef text, StringRef constraints) {
  return createInlineAsm(r, loc, type, ValueRange{x}, text, constraints,
                         /*sideEffects=*/false)
      .getResult(0);
}

Value f32Constant(RewriterBase &r, Location loc, float v) {
  return LLVM::ConstantOp::create(r, loc, r.getF32Type(), r.getF32FloatAttr(v));
}

// An f16 or bf16 value as f32 (exact). bf16 is its 16 bits shifted left,
// as BF16ExtLowering does (no cvt that fast math could turn into .ftz).
Value toF32(RewriterBase &r, Location loc, Value h) {
  Type f32 = r.getF32Type();
  if (!h.getType().isBF16())
    return LLVM::FPExtOp::create(r, loc, f32, h);
  Type i32 = r.getI32Type();
  Value bits = LLVM::BitcastOp::create(r, loc, r.getI16Type(), h);
  Value wide = LLVM::ZExtOp::create(r, loc, i32, bits);
  Value sixteen =
      LLVM::ConstantOp::create(r, loc, i32, r.getI32IntegerAttr(16));
  return LLVM::BitcastOp::create(r, loc, f32,
                                 LLVM::ShlOp::create(r, loc, wide, sixteen));
}

// fn of an f32 through PTX's approximate f32 instructions; `ftz` picks their
// flush-to-zero forms.
Value approxF32(RewriterBase &r, Location loc, ApproxFn fn, Value x, bool ftz) {
  Type f32 = r.getF32Type();
  auto call = [&](StringRef base, StringRef suffix, Value v) {
    std::string name = base.str() + (ftz ? ".ftz" : "") + suffix.str();
    return intrinsic(r, loc, f32, name, v);
  };
  switch (fn) {
  case ApproxFn::exp2:
    return call("llvm.nvvm.ex2.approx", ".f32", x);
  case ApproxFn::exp: // 2^(x log2 e), as CUDA's __expf
    return call(
        "llvm.nvvm.ex2.approx", ".f32",
        LLVM::FMulOp::create(r, loc, x, f32Constant(r, loc, 1.44269504f)));
  case ApproxFn::log2:
    return call("llvm.nvvm.lg2.approx", ".f", x);
  case ApproxFn::log: // log2(x) ln 2
    return LLVM::FMulOp::create(r, loc, call("llvm.nvvm.lg2.approx", ".f", x),
                                f32Constant(r, loc, 0.693147181f));
  case ApproxFn::sqrt:
    return call("llvm.nvvm.sqrt.approx", ".f", x);
  case ApproxFn::rsqrt:
    return call("llvm.nvvm.rsqrt.approx", ".f", x);
  case ApproxFn::rcp:
    // LLVM has rcp.approx only as .ftz.
    if (ftz)
      return intrinsic(r, loc, f32, "llvm.nvvm.rcp.approx.ftz.f", x);
    return inlineAsm(r, loc, f32, x, "rcp.approx.f32 $0, $1;", "=f,f");
  case ApproxFn::tanh:
    // PTX has no .ftz form; LLVM no intrinsic.
    return inlineAsm(r, loc, f32, x, "tanh.approx.f32 $0, $1;", "=f,f");
  case ApproxFn::sin:
  case ApproxFn::cos: {
    // x - k 2pi with k = rint(x / 2pi), in two parts (Cody and Waite; the
    // fma keeps k 2pi_hi exact), so that sin.approx sees [-pi, pi], where
    // its absolute error is 2^-20.9. Good for |x| <= 65504 (k < 2^14).
    Value k = LLVM::RoundEvenOp::create(
        r, loc,
        LLVM::FMulOp::create(r, loc, x, f32Constant(r, loc, 0.159154943f)));
    Value reduced =
        LLVM::FMAOp::create(r, loc, k, f32Constant(r, loc, -6.28318548f), x);
    reduced = LLVM::FMAOp::create(r, loc, k,
                                  f32Constant(r, loc, 1.74845553e-7f), reduced);
    bool sin = fn == ApproxFn::sin;
    if (sin) {
      // k = 0: x itself, so that sin(-0) stays -0 (-0 + 0 is +0).
      Value zero = LLVM::FCmpOp::create(r, loc, LLVM::FCmpPredicate::oeq, k,
                                        f32Constant(r, loc, 0.0f));
      reduced = LLVM::SelectOp::create(r, loc, zero, x, reduced);
    }
    return call(sin ? "llvm.nvvm.sin.approx" : "llvm.nvvm.cos.approx", ".f",
                reduced);
  }
  }
  llvm_unreachable("approximate function");
}

struct ApproxLowering : ConvertOpToLLVMPattern<ApproxOp> {
  ApproxLowering(const LLVMTypeConverter &tc, unsigned sm)
      : ConvertOpToLLVMPattern(tc), sm(sm) {}

  LogicalResult matchAndRewrite(ApproxOp op, OpAdaptor a,
                                ConversionPatternRewriter &r) const override {
    Location loc = op.getLoc();
    Type type = op.getType();
    auto pair = dyn_cast<VectorType>(type);
    Type elem = pair ? pair.getElementType() : type;
    bool bf16 = elem.isBF16();
    ApproxFn fn = op.getFn();
    bool native = (fn == ApproxFn::exp2 || fn == ApproxFn::tanh) &&
                  (!bf16 || sm >= kBF16ApproxSm);
    Value x = a.getValue();
    if (native) {
      r.replaceOp(op, native16(r, loc, fn, x, type, bf16, bool(pair)));
      return success();
    }
    if (!pair) {
      Value f = approxF32(r, loc, fn, toF32(r, loc, x), /*ftz=*/!bf16);
      r.replaceOpWithNewOp<LLVM::FPTruncOp>(op, type, f);
      return success();
    }
    // Lane by lane in f32, then one conversion of the pair.
    Type i32 = r.getI32Type();
    auto f32x2 = VectorType::get({2}, r.getF32Type());
    Value result = LLVM::PoisonOp::create(r, loc, f32x2);
    for (int lane = 0; lane < 2; ++lane) {
      Value index =
          LLVM::ConstantOp::create(r, loc, i32, r.getI32IntegerAttr(lane));
      Value h = LLVM::ExtractElementOp::create(r, loc, x, index);
      Value f = approxF32(r, loc, fn, toF32(r, loc, h), /*ftz=*/!bf16);
      result = LLVM::InsertElementOp::create(r, loc, result, f, index);
    }
    r.replaceOpWithNewOp<LLVM::FPTruncOp>(op, type, result);
    return success();
  }

  // exp2 or tanh as PTX's 16-bit instruction.
  static Value native16(RewriterBase &r, Location loc, ApproxFn fn, Value x,
                        Type type, bool bf16, bool pair) {
    if (fn == ApproxFn::exp2) {
      // llvm.nvvm.ex2.approx.{f16,v2f16}, .ftz.{bf16,v2bf16} (PTX has bf16
      // only with .ftz).
      std::string name =
          bf16 ? "llvm.nvvm.ex2.approx.ftz." : "llvm.nvvm.ex2.approx.";
      name += pair ? (bf16 ? "v2bf16" : "v2f16") : (bf16 ? "bf16" : "f16");
      return intrinsic(r, loc, type, name, x);
    }
    Type bits = pair ? r.getI32Type() : r.getI16Type();
    std::string text = std::string("tanh.approx.") + (bf16 ? "bf16" : "f16") +
                       (pair ? "x2" : "") + " $0, $1;";
    Value word = LLVM::BitcastOp::create(r, loc, bits, x);
    Value y = inlineAsm(r, loc, bits, word, text, pair ? "=r,r" : "=h,h");
    return LLVM::BitcastOp::create(r, loc, type, y);
  }

  unsigned sm;
};

} // namespace

void addHalfMathLowerings(LoweringTable &table) {
  table.addPatterns<ApproxLowering>(table.target().sm);
}

} // namespace alloy
