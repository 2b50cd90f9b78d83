//===- AlloyToLLVM.cpp - Alloy (+ func/arith/cf/math) to LLVM/NVVM --------===//

#include "alloy/Conversion/Passes.h"
#include "alloy/Dialect/Alloy/AlloyOps.h"
#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVM.h"
#include "mlir/Conversion/GPUToNVVM/GPUToNVVMPass.h"
#include "mlir/Conversion/LLVMCommon/ConversionTarget.h"
#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVM.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/Passes.h"
#include <functional>

using namespace mlir;

namespace alloy {
#define GEN_PASS_DEF_CONVERTALLOYTOLLVMPASS
#include "alloy/Conversion/Passes.h.inc"
} // namespace alloy

using namespace alloy;

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
          attrs.push_back(
              rewriter.getNamedAttr(LLVM::LLVMDialect::getNonNullAttrName(),
                                    rewriter.getUnitAttr()));
        else if (name == AlloyDialect::getGridConstantAttrName())
          appendGridConstantAttrs(rewriter,
                                  cast<DenseI64ArrayAttr>(attr.getValue()),
                                  attrs);
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
struct GlobalConstantLowering : ConvertOpToLLVMPattern<GlobalConstantOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(GlobalConstantOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type =
        LLVM::LLVMArrayType::get(rewriter.getI8Type(), op.getValue().size());
    rewriter.replaceOpWithNewOp<LLVM::GlobalOp>(
        op, type, /*isConstant=*/true, LLVM::Linkage::Internal, op.getSymName(),
        op.getValueAttr(), op.getAlignment(), unsigned(MemorySpace::constant));
    return success();
  }
};

/// alloy.device_global -> an external, externally initialized
/// llvm.mlir.global of bytes: the host finds it by name and may write it,
/// so LLVM neither folds its initial value nor internalizes it.
struct DeviceGlobalLowering : ConvertOpToLLVMPattern<DeviceGlobalOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(DeviceGlobalOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = LLVM::LLVMArrayType::get(rewriter.getI8Type(), op.getSize());
    Attribute value = op.getValueAttr();
    if (!value)
      value = rewriter.getStringAttr(std::string(op.getSize(), '\0'));
    auto global = rewriter.replaceOpWithNewOp<LLVM::GlobalOp>(
        op, type, /*isConstant=*/false, LLVM::Linkage::External,
        op.getSymName(), value, op.getAlignment(), unsigned(op.getSpace()));
    global.setExternallyInitializedAttr(rewriter.getUnitAttr());
    return success();
  }
};

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

/// Ops that map one-to-one onto an LLVM/NVVM op via a callback.
template <typename Op> struct SimpleLowering : ConvertOpToLLVMPattern<Op> {
  using Adaptor = typename Op::Adaptor;
  using Fn = std::function<Value(Op, Adaptor, ConversionPatternRewriter &,
                                 const TypeConverter &)>;
  SimpleLowering(const LLVMTypeConverter &tc, Fn fn)
      : ConvertOpToLLVMPattern<Op>(tc), fn(std::move(fn)) {}
  LogicalResult
  matchAndRewrite(Op op, Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value result = fn(op, adaptor, rewriter, *this->getTypeConverter());
    if (op->getNumResults() == 0)
      rewriter.eraseOp(op);
    else if (!result)
      return failure();
    else
      rewriter.replaceOp(op, result);
    return success();
  }
  Fn fn;
};

template <typename Op>
void addSimple(RewritePatternSet &patterns, const LLVMTypeConverter &tc,
               typename SimpleLowering<Op>::Fn fn) {
  patterns.add<SimpleLowering<Op>>(tc, std::move(fn));
}

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

template <typename Op, typename X, typename Y, typename Z>
void addSreg(RewritePatternSet &patterns, const LLVMTypeConverter &tc,
             Sreg reg) {
  addSimple<Op>(patterns, tc,
                [reg](Op op, typename Op::Adaptor, ConversionPatternRewriter &r,
                      const TypeConverter &) -> Value {
                  auto range = sregRange(op, reg, op.getDim());
                  Type i32 = r.getI32Type();
                  Location loc = op.getLoc();
                  // A launch contract can pin the value (ntid, tid of 1).
                  if ((range.getUpper() - range.getLower()).isOne())
                    return LLVM::ConstantOp::create(
                        r, loc, i32,
                        r.getI32IntegerAttr(range.getLower().getSExtValue()));
                  switch (op.getDim()) {
                  case Dim::x:
                    return X::create(r, loc, i32, range);
                  case Dim::y:
                    return Y::create(r, loc, i32, range);
                  case Dim::z:
                    return Z::create(r, loc, i32, range);
                  }
                  return {};
                });
}

} // namespace

