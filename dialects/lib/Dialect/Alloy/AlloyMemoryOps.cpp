//===- AlloyMemoryOps.cpp - Alloy memory and bit operations ---------------===//

#include "Verifiers.h"
#include "alloy/Dialect/Alloy/AlloyOps.h"

using namespace mlir;
using namespace alloy;

LogicalResult MemsetOp::verify() { return verifyAlignment(*this, getAlignment()); }

LogicalResult MemmoveOp::verify() {
  return verifyAlignment(*this, getAlignment());
}

// Cached accesses are PTX's ld.global/st.global: only global (or generic)
// addresses, and each operation has its own policies.
static LogicalResult verifyCachedAccess(Operation *op, Value addr,
                                        CachePolicy policy, bool isLoad) {
  MemorySpace space = cast<PtrType>(addr.getType()).getSpace();
  if (space != MemorySpace::generic && space != MemorySpace::global)
    return op->emitOpError("needs a generic or global pointer, got ")
           << addr.getType();
  bool loadPolicy = policy == CachePolicy::ca || policy == CachePolicy::cg ||
                    policy == CachePolicy::cs || policy == CachePolicy::lu ||
                    policy == CachePolicy::cv || policy == CachePolicy::nc;
  bool storePolicy = policy == CachePolicy::wb || policy == CachePolicy::cg ||
                     policy == CachePolicy::cs || policy == CachePolicy::wt;
  if (isLoad ? !loadPolicy : !storePolicy)
    return op->emitOpError("'")
           << stringifyCachePolicy(policy) << "' is not a "
           << (isLoad ? "load" : "store") << " cache policy";
  return success();
}

LogicalResult CachedLoadOp::verify() {
  return verifyCachedAccess(*this, getAddr(), getPolicy(), /*isLoad=*/true);
}

LogicalResult CachedStoreOp::verify() {
  return verifyCachedAccess(*this, getAddr(), getPolicy(), /*isLoad=*/false);
}

LogicalResult AssumeAlignedOp::verify() {
  if (!llvm::isPowerOf2_64(getAlignment()))
    return emitOpError("alignment must be a power of two, not ")
           << getAlignment();
  return success();
}

LogicalResult InSpaceOp::verify() {
  if (getSpace() == MemorySpace::generic)
    return emitOpError("tests a specific address space (global, shared, "
                       "constant or local), not generic");
  return success();
}
