// PTX inline assembly in device code (CUDA's asm statements): the operand
// constraints Alloy accepts, and the asm text in LLVM's template form.
#ifndef ALLOY_COMPILER_BASIC_PTXASM_H
#define ALLOY_COMPILER_BASIC_PTXASM_H

#include "clang/AST/ASTContext.h"
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
// LLVM's ($0, $$, ${:uid}); braces stay literal (PTX scopes). Operand N
// becomes `llvmIndex(N)`; `named` gives a named operand's number (-1 for
// none). On error, `error` says why and `offset` is the byte where.
std::optional<std::string>
translatePtxAsm(llvm::StringRef text, unsigned operands,
                llvm::function_ref<int(llvm::StringRef)> named,
                llvm::function_ref<unsigned(unsigned)> llvmIndex,
                std::string &error, unsigned &offset);

// The same for an asm statement, whose operands keep their numbers.
std::optional<std::string> ptxAsmTemplate(const clang::GCCAsmStmt *s,
                                          std::string &error,
                                          unsigned &offset);

// An operand of gpu::ptx::asm_volatile: read, written (gpu::ptx::out) or
// both (gpu::ptx::inout); the type in the register, and its constraint
// letter ('f', 'd', else h, r or l by size; 0 when no register holds it).
struct PtxOperand {
  enum Kind { In, Out, InOut } kind = In;
  clang::QualType type;
  char reg = 0;
};
PtxOperand classifyPtxOperand(const clang::Expr *arg, clang::ASTContext &ast);

} // namespace alloy

#endif
