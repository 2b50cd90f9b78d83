//===- CoreToLLVM.cpp - Alloy's core ops to llvm/nvvm -----------*- C++ -*-===//
//
// Kernels, globals, addresses, stack slots, loads and stores, special
// registers, barriers and fences. Ops that map onto one llvm or nvvm op
// without attributes share OneToOneLowering; most others are lowering
// functions (Lowering.h), the kernel, shared memory and the special
// registers patterns of their own.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"
#include "alloy/Conversion/AlloyToLLVM.h"
#include "alloy/Dialect/Alloy/AlloyOps.h"
#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;

namespace alloy {
namespace {

/// alloy.grid_constant = [size, align] -> a byval [size x i8] pointer of
/// that alignment, marked nvvm.grid_constant: NVPTX keeps the parameter in
/// param space and gives its uses its generic address (cvta.param).
void appendGridConstantAttrs(ConversionPatternRewriter &r,
                             DenseI64ArrayAttr value,
                             SmallVectorImpl<NamedAttribute> &attrs) {
  Type bytes = LLVM::LLVMArrayType::get(r.getI8Type(), uint64_t(value[0]));
  attrs.push_back(r.getNamedAttr(LLVM::LLVMDialect::getByValAttrName(),
                                 TypeAttr::get(bytes)));
  attrs.push_back(r.getNamedAttr(LLVM::LLVMDialect::getAlignAttrName(),
                                 r.getI64IntegerAttr(value[1])));
  attrs.push_back(r.getNamedAttr(NVVM::NVVMDialect::getGridConstantAttrName(),
                                 r.getUnitAttr()));
}

/// alloy.kernel -> llvm.func {nvvm.kernel, nvvm.reqntid, nvvm.maxntid,
/// nvvm.minctasm}; alloy.* argument attributes -> llvm.*.
struct KernelLowering : ConvertOpToLLVMPattern<KernelOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(KernelOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    const TypeConverter &tc = *getTypeConverter();
    FunctionType type = op.getFunctionType();
    TypeConverter::SignatureConversion sig(type.getNumInputs());
    for (auto [i, t] : llvm::enumerate(type.getInputs())) {
      Type converted = tc.convertType(t);
      if (!converted)
        return rewriter.notifyMatchFailure(op, "unconvertible argument");
      sig.addInputs(i, converted);
    }
    MLIRContext *ctx = rewriter.getContext();
    auto fnType = LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(ctx),
                                              sig.getConvertedTypes());
    auto fn = LLVM::LLVMFuncOp::create(rewriter, op.getLoc(), op.getSymName(),
                                       fnType);
    fn->setAttr(NVVM::NVVMDialect::getKernelFuncAttrName(),
                rewriter.getUnitAttr());
    if (auto block = op.getContractBlockAttr())
      fn->setAttr(NVVM::NVVMDialect::getReqntidAttrName(), block);
    // ptxas rejects .maxntid beside .reqntid; the contract's exact block
    // already bounds the kernel (the verifier checked it fits).
    if (auto maxThreads = op.getMaxThreads();
        maxThreads && !op.getContractBlockAttr())
      fn->setAttr(NVVM::NVVMDialect::getMaxntidAttrName(),
                  rewriter.getDenseI32ArrayAttr({int32_t(*maxThreads), 1, 1}));
    if (auto cluster = op.getClusterDimsAttr())
      fn->setAttr(NVVM::NVVMDialect::getClusterDimAttrName(), cluster);
    if (auto minBlocks = op.getMinBlocks())
      fn->setAttr(NVVM::NVVMDialect::getMinctasmAttrName(),
                  rewriter.getI32IntegerAttr(*minBlocks));
    for (unsigned i = 0, e = type.getNumInputs(); i < e; ++i) {
      SmallVector<NamedAttribute> attrs;
      for (NamedAttribute attr :
           cast<FunctionOpInterface>(op.getOperation()).getArgAttrs(i)) {
        StringRef name = attr.getName().getValue();
        if (name == AlloyDialect::getNoAliasAttrName())
          attrs.push_back(rewriter.getNamedAttr(
              LLVM::LLVMDialect::getNoAliasAttrName(), rewriter.getUnitAttr()));
        else if (name == AlloyDialect::getReadOnlyAttrName())
          attrs.push_back(
              rewriter.getNamedAttr(LLVM::LLVMDialect::getReadonlyAttrName(),
                                    rewriter.getUnitAttr()));
        else if (name == AlloyDialect::getNonNullAttrName())
          attrs.push_back(rewriter.getNamedAttr(
              LLVM::LLVMDialect::getNonNullAttrName(), rewriter.getUnitAttr()));
        else if (name == AlloyDialect::getGridConstantAttrName())
          appendGridConstantAttrs(
              rewriter, cast<DenseI64ArrayAttr>(attr.getValue()), attrs);
        else
          attrs.push_back(attr);
      }
      if (!attrs.empty())
        fn.setArgAttrs(i, attrs);
    }
    rewriter.inlineRegionBefore(op.getBody(), fn.getBody(), fn.end());
    if (failed(rewriter.convertRegionTypes(&fn.getBody(), tc, &sig)))
      return failure();
    rewriter.eraseOp(op);
    return success();
  }
};

