//===- AlloyToLLVM.cpp - Alloy (+ func/arith/cf/math) to LLVM/NVVM --------===//

#include "alloy/Conversion/AlloyToLLVM.h"
#include "Lowering.h"
#include "TargetChecks.h"
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

using namespace mlir;

namespace alloy {
#define GEN_PASS_DEF_CONVERTALLOYTOLLVMPASS
#include "alloy/Conversion/Passes.h.inc"
} // namespace alloy

using namespace alloy;

namespace {

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
          (void)requireSm90(k, "cluster_dims", target(), TargetNaming::All);
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
    populateAlloyToLLVMConversionPatterns(tc, patterns, target());
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

void alloy::populateAlloyToLLVMConversionPatterns(const LLVMTypeConverter &tc,
                                                  RewritePatternSet &patterns,
                                                  const GpuTarget &target) {
  LoweringTable table(tc, patterns, target);
  for (auto addGroup :
       {addCoreLowerings, addAtomicsLowerings, addMemoryLowerings,
        addTensorLowerings, addHalfMathLowerings, addTmaLowerings,
        addHopperLowerings, addWgmmaLowerings, addClusterLowerings})
    addGroup(table);
}

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