namespace alloy {
// AtomicsToLLVM.cpp
void populateAlloyAtomicsToLLVMPatterns(const mlir::LLVMTypeConverter &tc,
                                        mlir::RewritePatternSet &patterns);
// MemoryToLLVM.cpp
void populateAlloyMemoryToLLVMPatterns(const mlir::LLVMTypeConverter &tc,
                                       mlir::RewritePatternSet &patterns);
// TensorToLLVM.cpp: fp8 mma for targets from sm_89 up.
void populateAlloyTensorToLLVMPatterns(const mlir::LLVMTypeConverter &tc,
                                       mlir::RewritePatternSet &patterns,
                                       unsigned sm);
// TmaToLLVM.cpp: TMA bulk tensor copies and tensor map prefetch (sm_90).
void populateAlloyTmaToLLVMPatterns(const mlir::LLVMTypeConverter &tc,
                                    mlir::RewritePatternSet &patterns,
                                    unsigned sm);
// HopperToLLVM.cpp: mbarriers, proxy fences, elect.sync (sm_90 for most).
void populateAlloyHopperToLLVMPatterns(const mlir::LLVMTypeConverter &tc,
                                       mlir::RewritePatternSet &patterns,
                                       unsigned sm);
// WgmmaToLLVM.cpp: warpgroup MMA, for the arch-specific sm_90a only.
void populateAlloyWgmmaToLLVMPatterns(const mlir::LLVMTypeConverter &tc,
                                      mlir::RewritePatternSet &patterns,
                                      const alloy::GpuTarget &target);
// ClusterToLLVM.cpp: cluster registers, barrier.cluster, mapa (sm_90) and
// setmaxnreg (sm_90a).
void populateAlloyClusterToLLVMPatterns(const mlir::LLVMTypeConverter &tc,
                                        mlir::RewritePatternSet &patterns,
                                        const alloy::GpuTarget &target);
// HalfMathToLLVM.cpp: alloy.approx for targets from sm_<sm> up.
void populateAlloyHalfMathToLLVMPatterns(const mlir::LLVMTypeConverter &tc,
                                         mlir::RewritePatternSet &patterns,
                                         unsigned sm);
} // namespace alloy