/// alloy.shared_memory -> an internal llvm.mlir.global in address space 3,
/// uninitialized (undef), as shared memory must be.
struct SharedMemoryLowering : ConvertOpToLLVMPattern<SharedMemoryOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(SharedMemoryOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = getTypeConverter()->convertType(op.getElemType());
    if (!type)
      return failure();
    auto global = rewriter.replaceOpWithNewOp<LLVM::GlobalOp>(
        op, type, /*isConstant=*/false, LLVM::Linkage::Internal,
        op.getSymName(), Attribute(), op.getAlignment(),
        unsigned(MemorySpace::shared));
    Block *init = rewriter.createBlock(&global.getInitializerRegion());
    rewriter.setInsertionPointToStart(init);
    Value undef = LLVM::UndefOp::create(rewriter, op.getLoc(), type);
    LLVM::ReturnOp::create(rewriter, op.getLoc(), undef);
    return success();
  }
};

/// alloy.global_constant -> an internal constant llvm.mlir.global of bytes
/// in address space 4.
Lowered globalConstant(GlobalConstantOp op, GlobalConstantOp::Adaptor,
                       ConversionPatternRewriter &r) {
  auto type = LLVM::LLVMArrayType::get(r.getI8Type(), op.getValue().size());
  return LLVM::GlobalOp::create(r, op.getLoc(), type, /*isConstant=*/true,
                                LLVM::Linkage::Internal, op.getSymName(),
                                op.getValueAttr(), op.getAlignment(),
                                unsigned(MemorySpace::constant));
}

/// alloy.device_global -> an external, externally initialized
/// llvm.mlir.global of bytes: the host finds it by name and may write it,
/// so LLVM neither folds its initial value nor internalizes it.
Lowered deviceGlobal(DeviceGlobalOp op, DeviceGlobalOp::Adaptor,
                     ConversionPatternRewriter &r) {
  auto type = LLVM::LLVMArrayType::get(r.getI8Type(), op.getSize());
  Attribute value = op.getValueAttr();
  if (!value)
    value = r.getStringAttr(std::string(op.getSize(), '\0'));
  auto global = LLVM::GlobalOp::create(
      r, op.getLoc(), type, /*isConstant=*/false, LLVM::Linkage::External,
      op.getSymName(), value, op.getAlignment(), unsigned(op.getSpace()));
  global.setExternallyInitializedAttr(r.getUnitAttr());
  return global;
}

/// The extern, zero-sized shared array that dynamic shared memory starts at.
static constexpr llvm::StringLiteral kDynamicShared = "__alloy_dynamic_shared";

struct DynamicSharedBaseLowering : ConvertOpToLLVMPattern<DynamicSharedBaseOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(DynamicSharedBaseOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto module = op->getParentOfType<ModuleOp>();
    auto arrayType = LLVM::LLVMArrayType::get(rewriter.getI8Type(), 0);
    if (!module.lookupSymbol(kDynamicShared)) {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(module.getBody());
      LLVM::GlobalOp::create(rewriter, op.getLoc(), arrayType,
                             /*isConstant=*/false, LLVM::Linkage::External,
                             kDynamicShared, Attribute(), /*alignment=*/16,
                             unsigned(MemorySpace::shared));
    }
    rewriter.replaceOpWithNewOp<LLVM::AddressOfOp>(
        op,
        LLVM::LLVMPointerType::get(rewriter.getContext(),
                                   unsigned(MemorySpace::shared)),
        kDynamicShared);
    return success();
  }
};

Value i64Constant(OpBuilder &b, Location loc, int64_t v) {
  return LLVM::ConstantOp::create(b, loc, b.getI64Type(),
                                  b.getI64IntegerAttr(v));
}

