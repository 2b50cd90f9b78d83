// PTX inline assembly in device code (CUDA's asm statements): the operand
// constraints Alloy accepts, and the asm text in LLVM's template form.
#ifndef ALLOY_COMPILER_BASIC_PTXASM_H
#define ALLOY_COMPILER_BASIC_PTXASM_H

#include "clang/AST/Stmt.h"

#include <optional>
#include <string>

namespace alloy {

// One operand's constraint: a register class (h r l f d), an immediate
// (n), or an input tied to output `tied`.
struct PtxConstraint {
  char letter = 0;       // 'h' 'r' 'l' 'f' 'd' 'n', or 0 when tied
  bool readWrite = false; // "+r": an output that is also read
  int tied = -1;          // "0": the input of output 0
  unsigned bytes() const {
    return letter == 'h' ? 2 : letter == 'r' || letter == 'f' ? 4 : 8;
  }
};

// `text` of output or input operand; nullopt for anything PTX asm in
// Alloy does not take.
std::optional<PtxConstraint> parsePtxConstraint(llvm::StringRef text,
                                                bool output);

// The asm text with GCC's operand references (%0, %[name], %%, %=) made
// LLVM's ($0, $$, ${:uid}); braces stay literal (PTX scopes). On error,
// `error` says why and `offset` is the byte of the text where.
std::optional<std::string> ptxAsmTemplate(const clang::GCCAsmStmt *s,
                                          std::string &error,
                                          unsigned &offset);

} // namespace alloy

#endif
