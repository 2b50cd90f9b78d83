//===- Registration.cpp - Register Alloy dialects and passes --------------===//

#include "alloy/Conversion/Passes.h"
#include "alloy/Transforms/Passes.h"
#include "alloy/Dialect/Alloy/AlloyDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/Extensions/InlinerExtension.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/LLVMIR/Transforms/InlinerInterfaceImpl.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"

namespace alloy {
#define GEN_PASS_REGISTRATION
#include "alloy/Conversion/Passes.h.inc"
} // namespace alloy

void alloy::registerAlloyPasses() {
  static bool done = false;
  if (done)
    return;
  done = true;
  registerAlloyConversionPasses();
  registerAlloyTransformsPasses();
  mlir::PassPipelineRegistration<>(
      "alloy-to-llvm",
      "Lower Alloy (+ func/arith/cf/math) to the llvm and nvvm dialects",
      [](mlir::OpPassManager &pm) { buildAlloyToLLVMPipeline(pm); });
}

void alloy::registerAlloyDialects(mlir::DialectRegistry &registry) {
  registry.insert<AlloyDialect, mlir::func::FuncDialect,
                  mlir::arith::ArithDialect, mlir::cf::ControlFlowDialect,
                  mlir::math::MathDialect, mlir::ub::UBDialect,
                  mlir::vector::VectorDialect,
                  mlir::LLVM::LLVMDialect, mlir::NVVM::NVVMDialect>();
  mlir::func::registerInlinerExtension(registry);
  mlir::LLVM::registerInlinerInterface(registry);
  mlir::NVVM::registerInlinerInterface(registry);
  mlir::registerBuiltinDialectTranslation(registry);
  mlir::registerLLVMDialectTranslation(registry);
  mlir::registerNVVMDialectTranslation(registry);
}

void alloy::registerAlloyDialectsAndPasses(mlir::DialectRegistry &registry) {
  registerAlloyDialects(registry);
  registerAlloyPasses();
}