/// Value ranges of the special registers (alloy::sregBounds); a kernel's
/// launch contract or bounds (nvvm.reqntid / nvvm.maxntid, set on the
/// llvm.func that the kernel already became) tighten the thread ranges.
LLVM::ConstantRangeAttr sregRange(Operation *op, Sreg reg, Dim dim) {
  ArrayRef<int32_t> block;
  std::optional<uint32_t> maxThreads;
  if (auto fn = op->getParentOfType<LLVM::LLVMFuncOp>()) {
    if (auto req = fn->getAttrOfType<DenseI32ArrayAttr>(
            NVVM::NVVMDialect::getReqntidAttrName()))
      block = req.asArrayRef();
    if (auto maxnt = fn->getAttrOfType<DenseI32ArrayAttr>(
            NVVM::NVVMDialect::getMaxntidAttrName());
        maxnt && maxnt.size() == 3)
      maxThreads = uint32_t(maxnt[0]) * maxnt[1] * maxnt[2];
  }
  auto [lo, hi] = sregBounds(reg, dim, block, maxThreads);
  return LLVM::ConstantRangeAttr::get(op->getContext(), 32, lo, hi + 1);
}

/// alloy.global_address, constant_address, shared_address -> the symbol's
/// llvm.mlir.addressof.
template <class Op>
Lowered addressOf(Op op, typename Op::Adaptor, ConversionPatternRewriter &r,
                  const TypeConverter &tc) {
  return LLVM::AddressOfOp::create(r, op.getLoc(), tc.convertType(op.getType()),
                                   op.getName());
}

/// A special register (tid, ntid, ctaid, nctaid) -> the nvvm op of its
/// dimension with its value range; a constant where the launch contract
/// pins it (ntid or tid of 1).
template <class Op, class X, class Y, class Z>
struct SregLowering : ConvertOpToLLVMPattern<Op> {
  SregLowering(const LLVMTypeConverter &tc, Sreg reg)
      : ConvertOpToLLVMPattern<Op>(tc), reg(reg) {}
  LogicalResult matchAndRewrite(Op op, typename Op::Adaptor,
                                ConversionPatternRewriter &r) const override {
    auto range = sregRange(op, reg, op.getDim());
    Type i32 = r.getI32Type();
    if ((range.getUpper() - range.getLower()).isOne()) {
      r.replaceOpWithNewOp<LLVM::ConstantOp>(
          op, i32, r.getI32IntegerAttr(range.getLower().getSExtValue()));
      return success();
    }
    switch (op.getDim()) {
    case Dim::x:
      r.replaceOpWithNewOp<X>(op, i32, range);
      break;
    case Dim::y:
      r.replaceOpWithNewOp<Y>(op, i32, range);
      break;
    case Dim::z:
      r.replaceOpWithNewOp<Z>(op, i32, range);
      break;
    }
    return success();
  }
  Sreg reg;
};

Lowered dynamicSharedSize(DynamicSharedSizeOp op, DynamicSharedSizeOp::Adaptor,
                          ConversionPatternRewriter &r) {
  return LLVM::CallIntrinsicOp::create(
      r, op.getLoc(), Type(r.getI32Type()),
      r.getStringAttr("llvm.nvvm.read.ptx.sreg.dynamic_smem_size"),
      ValueRange{});
}

/// alloy.return -> llvm.return (kernels and device functions return void
/// at this level).
Lowered ret(ReturnOp op, ReturnOp::Adaptor, ConversionPatternRewriter &r) {
  return LLVM::ReturnOp::create(r, op.getLoc(), ValueRange{});
}

/// alloy.alloca -> llvm.alloca of count 1 (moved to the entry block after
/// the conversion).
Lowered stackSlot(AllocaOp op, AllocaOp::Adaptor, ConversionPatternRewriter &r,
                  const TypeConverter &tc) {
  Value one = i64Constant(r, op.getLoc(), 1);
  return LLVM::AllocaOp::create(r, op.getLoc(), tc.convertType(op.getType()),
                                tc.convertType(op.getElemType()), one,
                                op.getAlignment());
}

Lowered load(LoadOp op, LoadOp::Adaptor a, ConversionPatternRewriter &r,
             const TypeConverter &tc) {
  return LLVM::LoadOp::create(r, op.getLoc(), tc.convertType(op.getType()),
                              a.getAddr(), op.getAlignment(),
                              op.getIsVolatile());
}

Lowered store(StoreOp op, StoreOp::Adaptor a, ConversionPatternRewriter &r) {
  return LLVM::StoreOp::create(r, op.getLoc(), a.getValue(), a.getAddr(),
                               op.getAlignment(), op.getIsVolatile());
}

