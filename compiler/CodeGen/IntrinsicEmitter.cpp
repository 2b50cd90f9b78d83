// Calls of the device API's intrinsics (Basic/DeviceIntrinsics.def): each
// becomes an Alloy operation, or a call of a libdevice function. The public
// templates of include/gpu/ have checked the types.
#include "Basic/DeviceIntrinsics.h"
#include "Basic/InternalError.h"
#include "FunctionEmitter.h"

#include "alloy/Dialect/Alloy/AlloyOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "clang/AST/ASTContext.h"
#include "llvm/Support/MathExtras.h"

using namespace clang;

namespace alloy {
namespace {

std::optional<std::pair<AtomicKind, bool>> atomicKind(Intrinsic i, bool isFloat,
                                                      bool isSigned) {
  switch (i) {
  case Intrinsic::AtomicAdd:
    return std::pair{isFloat ? AtomicKind::fadd : AtomicKind::add, true};
  case Intrinsic::AtomicSub:
    return std::pair{AtomicKind::sub, true};
  case Intrinsic::AtomicMin:
    return std::pair{isSigned ? AtomicKind::smin : AtomicKind::umin, true};
  case Intrinsic::AtomicMax:
    return std::pair{isSigned ? AtomicKind::smax : AtomicKind::umax, true};
  case Intrinsic::AtomicAnd:
    return std::pair{AtomicKind::_and, true};
  case Intrinsic::AtomicOr:
    return std::pair{AtomicKind::_or, true};
  case Intrinsic::AtomicXor:
    return std::pair{AtomicKind::_xor, true};
  case Intrinsic::AtomicExch:
    return std::pair{AtomicKind::exch, true};
  default:
    return std::nullopt;
  }
}

} // namespace

mlir::Value FunctionEmitter::emitRegister(Intrinsic reg, mlir::Location l) {
  switch (reg) {
#define ALLOY_REGISTER(ID, NAME, OP, DIM)                                      \
  case Intrinsic::ID:                                                          \
    return OP::create(b, l, Dim::DIM);
#include "Basic/DeviceIntrinsics.def"
  default:
    ALLOY_UNREACHABLE("not a register intrinsic");
  }
}

llvm::SmallVector<mlir::Value, 8>
FunctionEmitter::emitArguments(const CallExpr *e) {
  llvm::SmallVector<mlir::Value, 8> args;
  for (const Expr *arg : e->arguments())
    args.push_back(emitScalarExpr(arg));
  return args;
}

mlir::Value FunctionEmitter::castToShared(mlir::Location l, mlir::Value p) {
  return AddrSpaceCastOp::create(
      b, l, PtrType::get(b.getContext(), MemorySpace::shared), p);
}

namespace {
mlir::Value wordAddress(mlir::OpBuilder &b, mlir::Location l, mlir::Value p,
                        unsigned j) {
  return j ? MemberAddrOp::create(b, l, p, 4 * j).getResult() : p;
}
} // namespace

llvm::SmallVector<mlir::Value, 64> FunctionEmitter::loadWords(mlir::Location l,
                                                              mlir::Value p,
                                                              unsigned n,
                                                              mlir::Type t) {
  llvm::SmallVector<mlir::Value, 64> words;
  for (unsigned j = 0; j < n; ++j)
    words.push_back(LoadOp::create(b, l, t, wordAddress(b, l, p, j), 4));
  return words;
}

void FunctionEmitter::storeWords(mlir::Location l, mlir::Value p,
                                 mlir::ValueRange values) {
  for (auto [j, v] : llvm::enumerate(values))
    StoreOp::create(b, l, v, wordAddress(b, l, p, j), 4);
}

mlir::Value FunctionEmitter::emitIntrinsicCall(Intrinsic intrinsic,
                                               const CallExpr *e) {
  mlir::Location l = loc(e->getExprLoc());
  QualType t = e->getType();
  mlir::Type vt = valueType(t);
  llvm::SmallVector<mlir::Value, 8> args;
  auto emitArgs = [&] { args = emitArguments(e); };
  switch (intrinsic) {
#define ALLOY_REGISTER(ID, NAME, OP, DIM) case Intrinsic::ID:
#include "Basic/DeviceIntrinsics.def"
    return emitRegister(intrinsic, l);
#define ALLOY_OP(ID, NAME, OP, ...)                                            \
  case Intrinsic::ID: {                                                        \
    mlir::Operation *op = OP::create(b, l __VA_OPT__(, ) __VA_ARGS__);         \
    return op->getNumResults() ? op->getResult(0) : mlir::Value();             \
  }
#include "Basic/DeviceIntrinsics.def"
  case Intrinsic::Trap:
    emitTrap(l);
    return {};
  case Intrinsic::Printf:
    return emitPrintf(e);
  case Intrinsic::MmaSync:
  case Intrinsic::LdMatrix:
  case Intrinsic::StMatrix:
  case Intrinsic::CpAsync:
  case Intrinsic::CpAsyncCommit:
  case Intrinsic::CpAsyncWait:
  case Intrinsic::Packed2:
  case Intrinsic::Packed2FromF32:
  case Intrinsic::Packed2AtomicAdd:
  case Intrinsic::HalfAtomicAdd:
    return emitTensorIntrinsic(intrinsic, e);
  case Intrinsic::TmaLoad:
  case Intrinsic::TmaLoadMulticast:
  case Intrinsic::TmaStore:
  case Intrinsic::TmaStoreCommit:
  case Intrinsic::TmaStoreWait:
  case Intrinsic::TmaPrefetch:
    return emitTmaIntrinsic(intrinsic, e);
  case Intrinsic::MbarrierInit:
  case Intrinsic::MbarrierArrive:
  case Intrinsic::MbarrierArriveExpectTx:
  case Intrinsic::MbarrierArriveCluster:
  case Intrinsic::MbarrierExpectTx:
  case Intrinsic::MbarrierTryWait:
  case Intrinsic::MbarrierTryWaitParity:
  case Intrinsic::MbarrierInval:
  case Intrinsic::FenceProxyAsync:
  case Intrinsic::FenceMbarrierInit:
  case Intrinsic::ElectOne:
    return emitHopperIntrinsic(intrinsic, e);
  case Intrinsic::SharedAddress:
  case Intrinsic::WgmmaFence:
  case Intrinsic::WgmmaMmaAsync:
  case Intrinsic::WgmmaMmaAsyncRegA:
  case Intrinsic::WgmmaCommit:
  case Intrinsic::WgmmaWait:
    return emitWgmmaIntrinsic(intrinsic, e);
  case Intrinsic::ClusterRank:
  case Intrinsic::ClusterSize:
  case Intrinsic::ClusterBlockX:
  case Intrinsic::ClusterBlockY:
  case Intrinsic::ClusterBlockZ:
  case Intrinsic::ClusterDimX:
  case Intrinsic::ClusterDimY:
  case Intrinsic::ClusterDimZ:
  case Intrinsic::ClusterIdX:
  case Intrinsic::ClusterIdY:
  case Intrinsic::ClusterIdZ:
  case Intrinsic::ClusterCountX:
  case Intrinsic::ClusterCountY:
  case Intrinsic::ClusterCountZ:
  case Intrinsic::ClusterSync:
  case Intrinsic::ClusterArrive:
  case Intrinsic::ClusterArriveRelaxed:
  case Intrinsic::ClusterWait:
  case Intrinsic::ClusterMap:
  case Intrinsic::SetMaxNRegInc:
  case Intrinsic::SetMaxNRegDec:
    return emitClusterIntrinsic(intrinsic, e);
  case Intrinsic::HalfApprox:
  case Intrinsic::Packed2Approx:
    return emitHalfMathIntrinsic(intrinsic, e);
  case Intrinsic::PtxAsm:
    emitPtxAsmCall(e);
    return {};
  case Intrinsic::DynamicSharedBase: {
    mlir::Value base = DynamicSharedBaseOp::create(b, l);
    return AddrSpaceCastOp::create(b, l, types.pointerType(), base);
  }
  case Intrinsic::DynamicSharedSize:
    return DynamicSharedSizeOp::create(b, l, b.getI32Type());
  case Intrinsic::WarpLanes:
    return constantInt(l, b.getI32Type(), 32);
  case Intrinsic::IsShared:
    emitArgs();
    return InSpaceOp::create(b, l, args[0], MemorySpace::shared);
  case Intrinsic::AtomicCas:
    emitArgs();
    return AtomicCASOp::create(b, l, args[0], args[1], args[2]);
  case Intrinsic::ShflIdx:
  case Intrinsic::ShflUp:
  case Intrinsic::ShflDown:
  case Intrinsic::ShflBfly: {
    ShflKind kind = intrinsic == Intrinsic::ShflIdx    ? ShflKind::idx
                    : intrinsic == Intrinsic::ShflUp   ? ShflKind::up
                    : intrinsic == Intrinsic::ShflDown ? ShflKind::down
                                                       : ShflKind::bfly;
    emitArgs();
    return ShflOp::create(b, l, kind, args[0], args[1], args[2]);
  }
  case Intrinsic::Ballot:
  case Intrinsic::All:
  case Intrinsic::Any: {
    VoteKind kind = intrinsic == Intrinsic::Ballot ? VoteKind::ballot
                    : intrinsic == Intrinsic::All  ? VoteKind::all
                                                   : VoteKind::any;
    emitArgs();
    return VoteOp::create(b, l, kind, args[0], args[1]);
  }
  case Intrinsic::ReduxAdd:
  case Intrinsic::ReduxMin:
  case Intrinsic::ReduxMax:
  case Intrinsic::ReduxUMin:
  case Intrinsic::ReduxUMax:
  case Intrinsic::ReduxAnd:
  case Intrinsic::ReduxOr:
  case Intrinsic::ReduxXor: {
    // The rows are in ReduxKind's order.
#define ALLOY_REDUX_ROW(row, kind)                                             \
  static_assert(unsigned(Intrinsic::row) - unsigned(Intrinsic::ReduxAdd) ==    \
                unsigned(ReduxKind::kind));
    ALLOY_REDUX_ROW(ReduxMin, min)
    ALLOY_REDUX_ROW(ReduxMax, max)
    ALLOY_REDUX_ROW(ReduxUMin, umin)
    ALLOY_REDUX_ROW(ReduxUMax, umax)
    ALLOY_REDUX_ROW(ReduxAnd, bit_and)
    ALLOY_REDUX_ROW(ReduxOr, bit_or)
    ALLOY_REDUX_ROW(ReduxXor, bit_xor)
#undef ALLOY_REDUX_ROW
    auto kind =
        static_cast<ReduxKind>(static_cast<unsigned>(intrinsic) -
                               static_cast<unsigned>(Intrinsic::ReduxAdd));
    emitArgs();
    return ReduxOp::create(b, l, kind, args[0], args[1]);
  }
  case Intrinsic::WarpSync:
    emitArgs();
    WarpSyncOp::create(b, l, args[0]);
    return {};
  case Intrinsic::LoadReadOnly:
  case Intrinsic::LoadCacheAll:
  case Intrinsic::LoadCacheGlobal:
  case Intrinsic::LoadStreaming:
  case Intrinsic::LoadLastUse:
  case Intrinsic::LoadVolatile: {
    CachePolicy policy = intrinsic == Intrinsic::LoadReadOnly ? CachePolicy::nc
                         : intrinsic == Intrinsic::LoadCacheAll
                             ? CachePolicy::ca
                         : intrinsic == Intrinsic::LoadCacheGlobal
                             ? CachePolicy::cg
                         : intrinsic == Intrinsic::LoadStreaming
                             ? CachePolicy::cs
                         : intrinsic == Intrinsic::LoadLastUse ? CachePolicy::lu
                                                               : CachePolicy::cv;
    emitArgs();
    return CachedLoadOp::create(b, l, vt, args[0], policy);
  }
  case Intrinsic::StoreWriteBack:
  case Intrinsic::StoreCacheGlobal:
  case Intrinsic::StoreStreaming:
  case Intrinsic::StoreWriteThrough: {
    CachePolicy policy = intrinsic == Intrinsic::StoreWriteBack
                             ? CachePolicy::wb
                         : intrinsic == Intrinsic::StoreCacheGlobal
                             ? CachePolicy::cg
                         : intrinsic == Intrinsic::StoreStreaming
                             ? CachePolicy::cs
                             : CachePolicy::wt;
    emitArgs();
    CachedStoreOp::create(b, l, args[1], args[0], policy);
    return {};
  }
  default:
    break;
  }
  if (auto kind = atomicKind(intrinsic, vt && isa<mlir::FloatType>(vt),
                             t->isSignedIntegerType())) {
    emitArgs();
    return AtomicRMWOp::create(b, l, kind->first, args[0], args[1]);
  }
  StringRef function = libdeviceFunction(intrinsic);
  ALLOY_CHECK(!function.empty() && "every intrinsic is lowered above or calls "
                              "libdevice");
  emitArgs();
  return emitLibdeviceCall(function, vt, args, l);
}

// CUDA's device printf: vprintf(format, buffer) with the arguments packed
// into a local buffer, each aligned to its size, floats as doubles and small
// integers as 32-bit ints (the C default argument promotions).
mlir::Value FunctionEmitter::emitPrintf(const CallExpr *e) {
  mlir::Location l = loc(e->getExprLoc());
  mlir::Value format = emitScalarExpr(e->getArg(0));
  struct Slot {
    mlir::Value value;
    uint64_t offset;
    uint64_t size;
  };
  llvm::SmallVector<Slot, 8> slots;
  uint64_t offset = 0;
  for (unsigned i = 1; i < e->getNumArgs(); ++i) {
    const Expr *arg = e->getArg(i);
    QualType t = arg->getType().getCanonicalType();
    mlir::Value v = emitScalarExpr(arg);
    if (auto ft = dyn_cast<mlir::FloatType>(v.getType())) {
      if (ft.getWidth() < 64)
        v = mlir::arith::ExtFOp::create(b, l, b.getF64Type(), v);
    } else if (auto it = dyn_cast<mlir::IntegerType>(v.getType());
               it && it.getWidth() < 32) {
      v = emitScalarConversion(v, t,
                               t->isSignedIntegerOrEnumerationType()
                                   ? ast.IntTy
                                   : ast.UnsignedIntTy,
                               l);
    }
    uint64_t size =
        isa<PtrType>(v.getType()) ? 8 : v.getType().getIntOrFloatBitWidth() / 8;
    offset = llvm::alignTo(offset, size);
    slots.push_back({v, offset, size});
    offset += size;
  }
  mlir::Value buffer = NullOp::create(b, l, types.pointerType());
  if (!slots.empty()) {
    mlir::Type record = RecordType::get(&module.ctx, "printf arguments",
                                        llvm::alignTo(offset, 8), 8);
    buffer = createTemp(record, 8).ptr;
  }
  for (const Slot &slot : slots) {
    mlir::Value p = buffer;
    if (slot.offset)
      p = MemberAddrOp::create(b, l, buffer, slot.offset);
    StoreOp::create(b, l, slot.value, p, slot.size);
  }
  mlir::func::FuncOp vprintf = module.getExternalFunction(
      "vprintf", b.getFunctionType({types.pointerType(), types.pointerType()},
                                   {b.getI32Type()}));
  return mlir::func::CallOp::create(b, l, vprintf,
                                    mlir::ValueRange{format, buffer})
      .getResult(0);
}

} // namespace alloy
