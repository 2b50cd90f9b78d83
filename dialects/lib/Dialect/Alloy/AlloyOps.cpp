//===- AlloyOps.cpp - Alloy operations ------------------------------------===//

#include "alloy/Dialect/Alloy/AlloyOps.h"
#include "Verifiers.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/FunctionImplementation.h"

using namespace mlir;
using namespace alloy;

static LogicalResult verifyElemType(Operation *op, Type type) {
  if (!isValidElemType(type))
    return op->emitOpError("elem_type must be an integer, float, "
                           "!alloy.ptr or !alloy.record, got ")
           << type;
  return success();
}

//===----------------------------------------------------------------------===//
// KernelOp
//===----------------------------------------------------------------------===//

void KernelOp::build(OpBuilder &builder, OperationState &state,
                     llvm::StringRef name, FunctionType type) {
  state.addAttribute(getSymNameAttrName(state.name),
                     builder.getStringAttr(name));
  state.addAttribute(getFunctionTypeAttrName(state.name), TypeAttr::get(type));
  state.addRegion();
}

ParseResult KernelOp::parse(OpAsmParser &parser, OperationState &result) {
  auto buildFuncType =
      [](Builder &builder, ArrayRef<Type> argTypes, ArrayRef<Type> results,
         function_interface_impl::VariadicFlag,
         std::string &) { return builder.getFunctionType(argTypes, results); };
  return function_interface_impl::parseFunctionOp(
      parser, result, /*allowVariadic=*/false,
      getFunctionTypeAttrName(result.name), buildFuncType,
      getArgAttrsAttrName(result.name), getResAttrsAttrName(result.name));
}

void KernelOp::print(OpAsmPrinter &p) {
  function_interface_impl::printFunctionOp(
      p, *this, /*isVariadic=*/false, getFunctionTypeAttrName(),
      getArgAttrsAttrName(), getResAttrsAttrName());
}

