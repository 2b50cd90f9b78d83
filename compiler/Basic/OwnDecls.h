// Walking the declarations a translation unit parsed itself.
#ifndef ALLOY_COMPILER_BASIC_OWNDECLS_H
#define ALLOY_COMPILER_BASIC_OWNDECLS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"

namespace alloy {

// Traverses the translation unit's top-level declarations, leaving out
// those loaded from a precompiled header: visiting them would deserialize
// the whole header. alloy++ precompiles <gpu/gpu.hpp>, which declares no
// kernels and makes no launches; the device code checks and the lowering
// still reach its functions through the calls they follow.
template <typename Visitor>
void traverseOwnDecls(Visitor &visitor, clang::ASTContext &ctx) {
  for (clang::Decl *decl : ctx.getTranslationUnitDecl()->noload_decls())
    if (!decl->isFromASTFile())
      visitor.TraverseDecl(decl);
}

} // namespace alloy

#endif
