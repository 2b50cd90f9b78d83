// Clang builtins in device code (Basic/Builtins.h): the standard library's
// move/forward family, bit operations, overflow checks, memory functions
// and floating-point classification.
#include "Basic/ASTUtils.h"
#include "Basic/Builtins.h"
#include "Basic/InternalError.h"
#include "FunctionEmitter.h"
#include "UpstreamOps.h"

#include "alloy/Dialect/Alloy/AlloyOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "clang/AST/ASTContext.h"

using namespace clang;
namespace arith = mlir::arith;
namespace math = mlir::math;

namespace alloy {
namespace {

class BuiltinEmitter {
public:
  BuiltinEmitter(FunctionEmitter &fe, const CallExpr *e)
      : fe(fe), b(fe.b), ast(fe.ast), e(e), l(fe.loc(e->getExprLoc())) {}

  mlir::Value arg(unsigned i) { return fe.emitScalarExpr(e->getArg(i)); }
  QualType argType(unsigned i) { return e->getArg(i)->getType(); }
  mlir::Value toResult(mlir::Value v, QualType from) {
    return fe.emitScalarConversion(v, from, e->getType(), l);
  }
  mlir::Value boolResult(mlir::Value i1) {
    return fe.emitScalarConversion(i1, ast.BoolTy, e->getType(), l);
  }
  mlir::Value c(mlir::Type t, int64_t v) { return fe.constantInt(l, t, v); }
  // The alignment known from the pointer argument's type before it became
  // void*.
  // Like clang, looks through pointer casts (implicit or written) to void*.
  uint64_t pointerAlign(unsigned i) {
    const Expr *x = e->getArg(i)->IgnoreParens();
    while (const auto *ce = dyn_cast<CastExpr>(x)) {
      if (ce->getCastKind() != CK_BitCast && ce->getCastKind() != CK_NoOp)
        break;
      x = ce->getSubExpr()->IgnoreParens();
    }
    QualType t = x->getType();
    QualType pointee = t->isPointerType() ? t->getPointeeType() : QualType();
    if (pointee.isNull() || pointee->isIncompleteType() ||
        pointee->isVoidType())
      return 1;
    return fe.types.alignOf(pointee);
  }

  mlir::Value emit(BuiltinKind kind);

private:
  mlir::Value bitCount(BuiltinKind kind);
  mlir::Value rotate(bool left);
  mlir::Value overflow(BuiltinKind kind);
  mlir::Value memoryCompare();
  mlir::Value assumeAligned();
  mlir::Value classify(BuiltinKind kind);

