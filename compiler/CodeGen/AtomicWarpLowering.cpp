// Atomics and warp operations: intrinsics named atomic.* and warp.*
// (include/gpu/detail/atomic_intrinsics.hpp). The public templates have
// already checked the types; the signedness of min/max and int vs float
// add come from the call's type T.
#include "FunctionLowering.h"

#include "alloy/Dialect/Alloy/AlloyOps.h"

#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace alloy {

mlir::Value FunctionLowering::emitAtomicOrWarpIntrinsic(StringRef name,
                                                        const CallExpr *e) {
  mlir::Location l = loc(e->getExprLoc());
  QualType t = e->getType();
  auto notSupported = [&] {
    return unsupported(e,
                       "the device intrinsic '" + name +
                           "' (not supported by this version of Alloy yet)",
                       types.valueType(t));
  };
  // Only what the ops take (the detail:: leaves could be called directly).
  mlir::Type vt = types.valueType(t);
  bool isFloat = vt && (vt.isF32() || vt.isF64());
  bool isInt = vt && (vt.isInteger(32) || vt.isInteger(64));
  llvm::SmallVector<mlir::Value, 3> args;
  auto emitArgs = [&](unsigned count) {
    if (e->getNumArgs() != count)
      return false;
    for (const Expr *arg : e->arguments())
      args.push_back(emitScalar(arg));
    return true;
  };

  StringRef op = name;
  if (op.consume_front("atomic.")) {
    bool isSigned = t->isSignedIntegerType();
    std::optional<AtomicKind> kind =
        llvm::StringSwitch<std::optional<AtomicKind>>(op)
            .Case("add", isFloat ? AtomicKind::fadd : AtomicKind::add)
            .Case("sub", AtomicKind::sub)
            .Case("min", isSigned ? AtomicKind::smin : AtomicKind::umin)
            .Case("max", isSigned ? AtomicKind::smax : AtomicKind::umax)
            .Case("and", AtomicKind::_and)
            .Case("or", AtomicKind::_or)
            .Case("xor", AtomicKind::_xor)
            .Case("exch", AtomicKind::exch)
            .Default(std::nullopt);
    bool typeOk = isInt || (isFloat && (op == "add" || op == "exch"));
    if (kind && typeOk && emitArgs(2))
      return AtomicRMWOp::create(b, l, *kind, args[0], args[1]);
    if (op == "cas" && isInt && emitArgs(3))
      return AtomicCASOp::create(b, l, args[0], args[1], args[2]);
    return notSupported();
  }

  op.consume_front("warp.");
  if (op.consume_front("shfl.")) {
    std::optional<ShflKind> kind =
        llvm::StringSwitch<std::optional<ShflKind>>(op)
            .Case("idx", ShflKind::idx)
            .Case("up", ShflKind::up)
            .Case("down", ShflKind::down)
            .Case("bfly", ShflKind::bfly)
            .Default(std::nullopt);
    if (kind && (isInt || isFloat) && emitArgs(3))
      return ShflOp::create(b, l, *kind, args[0], args[1], args[2]);
    return notSupported();
  }
  std::optional<VoteKind> vote = llvm::StringSwitch<std::optional<VoteKind>>(op)
                                     .Case("ballot", VoteKind::ballot)
                                     .Case("all", VoteKind::all)
                                     .Case("any", VoteKind::any)
                                     .Default(std::nullopt);
  if (vote && emitArgs(2))
    return VoteOp::create(b, l, *vote, args[0], args[1]);
  if (op == "sync" && emitArgs(1)) {
    WarpSyncOp::create(b, l, args[0]);
    return {};
  }
  return notSupported();
}

} // namespace alloy
