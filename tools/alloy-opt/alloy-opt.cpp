//===- alloy-opt.cpp - mlir-opt with the Alloy dialect and passes ---------===//

#include "alloy/Conversion/Passes.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::registerAllPasses();
  mlir::DialectRegistry registry;
  alloy::registerAlloyDialectsAndPasses(registry);
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "Alloy optimizer driver\n", registry));
}