  FunctionEmitter &fe;
  mlir::OpBuilder &b;
  ASTContext &ast;
  const CallExpr *e;
  mlir::Location l;
};

mlir::Value BuiltinEmitter::emit(BuiltinKind kind) {
  QualType t = e->getType();
  switch (kind) {
  case BuiltinKind::Identity:
    if (e->isGLValue())
      return fe.emitAddress(e->getArg(0)).ptr;
    return arg(0);
  case BuiltinKind::AddressOf:
    return fe.emitAddress(e->getArg(0)).ptr;
  case BuiltinKind::ConstantFalse:
    return fe.zeroValue(fe.valueType(t), l);
  case BuiltinKind::Expect: {
    mlir::Value v = arg(0);
    for (unsigned i = 1; i < e->getNumArgs(); ++i)
      fe.emitIgnoredExpr(e->getArg(i));
    return v;
  }
  case BuiltinKind::Assume:
    createAssume(b, l, fe.emitCondition(e->getArg(0)));
    return {};
  case BuiltinKind::AssumeAligned:
    return assumeAligned();
  case BuiltinKind::Prefetch:
    return {};
  case BuiltinKind::Unreachable:
    fe.emitUnreachable(l);
    return {};
  case BuiltinKind::Trap:
    fe.emitTrap(l);
    return {};
  case BuiltinKind::Abs: {
    mlir::Value x = arg(0);
    mlir::Value negative =
        arith::CmpIOp::create(b, l, arith::CmpIPredicate::slt, x,
                              c(x.getType(), 0));
    mlir::Value negated = arith::SubIOp::create(b, l, c(x.getType(), 0), x);
    return arith::SelectOp::create(b, l, negative, negated, x);
  }
  case BuiltinKind::CountLeadingZeros:
  case BuiltinKind::CountTrailingZeros:
  case BuiltinKind::Popcount:
  case BuiltinKind::Parity:
  case BuiltinKind::FindFirstSet:
    return bitCount(kind);
  case BuiltinKind::ByteSwap:
    return createByteSwap(b, l, arg(0));
  case BuiltinKind::BitReverse:
    return createBitReverse(b, l, arg(0));
  case BuiltinKind::RotateLeft:
  case BuiltinKind::RotateRight:
    return rotate(kind == BuiltinKind::RotateLeft);
  case BuiltinKind::AddOverflow:
  case BuiltinKind::SubOverflow:
  case BuiltinKind::MulOverflow:
    return overflow(kind);
  case BuiltinKind::Memcpy:
  case BuiltinKind::Memmove: {
    mlir::Value dst = arg(0), src = arg(1);
    uint64_t align = std::min(pointerAlign(0), pointerAlign(1));
    std::optional<APValue> size = foldScalar(e->getArg(2), ast);
    if (kind == BuiltinKind::Memcpy && size) {
      if (uint64_t n = size->getInt().getZExtValue())
        MemcpyOp::create(b, l, dst, src, n, align);
    } else {
      mlir::Value n = fe.emitScalarConversion(arg(2), argType(2),
                                              ast.UnsignedLongTy, l);
      MemmoveOp::create(b, l, dst, src, n, align);
    }
    return t->isVoidType() ? mlir::Value() : dst;
  }
  case BuiltinKind::Memset: {
    mlir::Value dst = arg(0);
    mlir::Value byte = arith::TruncIOp::create(
        b, l, b.getI8Type(),
        fe.emitScalarConversion(arg(1), argType(1), ast.IntTy, l));
    mlir::Value n =
        fe.emitScalarConversion(arg(2), argType(2), ast.UnsignedLongTy, l);
    MemsetOp::create(b, l, dst, byte, n, pointerAlign(0));
    return t->isVoidType() ? mlir::Value() : dst;
  }
  case BuiltinKind::Memcmp:
    return memoryCompare();
  default:
    return classify(kind);
  }
}

mlir::Value BuiltinEmitter::bitCount(BuiltinKind kind) {
  mlir::Value x = arg(0);
  mlir::Type it = x.getType();
  mlir::Value r;
  switch (kind) {
  case BuiltinKind::CountLeadingZeros:
    r = math::CountLeadingZerosOp::create(b, l, x);
    break;
  case BuiltinKind::CountTrailingZeros:
    r = math::CountTrailingZerosOp::create(b, l, x);
    break;
  case BuiltinKind::Popcount:
    r = math::CtPopOp::create(b, l, x);
    break;
  case BuiltinKind::Parity:
    r = arith::AndIOp::create(b, l, math::CtPopOp::create(b, l, x), c(it, 1));
    break;
  default: { // ffs: one plus the index of the lowest set bit, 0 for none
    mlir::Value tz = math::CountTrailingZerosOp::create(b, l, x);
    mlir::Value one = arith::AddIOp::create(b, l, tz, c(it, 1));
    mlir::Value zero =
        arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq, x, c(it, 0));
    r = arith::SelectOp::create(b, l, zero, c(it, 0), one);
    break;
  }
  }
  r = toResult(r, ast.getIntTypeForBitwidth(it.getIntOrFloatBitWidth(),
                                            /*Signed=*/false));
  // __builtin_clzg(x, fallback) / ctzg: the fallback for zero.
  if (e->getNumArgs() == 2 && (kind == BuiltinKind::CountLeadingZeros ||
                               kind == BuiltinKind::CountTrailingZeros)) {
    mlir::Value zero =
        arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq, x, c(it, 0));
    r = arith::SelectOp::create(b, l, zero,
                                toResult(arg(1), argType(1)), r);
  }
  return r;
}

mlir::Value BuiltinEmitter::rotate(bool left) {
  mlir::Value x = arg(0);
  mlir::Type it = x.getType();
  unsigned width = it.getIntOrFloatBitWidth();
  mlir::Value n = fe.emitScalarConversion(
      arg(1), argType(1), ast.getIntTypeForBitwidth(width, false), l);
  n = arith::AndIOp::create(b, l, n, c(it, width - 1));
  mlir::Value back = arith::AndIOp::create(
      b, l, arith::SubIOp::create(b, l, c(it, width), n), c(it, width - 1));
  mlir::Value a = left ? arith::ShLIOp::create(b, l, x, n).getResult()
                       : arith::ShRUIOp::create(b, l, x, n).getResult();
  mlir::Value bb = left ? arith::ShRUIOp::create(b, l, x, back).getResult()
                        : arith::ShLIOp::create(b, l, x, back).getResult();
  return arith::OrIOp::create(b, l, a, bb);
}

