// Loop pragmas (#pragma unroll, #pragma nounroll, #pragma clang loop ...)
// as LLVM loop metadata: an llvm.loop_annotation attribute on the loop's
// back edges, which the cf-to-llvm conversion keeps.
#ifndef ALLOY_COMPILER_CODEGEN_LOOPHINTS_H
#define ALLOY_COMPILER_CODEGEN_LOOPHINTS_H

#include "mlir/IR/Attributes.h"
#include "llvm/ADT/ArrayRef.h"

namespace clang {
class Attr;
class Stmt;
} // namespace clang

namespace alloy {

class FunctionEmitter;

inline constexpr const char *kLoopAnnotationAttr = "loop_annotation";

// The annotation for `loop` with the LoopHintAttrs `hints`; null for none.
mlir::Attribute buildLoopAnnotation(FunctionEmitter &fe,
                                    const clang::Stmt *loop,
                                    llvm::ArrayRef<const clang::Attr *> hints);

} // namespace alloy

#endif
