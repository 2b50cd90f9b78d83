// Clang types to MLIR types, for values (SSA) and for memory.
#ifndef ALLOY_COMPILER_CODEGEN_TYPELOWERING_H
#define ALLOY_COMPILER_CODEGEN_TYPELOWERING_H

#include "mlir/IR/Types.h"
#include "clang/AST/Type.h"

namespace clang {
class ASTContext;
}
namespace mlir {
class MLIRContext;
}

namespace alloy {

class TypeLowering {
public:
  TypeLowering(clang::ASTContext &ast, mlir::MLIRContext &ctx)
      : ast(ast), ctx(ctx) {}

  // A scalar: bool, integer, enum, float, pointer, reference or nullptr_t.
  bool isScalar(clang::QualType t) const;
  // A class or an array: lives in memory, never an SSA value.
  bool isAggregate(clang::QualType t) const;

  // The SSA type of a scalar (bool is i1); null if `t` is not a scalar the
  // lowering supports.
  mlir::Type valueType(clang::QualType t) const;
  // The type of `t` in memory (bool is i8; aggregates are !alloy.record).
  mlir::Type memoryType(clang::QualType t) const;

  uint64_t sizeOf(clang::QualType t) const;
  // The bytes a class object's own members use (no tail padding; 0 for an
  // empty class); sizeOf for other types.
  uint64_t dataSizeOf(clang::QualType t) const;
  uint64_t alignOf(clang::QualType t) const;

  // !alloy.ptr (generic) and !alloy.ptr<global>.
  mlir::Type pointerType() const;
  mlir::Type globalPointerType() const;

private:
  clang::ASTContext &ast;
  mlir::MLIRContext &ctx;
};

} // namespace alloy

#endif
