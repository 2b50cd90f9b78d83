//===- UpstreamOps.cpp - llvm-dialect ops CodeGen emits directly ----------===//

#include "UpstreamOps.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

namespace alloy {

void createTrap(mlir::OpBuilder &b, mlir::Location l) {
  mlir::LLVM::Trap::create(b, l);
}

void createUnreachable(mlir::OpBuilder &b, mlir::Location l) {
  mlir::LLVM::UnreachableOp::create(b, l);
}

void createAssume(mlir::OpBuilder &b, mlir::Location l, mlir::Value cond) {
  mlir::LLVM::AssumeOp::create(b, l, cond);
}

mlir::Value createBitcast(mlir::OpBuilder &b, mlir::Location l, mlir::Type to,
                          mlir::Value v) {
  return mlir::LLVM::BitcastOp::create(b, l, to, v);
}

mlir::Value createByteSwap(mlir::OpBuilder &b, mlir::Location l,
                           mlir::Value v) {
  return mlir::LLVM::ByteSwapOp::create(b, l, v);
}

mlir::Value createBitReverse(mlir::OpBuilder &b, mlir::Location l,
                             mlir::Value v) {
  return mlir::LLVM::BitReverseOp::create(b, l, v);
}

} // namespace alloy
