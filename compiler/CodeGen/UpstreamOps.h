//===- UpstreamOps.h - llvm-dialect ops CodeGen emits directly -*- C++ -*-===//
//
// Operations no Alloy pass reads are emitted as MLIR's own `llvm` ops
// (docs/design.md, "Why Alloy's own ops"). These builders keep the heavy
// LLVM-dialect header in one file.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOY_CODEGEN_UPSTREAMOPS_H
#define ALLOY_CODEGEN_UPSTREAMOPS_H

#include "mlir/IR/Builders.h"

namespace alloy {

// llvm.intr.trap: aborts the launch; not a terminator.
void createTrap(mlir::OpBuilder &b, mlir::Location l);
// llvm.unreachable: ends the block.
void createUnreachable(mlir::OpBuilder &b, mlir::Location l);
// llvm.intr.assume.
void createAssume(mlir::OpBuilder &b, mlir::Location l, mlir::Value cond);
// llvm.bitcast between integer, float and vector types of one width.
mlir::Value createBitcast(mlir::OpBuilder &b, mlir::Location l, mlir::Type to,
                          mlir::Value v);
// llvm.intr.bswap and llvm.intr.bitreverse.
mlir::Value createByteSwap(mlir::OpBuilder &b, mlir::Location l, mlir::Value v);
mlir::Value createBitReverse(mlir::OpBuilder &b, mlir::Location l,
                             mlir::Value v);

} // namespace alloy

#endif