namespace {

void populateAlloyToLLVMPatterns(const LLVMTypeConverter &tc,
                                 RewritePatternSet &patterns) {
  using R = ConversionPatternRewriter;
  using TC = const TypeConverter;
  patterns.add<KernelLowering, SharedMemoryLowering, GlobalConstantLowering,
               DeviceGlobalLowering, DynamicSharedBaseLowering>(tc);
  addSimple<GlobalAddressOp>(
      patterns, tc, [](GlobalAddressOp op, auto, R &r, TC &tc) {
        return LLVM::AddressOfOp::create(
                   r, op.getLoc(), tc.convertType(op.getType()), op.getName())
            .getResult();
      });
  addSimple<ConstantAddressOp>(
      patterns, tc, [](ConstantAddressOp op, auto, R &r, TC &tc) {
        return LLVM::AddressOfOp::create(
                   r, op.getLoc(), tc.convertType(op.getType()), op.getName())
            .getResult();
      });
  addSimple<SharedAddressOp>(
      patterns, tc, [](SharedAddressOp op, auto, R &r, TC &tc) {
        return LLVM::AddressOfOp::create(
                   r, op.getLoc(), tc.convertType(op.getType()), op.getName())
            .getResult();
      });
  addSimple<DynamicSharedSizeOp>(
      patterns, tc, [](DynamicSharedSizeOp op, auto, R &r, TC &) {
        return LLVM::CallIntrinsicOp::create(
                   r, op.getLoc(), Type(r.getI32Type()),
                   r.getStringAttr("llvm.nvvm.read.ptx.sreg.dynamic_smem_size"),
                   ValueRange{})
            .getResult(0);
      });
  addSimple<ReturnOp>(patterns, tc, [](ReturnOp op, auto, R &r, TC &) {
    LLVM::ReturnOp::create(r, op.getLoc(), ValueRange{});
    return Value();
  });
  addSimple<AllocaOp>(patterns, tc, [](AllocaOp op, auto, R &r, TC &tc) {
    // Count 1; moved to the entry block after the conversion.
    Value one = i64Constant(r, op.getLoc(), 1);
    return LLVM::AllocaOp::create(r, op.getLoc(), tc.convertType(op.getType()),
                                  tc.convertType(op.getElemType()), one,
                                  op.getAlignment())
        .getResult();
  });
  addSimple<LoadOp>(patterns, tc, [](LoadOp op, auto a, R &r, TC &tc) {
    return LLVM::LoadOp::create(r, op.getLoc(), tc.convertType(op.getType()),
                                a.getAddr(), op.getAlignment(),
                                op.getIsVolatile())
        .getResult();
  });
  addSimple<StoreOp>(patterns, tc, [](StoreOp op, auto a, R &r, TC &) {
    LLVM::StoreOp::create(r, op.getLoc(), a.getValue(), a.getAddr(),
                          op.getAlignment(), op.getIsVolatile());
    return Value();
  });
  addSimple<PtrAddOp>(patterns, tc, [](PtrAddOp op, auto a, R &r, TC &tc) {
    return LLVM::GEPOp::create(r, op.getLoc(), tc.convertType(op.getType()),
                               tc.convertType(op.getElemType()), a.getBase(),
                               ArrayRef<LLVM::GEPArg>{a.getIndex()},
                               LLVM::GEPNoWrapFlags::inbounds)
        .getResult();
  });
  addSimple<MemberAddrOp>(
      patterns, tc, [](MemberAddrOp op, auto a, R &r, TC &tc) {
        uint64_t offset = op.getOffset();
        LLVM::GEPArg index = int32_t(offset);
        if (offset > uint64_t(INT32_MAX))
          index = i64Constant(r, op.getLoc(), int64_t(offset));
        return LLVM::GEPOp::create(r, op.getLoc(), tc.convertType(op.getType()),
                                   r.getI8Type(), a.getBase(),
                                   ArrayRef<LLVM::GEPArg>{index},
                                   LLVM::GEPNoWrapFlags::inbounds)
            .getResult();
      });
  addSimple<NullOp>(patterns, tc, [](NullOp op, auto, R &r, TC &tc) {
    return LLVM::ZeroOp::create(r, op.getLoc(), tc.convertType(op.getType()))
        .getResult();
  });
  addSimple<AddrSpaceCastOp>(
      patterns, tc, [](AddrSpaceCastOp op, auto a, R &r, TC &tc) {
        return LLVM::AddrSpaceCastOp::create(
                   r, op.getLoc(), tc.convertType(op.getType()), a.getPtr())
            .getResult();
      });
  addSimple<PtrToIntOp>(patterns, tc, [](PtrToIntOp op, auto a, R &r, TC &) {
    return LLVM::PtrToIntOp::create(r, op.getLoc(), op.getType(), a.getInput())
        .getResult();
  });
  addSimple<IntToPtrOp>(patterns, tc, [](IntToPtrOp op, auto a, R &r, TC &tc) {
    return LLVM::IntToPtrOp::create(r, op.getLoc(),
                                    tc.convertType(op.getType()), a.getInput())
        .getResult();
  });
  addSimple<MemcpyOp>(patterns, tc, [](MemcpyOp op, auto a, R &r, TC &) {
    Value len = i64Constant(r, op.getLoc(), int64_t(op.getSize()));
    auto copy = LLVM::MemcpyOp::create(r, op.getLoc(), a.getDst(), a.getSrc(),
                                       len, /*isVolatile=*/false);
    auto align = r.getDictionaryAttr(
        r.getNamedAttr(LLVM::LLVMDialect::getAlignAttrName(),
                       r.getI64IntegerAttr(int64_t(op.getAlignment()))));
    copy.setArgAttrsAttr(
        r.getArrayAttr({align, align, r.getDictionaryAttr({})}));
    return Value();
  });
  addSimple<UnreachableOp>(patterns, tc,
                           [](UnreachableOp op, auto, R &r, TC &) {
                             LLVM::UnreachableOp::create(r, op.getLoc());
                             return Value();
                           });
  addSimple<TrapOp>(patterns, tc, [](TrapOp op, auto, R &r, TC &) {
    LLVM::Trap::create(r, op.getLoc());
    return Value();
  });
  addSimple<BarrierOp>(patterns, tc, [](BarrierOp op, auto, R &r, TC &) {
    NVVM::Barrier0Op::create(r, op.getLoc());
    return Value();
  });
  addSimple<FenceOp>(patterns, tc, [](FenceOp op, auto, R &r, TC &) {
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
    LLVM::FenceOp::create(r, op.getLoc(), LLVM::AtomicOrdering::seq_cst, scope);
    return Value();
  });
  addSimple<LaneIdOp>(patterns, tc, [](LaneIdOp op, auto, R &r, TC &) {
    return NVVM::LaneIdOp::create(
               r, op.getLoc(), r.getI32Type(),
               LLVM::ConstantRangeAttr::get(r.getContext(), 32, 0, 32))
        .getResult();
  });
  addSreg<ThreadIdOp, NVVM::ThreadIdXOp, NVVM::ThreadIdYOp, NVVM::ThreadIdZOp>(
      patterns, tc, Sreg::ThreadId);
  addSreg<BlockDimOp, NVVM::BlockDimXOp, NVVM::BlockDimYOp, NVVM::BlockDimZOp>(
      patterns, tc, Sreg::BlockDim);
  addSreg<BlockIdOp, NVVM::BlockIdXOp, NVVM::BlockIdYOp, NVVM::BlockIdZOp>(
      patterns, tc, Sreg::BlockId);
  addSreg<GridDimOp, NVVM::GridDimXOp, NVVM::GridDimYOp, NVVM::GridDimZOp>(
      patterns, tc, Sreg::GridDim);
}

/// Defined device functions get internal linkage (LLVM may inline and drop
/// them); alloy argument attributes become llvm ones.
void prepareFuncs(ModuleOp module) {
  MLIRContext *ctx = module.getContext();
  StringRef linkageName = "llvm.linkage";
  module.walk([&](func::FuncOp fn) {
    if (!fn.isExternal() && !fn->hasAttr(linkageName))
      fn->setAttr(linkageName, LLVM::LinkageAttr::get(
                                   ctx, LLVM::linkage::Linkage::Internal));
    for (unsigned i = 0, e = fn.getNumArguments(); i < e; ++i) {
      for (auto [from, to] :
           {std::pair(AlloyDialect::getNoAliasAttrName(),
                      LLVM::LLVMDialect::getNoAliasAttrName()),
            std::pair(AlloyDialect::getReadOnlyAttrName(),
                      LLVM::LLVMDialect::getReadonlyAttrName())}) {
        if (fn.removeArgAttr(i, StringAttr::get(ctx, from)))
          fn.setArgAttr(i, to, UnitAttr::get(ctx));
      }
    }
  });
}

/// Moves every llvm.alloca with a constant count into its function's entry
/// block so that LLVM's SROA sees it and no dynamic stack is needed.
void hoistAllocas(ModuleOp module) {
  module.walk([](LLVM::LLVMFuncOp fn) {
    if (fn.isExternal())
      return;
    Block *entry = &fn.getBody().front();
    Operation *insertAfter = nullptr;
    SmallVector<LLVM::AllocaOp> allocas;
    fn.walk([&](LLVM::AllocaOp alloca) {
      if (alloca->getBlock() != entry)
        allocas.push_back(alloca);
    });
    for (LLVM::AllocaOp alloca : allocas) {
      auto count = alloca.getArraySize().getDefiningOp<LLVM::ConstantOp>();
      if (!count)
        continue;
      OpBuilder b(entry, entry->begin());
      if (insertAfter)
        b.setInsertionPointAfter(insertAfter);
      Operation *newCount = b.clone(*count);
      alloca->moveAfter(newCount);
      alloca.getArraySizeMutable().assign(newCount->getResult(0));
      if (count->use_empty())
        count->erase();
      insertAfter = alloca;
    }
  });
}

/// Fast-math single-precision square root and tanh (alloy-fast-math marked
/// them afn): LLVM's intrinsics with afn, which NVPTX emits as
/// sqrt.approx.f32 (fused with a reciprocal into rsqrt.approx.f32) and
/// tanh.approx.f32, as nvcc's --use_fast_math; libdevice's __nv_sqrtf and
/// __nv_tanhf would hide them.
template <class MathOp, class IntrOp>
struct ApproxF32Lowering : ConvertOpToLLVMPattern<MathOp> {
  using ConvertOpToLLVMPattern<MathOp>::ConvertOpToLLVMPattern;
  using OpAdaptor = typename MathOp::Adaptor;
  LogicalResult
  matchAndRewrite(MathOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!op.getType().isF32() ||
        !bitEnumContainsAll(op.getFastmath(), mlir::arith::FastMathFlags::afn))
      return failure();
    auto approx = rewriter.replaceOpWithNewOp<IntrOp>(op, adaptor.getOperand());
    approx.setFastmathFlags(LLVM::FastmathFlags::afn);
    return success();
  }
};

