//===- PtxIsa.h - the PTX ISA version a lowered function needs --*- C++ -*-===//
//
// A lowering whose instruction needs a newer PTX ISA than the target's
// default marks its function (the LLVM attribute alloy-ptx-isa, through
// passthrough); NVPTXBackend raises the module's .version to the highest.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOY_CONVERSION_ALLOYTOLLVM_PTXISA_H
#define ALLOY_CONVERSION_ALLOYTOLLVM_PTXISA_H

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/PatternMatch.h"

#include <string>

namespace alloy {

// The function holding `op` needs PTX ISA `isa` (80 for 8.0) or newer.
inline void requirePtxIsaAtLeast(mlir::Operation *op, unsigned isa,
                                 mlir::RewriterBase &r) {
  mlir::Operation *fn = op->getParentOfType<mlir::LLVM::LLVMFuncOp>();
  if (!fn)
    fn = op->getParentWithTrait<mlir::OpTrait::IsIsolatedFromAbove>();
  if (!fn)
    return;
  llvm::SmallVector<mlir::Attribute> entries;
  if (auto old = fn->getAttrOfType<mlir::ArrayAttr>("passthrough")) {
    for (mlir::Attribute e : old) {
      auto pair = mlir::dyn_cast<mlir::ArrayAttr>(e);
      if (pair && pair.size() == 2)
        if (auto key = mlir::dyn_cast<mlir::StringAttr>(pair[0]);
            key && key.getValue() == "alloy-ptx-isa") {
          unsigned have = 0;
          if (auto v = mlir::dyn_cast<mlir::StringAttr>(pair[1]);
              v && !v.getValue().getAsInteger(10, have) && have >= isa)
            return;
          continue;
        }
      entries.push_back(e);
    }
  }
  entries.push_back(r.getStrArrayAttr({"alloy-ptx-isa", std::to_string(isa)}));
  r.modifyOpInPlace(fn,
                    [&] { fn->setAttr("passthrough", r.getArrayAttr(entries)); });
}

} // namespace alloy

#endif