// __builtin_{add,sub,mul}_overflow(a, b, &r): the result in infinite
// precision, stored truncated; true when it did not fit.
mlir::Value BuiltinEmitter::overflow(BuiltinKind kind) {
  QualType at = argType(0), bt = argType(1);
  QualType rt = argType(2)->getPointeeType();
  mlir::Value x = arg(0), y = arg(1);
  Address out{arg(2), fe.types.alignOf(rt)};
  unsigned wr = ast.getIntWidth(rt);
  bool sa = at->isSignedIntegerType(), sb = bt->isSignedIntegerType(),
       sr = rt->isSignedIntegerType();
  bool sameTypes = ast.hasSameUnqualifiedType(at, rt) &&
                   ast.hasSameUnqualifiedType(bt, rt);
  mlir::Value result, overflowed;
  if (sameTypes) {
    mlir::Type it = x.getType();
    // Whether (p ^ q) & (r ^ s) is negative: both pairs differ in sign.
    auto bothDifferInSign = [&](mlir::Value p, mlir::Value q, mlir::Value r,
                                mlir::Value s) -> mlir::Value {
      return arith::CmpIOp::create(
          b, l, arith::CmpIPredicate::slt,
          arith::AndIOp::create(b, l, arith::XOrIOp::create(b, l, p, q),
                                arith::XOrIOp::create(b, l, r, s)),
          c(it, 0));
    };
    auto unsignedLess = [&](mlir::Value p, mlir::Value q) -> mlir::Value {
      return arith::CmpIOp::create(b, l, arith::CmpIPredicate::ult, p, q);
    };
    switch (kind) {
    case BuiltinKind::AddOverflow:
      result = arith::AddIOp::create(b, l, x, y);
      overflowed =
          sr ? bothDifferInSign(x, result, y, result) : unsignedLess(result, x);
      break;
    case BuiltinKind::SubOverflow:
      result = arith::SubIOp::create(b, l, x, y);
      overflowed = sr ? bothDifferInSign(x, y, x, result) : unsignedLess(x, y);
      break;
    default:
      if (sr) {
        auto wide = arith::MulSIExtendedOp::create(b, l, x, y);
        result = wide.getLow();
        mlir::Value sign = arith::ShRSIOp::create(
            b, l, result, c(it, it.getIntOrFloatBitWidth() - 1));
        overflowed = arith::CmpIOp::create(b, l, arith::CmpIPredicate::ne,
                                           wide.getHigh(), sign);
      } else {
        auto wide = arith::MulUIExtendedOp::create(b, l, x, y);
        result = wide.getLow();
        overflowed = arith::CmpIOp::create(b, l, arith::CmpIPredicate::ne,
                                           wide.getHigh(), c(it, 0));
      }
      break;
    }
  } else {
    // Mixed types: compute exactly in a signed integer wide enough.
    unsigned wa = ast.getIntWidth(at), wb = ast.getIntWidth(bt);
    unsigned need = kind == BuiltinKind::MulOverflow
                        ? wa + wb + 1
                        : std::max({wa, wb, wr}) + 2;
    unsigned w = std::max<unsigned>(llvm::PowerOf2Ceil(need), 8);
    mlir::Type wt = b.getIntegerType(w);
    auto widen = [&](mlir::Value v, bool s) -> mlir::Value {
      return s ? arith::ExtSIOp::create(b, l, wt, v).getResult()
               : arith::ExtUIOp::create(b, l, wt, v).getResult();
    };
    mlir::Value wx = widen(x, sa), wy = widen(y, sb), exact;
    if (kind == BuiltinKind::AddOverflow)
      exact = arith::AddIOp::create(b, l, wx, wy);
    else if (kind == BuiltinKind::SubOverflow)
      exact = arith::SubIOp::create(b, l, wx, wy);
    else
      exact = arith::MulIOp::create(b, l, wx, wy);
    mlir::Type rtype = b.getIntegerType(wr);
    result = arith::TruncIOp::create(b, l, rtype, exact);
    overflowed = arith::CmpIOp::create(b, l, arith::CmpIPredicate::ne,
                                       widen(result, sr), exact);
  }
  fe.emitStore(result, out, rt);
  return boolResult(overflowed);
}