LogicalResult KernelOp::verify() {
  if (getFunctionType().getNumResults() != 0)
    return emitOpError("a kernel must not return values");
  if (getBody().empty())
    return emitOpError("a kernel must have a body");

  // I32Attr accessors are unsigned; read the attributes as signed.
  auto sget = [](IntegerAttr attr) -> std::optional<int64_t> {
    if (!attr)
      return std::nullopt;
    return attr.getValue().getSExtValue();
  };
  std::optional<int64_t> domain = sget(getContractDomainAttr());
  std::optional<int64_t> maxThreads = sget(getMaxThreadsAttr());
  std::optional<int64_t> minBlocks = sget(getMinBlocksAttr());
  if (auto cluster = getClusterDims()) {
    if (cluster->size() != 3)
      return emitOpError("cluster_dims must have 3 entries, got ")
             << cluster->size();
    int64_t blocks = 1;
    for (int32_t d : *cluster) {
      if (d < 1)
        return emitOpError("cluster_dims entries must be >= 1, got ") << d;
      blocks *= d;
    }
    if (blocks > 8)
      return emitOpError("a cluster has at most 8 blocks, got ") << blocks;
  }
  auto block = getContractBlock();
  if (domain.has_value() != block.has_value())
    return emitOpError("contract_domain and contract_block must be given "
                       "together");
  int64_t product = 0;
  if (domain) {
    if (*domain < 1 || *domain > 3)
      return emitOpError("contract_domain must be 1, 2 or 3, got ") << *domain;
    if (block->size() != 3)
      return emitOpError("contract_block must have 3 entries, got ")
             << block->size();
    product = 1;
    for (int32_t d : *block) {
      if (d < 1)
        return emitOpError("contract_block entries must be >= 1, got ") << d;
      product *= d;
    }
    if (product > 1024)
      return emitOpError("contract_block has ")
             << product << " threads per block; the limit is 1024";
  }
  if (maxThreads) {
    if (*maxThreads < 1 || *maxThreads > 1024)
      return emitOpError("max_threads must be in [1, 1024], got ")
             << *maxThreads;
    if (product > *maxThreads)
      return emitOpError("contract_block has ")
             << product << " threads per block, more than max_threads ("
             << *maxThreads << ")";
  }
  if (minBlocks) {
    if (!maxThreads)
      return emitOpError("min_blocks requires max_threads");
    if (*minBlocks < 0)
      return emitOpError("min_blocks must be >= 0, got ") << *minBlocks;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Memory ops
//===----------------------------------------------------------------------===//

void AllocaOp::build(OpBuilder &builder, OperationState &state, Type elemType,
                     uint64_t alignment) {
  state.addAttribute(getElemTypeAttrName(state.name), TypeAttr::get(elemType));
  state.addAttribute(getAlignmentAttrName(state.name),
                     builder.getI64IntegerAttr(alignment));
  state.addTypes(PtrType::get(builder.getContext()));
}

LogicalResult AllocaOp::verify() {
  if (failed(verifyElemType(*this, getElemType())))
    return failure();
  return verifyAlignment(*this, getAlignment());
}

void LoadOp::build(OpBuilder &builder, OperationState &state, Type resultType,
                   Value addr, uint64_t alignment) {
  state.addOperands(addr);
  state.addAttribute(getAlignmentAttrName(state.name),
                     builder.getI64IntegerAttr(alignment));
  state.addTypes(resultType);
}

LogicalResult LoadOp::verify() {
  return verifyAlignment(*this, getAlignment());
}

void StoreOp::build(OpBuilder &builder, OperationState &state, Value value,
                    Value addr, uint64_t alignment) {
  state.addOperands({value, addr});
  state.addAttribute(getAlignmentAttrName(state.name),
                     builder.getI64IntegerAttr(alignment));
}

LogicalResult StoreOp::verify() {
  return verifyAlignment(*this, getAlignment());
}

void PtrAddOp::build(OpBuilder &builder, OperationState &state, Value base,
                     Value index, Type elemType) {
  state.addOperands({base, index});
  state.addAttribute(getElemTypeAttrName(state.name), TypeAttr::get(elemType));
  state.addTypes(base.getType());
}

LogicalResult PtrAddOp::verify() {
  return verifyElemType(*this, getElemType());
}

void MemberAddrOp::build(OpBuilder &builder, OperationState &state, Value base,
                         uint64_t offset) {
  state.addOperands(base);
  state.addAttribute(getOffsetAttrName(state.name),
                     builder.getI64IntegerAttr(offset));
  state.addTypes(base.getType());
}

OpFoldResult NullOp::fold(FoldAdaptor) { return UnitAttr::get(getContext()); }

LogicalResult GlobalConstantOp::verify() {
  return verifyAlignment(*this, getAlignment());
}

// The op's result is a pointer into `space`.
static LogicalResult verifyResultSpace(Operation *op, MemorySpace space) {
  if (cast<PtrType>(op->getResult(0).getType()).getSpace() != space)
    return op->emitOpError("result must be a !alloy.ptr<")
           << stringifyMemorySpace(space) << ">";
  return success();
}

// The `Target` op that `op` names, `name`; null, with an error, if none.
template <class Target>
static Target lookupNamed(Operation *op, SymbolTableCollection &symbolTable,
                          FlatSymbolRefAttr name) {
  auto target = symbolTable.lookupNearestSymbolFrom<Target>(op, name);
  if (!target)
    op->emitOpError("'") << name.getValue() << "' does not name an "
                         << Target::getOperationName();
  return target;
}

LogicalResult ConstantAddressOp::verify() {
  return verifyResultSpace(*this, MemorySpace::constant);
}

LogicalResult
ConstantAddressOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  return success(
      bool(lookupNamed<GlobalConstantOp>(*this, symbolTable, getNameAttr())));
}

LogicalResult DeviceGlobalOp::verify() {
  if (getSpace() != MemorySpace::global && getSpace() != MemorySpace::constant)
    return emitOpError("must be in the global or the constant space");
  if (getSize() == 0)
    return emitOpError("must have a size");
  if (std::optional<StringRef> value = getValue();
      value && value->size() != getSize())
    return emitOpError("has ") << value->size() << " bytes of initial value for "
                               << getSize() << " bytes";
  return verifyAlignment(*this, getAlignment());
}

LogicalResult
GlobalAddressOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  auto global = lookupNamed<DeviceGlobalOp>(*this, symbolTable, getNameAttr());
  if (!global)
    return failure();
  if (cast<PtrType>(getType()).getSpace() != global.getSpace())
    return emitOpError("result must be a pointer into the variable's space (")
           << stringifyMemorySpace(global.getSpace()) << ")";
  return success();
}