struct ConvertAlloyToLLVMPass
    : alloy::impl::ConvertAlloyToLLVMPassBase<ConvertAlloyToLLVMPass> {
  using Base::Base;
  // For the patterns of arch-specific instructions (sm_90a).
  alloy::GpuTarget target() const { return {sm, archSpecific, targets}; }
  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();
    if (archSpecific && sm < 90) {
      module.emitError() << "arch-specific targets begin with sm_90a; sm_"
                         << unsigned(sm) << "a is none";
      return signalPassFailure();
    }
    // Clusters (.reqnctapercluster) exist from sm_90; NVPTX would drop the
    // directive for older targets.
    bool clusterError = false;
    if (sm < 90)
      module.walk([&](KernelOp k) {
        if (k.getClusterDimsAttr()) {
          k.emitOpError() << "(cluster_dims) needs sm_90 or newer "
                             "(--gpu-arch=sm_90); the build targets "
                          << target().targetList();
          clusterError = true;
        }
      });
    prepareFuncs(module);

    LLVMTypeConverter tc(ctx);
    tc.addConversion([ctx](PtrType type) -> Type {
      return LLVM::LLVMPointerType::get(ctx, unsigned(type.getSpace()));
    });
    tc.addConversion([ctx](RecordType type) -> Type {
      return LLVM::LLVMArrayType::get(IntegerType::get(ctx, 8), type.getSize());
    });

    RewritePatternSet patterns(ctx);
    populateAlloyToLLVMPatterns(tc, patterns);
    populateAlloyAtomicsToLLVMPatterns(tc, patterns);
    populateAlloyMemoryToLLVMPatterns(tc, patterns);
    populateAlloyTensorToLLVMPatterns(tc, patterns, sm);
    populateAlloyHalfMathToLLVMPatterns(tc, patterns, sm);
    populateAlloyTmaToLLVMPatterns(tc, patterns, sm);
    populateAlloyHopperToLLVMPatterns(tc, patterns, sm);
    populateAlloyWgmmaToLLVMPatterns(tc, patterns, target());
    populateAlloyClusterToLLVMPatterns(tc, patterns, target());
    populateVectorToLLVMConversionPatterns(tc, patterns);
    populateFuncToLLVMConversionPatterns(tc, patterns);
    arith::populateArithToLLVMConversionPatterns(tc, patterns);
    cf::populateControlFlowToLLVMConversionPatterns(tc, patterns);
    ub::populateUBToLLVMConversionPatterns(tc, patterns);
    // libdevice calls (__nv_expf, ...) win over the LLVM intrinsics.
    populateLibDeviceConversionPatterns(tc, patterns, /*benefit=*/10);
    patterns.add<ApproxF32Lowering<mlir::math::SqrtOp, LLVM::SqrtOp>,
                 ApproxF32Lowering<mlir::math::TanhOp, LLVM::TanhOp>>(
        tc, /*benefit=*/20);
    populateMathToLLVMConversionPatterns(tc, patterns);

    LLVMConversionTarget target(*ctx);
    target.addLegalDialect<NVVM::NVVMDialect>();
    target.addLegalOp<ModuleOp, UnrealizedConversionCastOp>();
    if (failed(applyFullConversion(module, target, std::move(patterns))) ||
        clusterError)
      return signalPassFailure();
    hoistAllocas(module);
  }
};

} // namespace

void alloy::buildAlloyToLLVMPipeline(OpPassManager &pm, unsigned sm,
                                     bool archSpecific,
                                     llvm::StringRef targets) {
  pm.addPass(createConvertAlloyToLLVMPass(
      ConvertAlloyToLLVMPassOptions{sm, archSpecific, targets.str()}));
  pm.addPass(createReconcileUnrealizedCastsPass());
  // No MLIR SROA/mem2reg: when they promote a memcpy to or from a stack slot
  // they drop its alignment (the new load or store claims the type's ABI
  // alignment), which turned a copy into an unaligned byte buffer into a
  // misaligned st.shared.b32. LLVM's SROA, in the O1+ pipeline, does it right.
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
}