// __builtin_assume_aligned(p, align[, offset]) (std::assume_aligned's
// body): p, carrying the promise that `p - offset` is `align`-aligned.
// Clang has checked that `align` is a constant power of two.
mlir::Value BuiltinEmitter::assumeAligned() {
  mlir::Value p = arg(0);
  std::optional<llvm::APSInt> align = e->getArg(1)->getIntegerConstantExpr(ast);
  mlir::Value offset;
  if (e->getNumArgs() > 2) {
    std::optional<llvm::APSInt> known =
        e->getArg(2)->getIntegerConstantExpr(ast);
    if (!known || !known->isZero())
      offset = fe.emitScalarConversion(arg(2), argType(2), ast.LongTy, l);
  }
  if (!align || !align->isStrictlyPositive() || !align->isPowerOf2())
    return p; // not reached: clang rejects the call
  return AssumeAlignedOp::create(b, l, p.getType(), p, align->getZExtValue(),
                                 offset);
}

// memcmp(a, b, n): the difference of the first bytes that differ (as
// unsigned char), 0 when all n are equal.
mlir::Value BuiltinEmitter::memoryCompare() {
  mlir::Value pa = arg(0), pb = arg(1);
  mlir::Type i64 = b.getI64Type(), i32 = b.getI32Type(), i8 = b.getI8Type();
  mlir::Value n =
      fe.emitScalarConversion(arg(2), argType(2), ast.UnsignedLongTy, l);
  mlir::Block *head = fe.newBlock(), *body = fe.newBlock(),
              *next = fe.newBlock(), *done = fe.newBlock();
  mlir::Value result = done->addArgument(i32, l);
  mlir::cf::BranchOp::create(b, l, head, mlir::ValueRange{c(i64, 0)});
  mlir::Value i = head->addArgument(i64, l);
  b.setInsertionPointToEnd(head);
  mlir::Value more =
      arith::CmpIOp::create(b, l, arith::CmpIPredicate::ult, i, n);
  mlir::cf::CondBranchOp::create(b, l, more, body, mlir::ValueRange{}, done,
                                 mlir::ValueRange{c(i32, 0)});
  b.setInsertionPointToEnd(body);
  auto byteAt = [&](mlir::Value p) -> mlir::Value {
    mlir::Value q = PtrAddOp::create(b, l, p, i, i8);
    mlir::Value v = LoadOp::create(b, l, i8, q, 1);
    return arith::ExtUIOp::create(b, l, i32, v);
  };
  mlir::Value diff =
      arith::SubIOp::create(b, l, byteAt(pa), byteAt(pb));
  mlir::Value same =
      arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq, diff, c(i32, 0));
  mlir::cf::CondBranchOp::create(b, l, same, next, mlir::ValueRange{}, done,
                                 mlir::ValueRange{diff});
  b.setInsertionPointToEnd(next);
  mlir::cf::BranchOp::create(
      b, l, head, mlir::ValueRange{arith::AddIOp::create(b, l, i, c(i64, 1))});
  b.setInsertionPointToEnd(done);
  return toResult(result, ast.IntTy);
}

