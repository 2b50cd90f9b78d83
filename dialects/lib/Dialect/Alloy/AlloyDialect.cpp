//===- AlloyDialect.cpp - Alloy dialect, types and enums ------------------===//

#include "alloy/Dialect/Alloy/AlloyDialect.h"
#include "alloy/Dialect/Alloy/AlloyOps.h"
#include "alloy/Dialect/Alloy/AlloyTypes.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Transforms/InliningUtils.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace alloy;

#include "alloy/Dialect/Alloy/AlloyDialect.cpp.inc"
#include "alloy/Dialect/Alloy/AlloyEnums.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "alloy/Dialect/Alloy/AlloyTypes.cpp.inc"

namespace {
/// Every Alloy op may be inlined (alloy.return only ends kernels, which are
/// never called).
struct AlloyInlinerInterface : DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;
  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final {
    return true;
  }
  bool isLegalToInline(Region *, Region *, bool, IRMapping &) const final {
    return true;
  }
};
} // namespace

void AlloyDialect::initialize() {
  registerTypes();
  addInterfaces<AlloyInlinerInterface>();
  addOperations<
#define GET_OP_LIST
#include "alloy/Dialect/Alloy/AlloyOps.cpp.inc"
      >();
}

void AlloyDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "alloy/Dialect/Alloy/AlloyTypes.cpp.inc"
      >();
}

Operation *AlloyDialect::materializeConstant(OpBuilder &builder,
                                             Attribute value, Type type,
                                             Location loc) {
  if (isa<PtrType>(type) && isa<UnitAttr>(value))
    return NullOp::create(builder, loc, type);
  return nullptr;
}

// alloy.grid_constant = array<i64: size, align> on a kernel's generic
// !alloy.ptr argument.
static LogicalResult verifyGridConstant(Operation *op, unsigned argIndex,
                                        NamedAttribute attr) {
  auto value = dyn_cast<DenseI64ArrayAttr>(attr.getValue());
  if (!value || value.size() != 2 || value[0] <= 0 || value[1] <= 0 ||
      !llvm::isPowerOf2_64(uint64_t(value[1])))
    return op->emitOpError("'alloy.grid_constant' must be array<i64: size, "
                           "align> with a positive size and a power-of-two "
                           "alignment");
  if (!isa<KernelOp>(op))
    return op->emitOpError("'alloy.grid_constant' is only valid on kernel "
                           "arguments");
  auto func = cast<FunctionOpInterface>(op);
  Type type = func.getArgumentTypes()[argIndex];
  auto ptr = dyn_cast<PtrType>(type);
  if (!ptr || ptr.getSpace() != MemorySpace::generic)
    return op->emitOpError("'alloy.grid_constant' on argument #")
           << argIndex << " requires a generic !alloy.ptr argument, got "
           << type;
  return success();
}

LogicalResult AlloyDialect::verifyRegionArgAttribute(Operation *op,
                                                     unsigned regionIndex,
                                                     unsigned argIndex,
                                                     NamedAttribute attr) {
  StringRef name = attr.getName().getValue();
  if (name == getGridConstantAttrName())
    return verifyGridConstant(op, argIndex, attr);
  if (name != getNoAliasAttrName() && name != getReadOnlyAttrName() &&
      name != getNonNullAttrName())
    return op->emitOpError("unknown Alloy argument attribute '") << name << "'";
  if (!isa<UnitAttr>(attr.getValue()))
    return op->emitOpError("'") << name << "' must be a unit attribute";
  auto func = dyn_cast<FunctionOpInterface>(op);
  if (!func || argIndex >= func.getNumArguments())
    return op->emitOpError("'")
           << name << "' is only valid on function arguments";
  Type type = func.getArgumentTypes()[argIndex];
  if (!isa<PtrType>(type))
    return op->emitOpError("'")
           << name << "' on argument #" << argIndex
           << " requires an !alloy.ptr argument, got " << type;
  return success();
}

bool alloy::isValidElemType(Type type) {
  return isa<IntegerType, FloatType, PtrType, RecordType>(type);
}

LogicalResult RecordType::verify(function_ref<InFlightDiagnostic()> emitError,
                                 StringRef name, uint64_t size,
                                 uint64_t align) {
  if (!llvm::isPowerOf2_64(align))
    return emitError() << "record alignment " << align
                       << " is not a power of two";
  if (size % align != 0)
    return emitError() << "record size " << size
                       << " is not a multiple of its alignment " << align;
  return success();
}