LogicalResult SharedMemoryOp::verify() {
  if (failed(verifyAlignment(*this, getAlignment())))
    return failure();
  return verifyElemType(*this, getElemType());
}

LogicalResult SharedAddressOp::verify() {
  return verifyResultSpace(*this, MemorySpace::shared);
}

LogicalResult
SharedAddressOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  return success(
      bool(lookupNamed<SharedMemoryOp>(*this, symbolTable, getNameAttr())));
}

LogicalResult AddrSpaceCastOp::verify() {
  if (getPtr().getType() == getType())
    return emitOpError("source and result are in the same address space");
  return success();
}

void MemcpyOp::build(OpBuilder &builder, OperationState &state, Value dst,
                     Value src, uint64_t size, uint64_t alignment) {
  state.addOperands({dst, src});
  state.addAttribute(getSizeAttrName(state.name),
                     builder.getI64IntegerAttr(size));
  state.addAttribute(getAlignmentAttrName(state.name),
                     builder.getI64IntegerAttr(alignment));
}

LogicalResult MemcpyOp::verify() {
  return verifyAlignment(*this, getAlignment());
}

// The value range of a special register (Alloy_DimOp's inferResultRanges).
static ConstantIntRanges sregRange(Operation *op, Sreg reg, Dim dim);

#define GET_OP_CLASSES
#include "alloy/Dialect/Alloy/AlloyOps.cpp.inc"

//===----------------------------------------------------------------------===//
// Value ranges of the GPU registers
//===----------------------------------------------------------------------===//

std::pair<uint64_t, uint64_t>
alloy::sregBounds(Sreg reg, Dim dim, ArrayRef<int32_t> contractBlock,
                  std::optional<uint32_t> maxThreads) {
  unsigned d = unsigned(dim);
  uint64_t limit = d == 2 ? 64 : 1024;
  if (maxThreads)
    limit = std::min<uint64_t>(limit, *maxThreads);
  std::optional<uint64_t> exact;
  if (contractBlock.size() == 3)
    exact = uint64_t(contractBlock[d]);
  switch (reg) {
  case Sreg::ThreadId:
    return {0, exact.value_or(limit) - 1};
  case Sreg::BlockDim:
    return exact ? std::pair(*exact, *exact) : std::pair(uint64_t(1), limit);
  case Sreg::BlockId:
    return {0, d == 0 ? (uint64_t(1) << 31) - 2 : 65534};
  case Sreg::GridDim:
    return {1, d == 0 ? (uint64_t(1) << 31) - 1 : 65535};
  }
  llvm_unreachable("every register is covered");
}

// The range of `reg` read by `op`, from its kernel's contract or bounds.
static ConstantIntRanges sregRange(Operation *op, Sreg reg, Dim dim) {
  ArrayRef<int32_t> block;
  std::optional<uint32_t> maxThreads;
  if (auto kernel = op->getParentOfType<KernelOp>()) {
    if (auto b = kernel.getContractBlockAttr())
      block = b.asArrayRef();
    maxThreads = kernel.getMaxThreads();
  }
  auto [lo, hi] = sregBounds(reg, dim, block, maxThreads);
  return ConstantIntRanges::fromUnsigned(APInt(32, lo), APInt(32, hi));
}

void LaneIdOp::inferResultRanges(ArrayRef<ConstantIntRanges>,
                                 SetIntRangeFn setResultRange) {
  setResultRange(getResult(),
                 ConstantIntRanges::fromUnsigned(APInt(32, 0), APInt(32, 31)));
}
