// Calls of the tensor-core, async-copy and packed-half intrinsics of
// <gpu/detail/tensor_intrinsics.hpp>. The variant (shape, element type,
// operation) is a template argument of the intrinsic, read here by its
// enumerator's name; register groups are arrays behind pointers, loaded
// before and stored after the operation (LLVM keeps them in registers).
#include "Basic/DeviceIntrinsics.h"
#include "Basic/InternalError.h"
#include "FunctionEmitter.h"
#include "UpstreamOps.h"

#include "alloy/Dialect/Alloy/AlloyOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"

using namespace clang;

namespace alloy {
namespace {

// Template argument `i` of the intrinsic `callee`: its value, and the name
// of its enumerator when it is one.
struct TemplateValue {
  int64_t value;
  StringRef name;
};
TemplateValue templateValue(const FunctionDecl *callee, unsigned i) {
  const TemplateArgumentList *args = callee->getTemplateSpecializationArgs();
  ALLOY_CHECK(args && i < args->size() &&
              (*args)[i].getKind() == TemplateArgument::Integral &&
              "tensor intrinsics take integral template arguments");
  const TemplateArgument &arg = (*args)[i];
  TemplateValue v{arg.getAsIntegral().getExtValue(), {}};
  if (const auto *et = arg.getIntegralType()->getAs<EnumType>())
    for (const EnumConstantDecl *e :
         et->getOriginalDecl()->getDefinitionOrSelf()->enumerators())
      if (e->getInitVal() == arg.getAsIntegral())
        v.name = e->getName();
  return v;
}

std::optional<MmaType> mmaType(StringRef name) {
  return symbolizeMmaType(name);
}

} // namespace

mlir::Value FunctionEmitter::emitTensorIntrinsic(Intrinsic intrinsic,
                                                 const CallExpr *e) {
  mlir::Location l = loc(e->getExprLoc());
  const FunctionDecl *callee = e->getDirectCallee();
  llvm::SmallVector<mlir::Value, 8> args = emitArguments(e);
  mlir::Type i32 = b.getI32Type();
  // A packed_elem template argument: f16 or bf16.
  auto halfType = [&](TemplateValue e) -> mlir::Type {
    if (e.name == "bf16")
      return b.getBF16Type();
    return b.getF16Type();
  };
  auto inSpace = [&](mlir::Value p, MemorySpace space) {
    return AddrSpaceCastOp::create(b, l, PtrType::get(b.getContext(), space),
                                   p)
        .getResult();
  };

  switch (intrinsic) {
  case Intrinsic::MmaSync: {
    // template <int M, int N, int K, mma_type AB, mma_type CD>
    int64_t k = templateValue(callee, 2).value;
    MmaShape shape = k == 16  ? MmaShape::m16n8k16
                     : k == 8 ? MmaShape::m16n8k8
                              : MmaShape::m16n8k32;
    std::optional<MmaType> type = mmaType(templateValue(callee, 3).name);
    StringRef acc = templateValue(callee, 4).name;
    ALLOY_CHECK(type && "<gpu/tensor_core.hpp> checked the mma types");
    bool halfAcc = acc == "f16";
    mlir::Type accType = acc == "f32" ? mlir::Type(b.getF32Type()) : i32;
    unsigned accRegs = halfAcc ? 2 : 4;
    auto mma = MmaSyncOp::create(
        b, l, llvm::SmallVector<mlir::Type, 4>(accRegs, accType), shape, *type,
        loadWords(l, args[1], 4, i32), loadWords(l, args[2], 2, i32),
        loadWords(l, args[3], accRegs, accType));
    storeWords(l, args[0], mma.getResults());
    return {};
  }
  case Intrinsic::LdMatrix: {
    int64_t count = templateValue(callee, 0).value;
    bool trans = templateValue(callee, 1).value != 0;
    auto load =
        LdMatrixOp::create(b, l, llvm::SmallVector<mlir::Type, 4>(count, i32),
                           inSpace(args[1], MemorySpace::shared), trans);
    storeWords(l, args[0], load.getResults());
    return {};
  }
  case Intrinsic::StMatrix: {
    int64_t count = templateValue(callee, 0).value;
    bool trans = templateValue(callee, 1).value != 0;
    StMatrixOp::create(b, l, inSpace(args[0], MemorySpace::shared),
                       loadWords(l, args[1], count, i32), trans);
    return {};
  }
  case Intrinsic::CpAsync: {
    // template <int Bytes, bool CacheGlobal, bool ZeroFill>
    int64_t bytes = templateValue(callee, 0).value;
    bool cacheGlobal = templateValue(callee, 1).value != 0;
    bool zeroFill = templateValue(callee, 2).value != 0;
    CpAsyncOp::create(b, l, inSpace(args[0], MemorySpace::shared),
                      inSpace(args[1], MemorySpace::global),
                      zeroFill ? args[2] : mlir::Value(),
                      b.getI32IntegerAttr(bytes),
                      cacheGlobal ? b.getUnitAttr() : mlir::UnitAttr());
    return {};
  }
  case Intrinsic::CpAsyncCommit:
    CpAsyncCommitOp::create(b, l);
    return {};
  case Intrinsic::CpAsyncWait:
    CpAsyncWaitOp::create(b, l, templateValue(callee, 0).value);
    return {};
  case Intrinsic::Packed2FromF32: {
    // template <packed_elem E>: one conversion of a float pair.
    mlir::Type elem = halfType(templateValue(callee, 0));
    auto floats = mlir::VectorType::get({2}, b.getF32Type());
    mlir::Value pair =
        mlir::vector::FromElementsOp::create(b, l, floats, args);
    mlir::Value halves = mlir::arith::TruncFOp::create(
        b, l, mlir::VectorType::get({2}, elem), pair);
    return createBitcast(b, l, i32, halves);
  }
  case Intrinsic::Packed2AtomicAdd: {
    // template <packed_elem E>: fadd of a vector<2xf16|bf16>.
    mlir::Type elem = halfType(templateValue(callee, 0));
    auto pairType = mlir::VectorType::get({2}, elem);
    mlir::Value pair = createBitcast(b, l, pairType, args[1]);
    mlir::Value old =
        AtomicRMWOp::create(b, l, AtomicKind::fadd, args[0], pair);
    return createBitcast(b, l, i32, old);
  }
  case Intrinsic::HalfAtomicAdd: {
    // template <packed_elem E>: fadd of an f16 or bf16.
    mlir::Type elem = halfType(templateValue(callee, 0));
    mlir::Value value = createBitcast(b, l, elem, args[1]);
    mlir::Value old =
        AtomicRMWOp::create(b, l, AtomicKind::fadd, args[0], value);
    return createBitcast(b, l, b.getI16Type(), old);
  }
  case Intrinsic::Packed2: {
    // template <packed_op Op, packed_elem E>
    StringRef op = templateValue(callee, 0).name;
    // Negation and absolute value are the sign bits, NaNs included.
    if (op == "neg")
      return mlir::arith::XOrIOp::create(b, l, args[0],
                                         constantInt(l, i32, 0x80008000));
    if (op == "abs")
      return mlir::arith::AndIOp::create(b, l, args[0],
                                         constantInt(l, i32, 0x7fff7fff));
    mlir::Type elem = halfType(templateValue(callee, 1));
    auto pairType = mlir::VectorType::get({2}, elem);
    auto pair = [&](mlir::Value w) { return createBitcast(b, l, pairType, w); };
    mlir::Value x = pair(args[0]), y = pair(args[1]);
    mlir::Value r;
    if (op == "add")
      r = mlir::arith::AddFOp::create(b, l, x, y);
    else if (op == "sub")
      r = mlir::arith::SubFOp::create(b, l, x, y);
    else if (op == "mul")
      r = mlir::arith::MulFOp::create(b, l, x, y);
    else if (op == "fma")
      r = mlir::math::FmaOp::create(b, l, x, y, pair(args[2]));
    else if (op == "min")
      r = mlir::arith::MinNumFOp::create(b, l, x, y);
    else if (op == "max")
      r = mlir::arith::MaxNumFOp::create(b, l, x, y);
    ALLOY_CHECK(r && "<gpu/detail/tensor_intrinsics.hpp> names the packed ops");
    return createBitcast(b, l, i32, r);
  }
  default:
    ALLOY_UNREACHABLE("not a tensor intrinsic");
  }
}

} // namespace alloy
