// Atomics and warp operations: intrinsics named atomic.* and warp.*.
#include "FunctionLowering.h"

using namespace clang;

namespace alloy {

mlir::Value FunctionLowering::emitAtomicOrWarpIntrinsic(StringRef name,
                                                        const CallExpr *e) {
  return unsupported(e, "the device intrinsic '" + name +
                            "' (not supported by this version of Alloy yet)",
                     types.valueType(e->getType()));
}

} // namespace alloy