/// alloy.ptr_add -> an inbounds GEP over the element type.
Lowered ptrAdd(PtrAddOp op, PtrAddOp::Adaptor a, ConversionPatternRewriter &r,
               const TypeConverter &tc) {
  return LLVM::GEPOp::create(r, op.getLoc(), tc.convertType(op.getType()),
                             tc.convertType(op.getElemType()), a.getBase(),
                             ArrayRef<LLVM::GEPArg>{a.getIndex()},
                             LLVM::GEPNoWrapFlags::inbounds);
}

/// alloy.member_addr -> an inbounds byte GEP by the member's offset.
Lowered memberAddr(MemberAddrOp op, MemberAddrOp::Adaptor a,
                   ConversionPatternRewriter &r, const TypeConverter &tc) {
  uint64_t offset = op.getOffset();
  LLVM::GEPArg index = int32_t(offset);
  if (offset > uint64_t(INT32_MAX))
    index = i64Constant(r, op.getLoc(), int64_t(offset));
  return LLVM::GEPOp::create(
      r, op.getLoc(), tc.convertType(op.getType()), r.getI8Type(), a.getBase(),
      ArrayRef<LLVM::GEPArg>{index}, LLVM::GEPNoWrapFlags::inbounds);
}

/// alloy.null -> llvm.mlir.zero of the pointer type.
Lowered null(NullOp op, NullOp::Adaptor, ConversionPatternRewriter &r,
             const TypeConverter &tc) {
  return LLVM::ZeroOp::create(r, op.getLoc(), tc.convertType(op.getType()));
}

/// alloy.fence -> a seq_cst llvm.fence of the scope (system: none).
Lowered fence(FenceOp op, FenceOp::Adaptor, ConversionPatternRewriter &r) {
  StringRef scope;
  switch (op.getScope()) {
  case FenceScope::block:
    scope = "block";
    break;
  case FenceScope::device:
    scope = "device";
    break;
  case FenceScope::system:
    break;
  }
  return LLVM::FenceOp::create(r, op.getLoc(), LLVM::AtomicOrdering::seq_cst,
                               scope);
}

Lowered laneId(LaneIdOp op, LaneIdOp::Adaptor, ConversionPatternRewriter &r) {
  return NVVM::LaneIdOp::create(
      r, op.getLoc(), r.getI32Type(),
      LLVM::ConstantRangeAttr::get(r.getContext(), 32, 0, 32));
}

} // namespace

void addCoreLowerings(LoweringTable &table) {
  table
      .addPatterns<KernelLowering, SharedMemoryLowering,
                   DynamicSharedBaseLowering,
                   OneToOneLowering<AddrSpaceCastOp, LLVM::AddrSpaceCastOp>,
                   OneToOneLowering<PtrToIntOp, LLVM::PtrToIntOp>,
                   OneToOneLowering<IntToPtrOp, LLVM::IntToPtrOp>,
                   OneToOneLowering<BarrierOp, NVVM::Barrier0Op>>()
      .add<GlobalConstantOp>(globalConstant)
      .add<DeviceGlobalOp>(deviceGlobal)
      .add<GlobalAddressOp>(addressOf<GlobalAddressOp>)
      .add<ConstantAddressOp>(addressOf<ConstantAddressOp>)
      .add<SharedAddressOp>(addressOf<SharedAddressOp>)
      .add<DynamicSharedSizeOp>(dynamicSharedSize)
      .add<ReturnOp>(ret)
      .add<AllocaOp>(stackSlot)
      .add<LoadOp>(load)
      .add<StoreOp>(store)
      .add<PtrAddOp>(ptrAdd)
      .add<MemberAddrOp>(memberAddr)
      .add<NullOp>(null)
      .add<FenceOp>(fence)
      .add<LaneIdOp>(laneId)
      .addPatterns<SregLowering<ThreadIdOp, NVVM::ThreadIdXOp,
                                NVVM::ThreadIdYOp, NVVM::ThreadIdZOp>>(
          Sreg::ThreadId)
      .addPatterns<SregLowering<BlockDimOp, NVVM::BlockDimXOp,
                                NVVM::BlockDimYOp, NVVM::BlockDimZOp>>(
          Sreg::BlockDim)
      .addPatterns<SregLowering<BlockIdOp, NVVM::BlockIdXOp, NVVM::BlockIdYOp,
                                NVVM::BlockIdZOp>>(Sreg::BlockId)
      .addPatterns<SregLowering<GridDimOp, NVVM::GridDimXOp, NVVM::GridDimYOp,
                                NVVM::GridDimZOp>>(Sreg::GridDim);
}

} // namespace alloy