// isnan, isinf, signbit, fpclassify, isgreater ...: integer results.
mlir::Value BuiltinEmitter::classify(BuiltinKind kind) {
  unsigned xi = kind == BuiltinKind::FpClassify ? 5 : 0;
  mlir::Value x = arg(xi);
  auto ft = cast<mlir::FloatType>(x.getType());
  const llvm::fltSemantics &sem = ft.getFloatSemantics();
  auto fconst = [&](const llvm::APFloat &v) -> mlir::Value {
    return arith::ConstantOp::create(b, l, ft, b.getFloatAttr(ft, v));
  };
  auto cmp = [&](arith::CmpFPredicate p, mlir::Value a,
                 mlir::Value c2) -> mlir::Value {
    return arith::CmpFOp::create(b, l, p, a, c2);
  };
  mlir::Value abs = math::AbsFOp::create(b, l, x);
  mlir::Value inf = fconst(llvm::APFloat::getInf(sem));
  mlir::Value minNormal = fconst(llvm::APFloat::getSmallestNormalized(sem));
  mlir::Value zero = fconst(llvm::APFloat::getZero(sem));
  auto isNan = [&] { return cmp(arith::CmpFPredicate::UNO, x, x); };
  auto isInf = [&] { return cmp(arith::CmpFPredicate::OEQ, abs, inf); };
  auto isZero = [&] { return cmp(arith::CmpFPredicate::OEQ, x, zero); };
  auto isNormal = [&] {
    return arith::AndIOp::create(b, l,
                                 cmp(arith::CmpFPredicate::OGE, abs, minNormal),
                                 cmp(arith::CmpFPredicate::OLT, abs, inf))
        .getResult();
  };
  auto isSubnormal = [&] {
    return arith::AndIOp::create(b, l,
                                 cmp(arith::CmpFPredicate::OLT, abs, minNormal),
                                 cmp(arith::CmpFPredicate::ONE, abs, zero))
        .getResult();
  };
  auto signBit = [&] {
    mlir::Type it = b.getIntegerType(ft.getWidth());
    mlir::Value bits = arith::BitcastOp::create(b, l, it, x);
    return arith::CmpIOp::create(b, l, arith::CmpIPredicate::slt, bits,
                                 c(it, 0))
        .getResult();
  };
  auto second = [&] { return arg(1); };
  switch (kind) {
  case BuiltinKind::IsNan:
    return boolResult(isNan());
  case BuiltinKind::IsInf:
    return boolResult(isInf());
  case BuiltinKind::IsFinite:
    return boolResult(cmp(arith::CmpFPredicate::OLT, abs, inf));
  case BuiltinKind::IsNormal:
    return boolResult(isNormal());
  case BuiltinKind::IsSubnormal:
    return boolResult(isSubnormal());
  case BuiltinKind::IsZero:
    return boolResult(isZero());
  case BuiltinKind::SignBit:
    return boolResult(signBit());
  case BuiltinKind::IsInfSign: {
    mlir::Type rt = fe.valueType(e->getType());
    mlir::Value sign = arith::SelectOp::create(b, l, signBit(), c(rt, -1),
                                               c(rt, 1));
    return arith::SelectOp::create(b, l, isInf(), sign, c(rt, 0));
  }
  case BuiltinKind::FpClassify: {
    // fpclassify(nan, inf, normal, subnormal, zero, x)
    llvm::SmallVector<mlir::Value, 5> codes;
    for (unsigned i = 0; i < 5; ++i)
      codes.push_back(toResult(arg(i), argType(i)));
    mlir::Value r = arith::SelectOp::create(b, l, isSubnormal(), codes[3],
                                            codes[4]);
    r = arith::SelectOp::create(b, l, isNormal(), codes[2], r);
    r = arith::SelectOp::create(b, l, isInf(), codes[1], r);
    return arith::SelectOp::create(b, l, isNan(), codes[0], r);
  }
  case BuiltinKind::IsGreater:
    return boolResult(cmp(arith::CmpFPredicate::OGT, x, second()));
  case BuiltinKind::IsGreaterEqual:
    return boolResult(cmp(arith::CmpFPredicate::OGE, x, second()));
  case BuiltinKind::IsLess:
    return boolResult(cmp(arith::CmpFPredicate::OLT, x, second()));
  case BuiltinKind::IsLessEqual:
    return boolResult(cmp(arith::CmpFPredicate::OLE, x, second()));
  case BuiltinKind::IsLessGreater:
    return boolResult(cmp(arith::CmpFPredicate::ONE, x, second()));
  case BuiltinKind::IsUnordered:
    return boolResult(cmp(arith::CmpFPredicate::UNO, x, second()));
  default:
    ALLOY_UNREACHABLE("Sema/DeviceCodeChecker rejects other builtins");
  }
}

} // namespace

mlir::Value FunctionEmitter::emitBuiltinCall(unsigned id, const CallExpr *e,
                                             Address) {
  if (std::optional<APValue> v = foldScalar(e, ast))
    return emitConstant(*v, e->getType(), loc(e->getExprLoc()));
  return BuiltinEmitter(*this, e).emit(classifyBuiltin(id, ast));
}

} // namespace alloy
