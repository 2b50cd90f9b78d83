#include "PtxAsm.h"

#include "clang/AST/Expr.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;

namespace alloy {

std::optional<PtxConstraint> parsePtxConstraint(llvm::StringRef text,
                                                bool output) {
  PtxConstraint c;
  if (output) {
    if (text.consume_front("+"))
      c.readWrite = true;
    else if (!text.consume_front("="))
      return std::nullopt;
    text.consume_front("&"); // early clobber: PTX registers are virtual
  } else if (!text.empty() && llvm::all_of(text, llvm::isDigit)) {
    unsigned n;
    if (text.getAsInteger(10, n))
      return std::nullopt;
    c.tied = int(n);
    return c;
  }
  llvm::StringRef letters = output ? "hrlfd" : "hrlfdn";
  if (text.size() != 1 || !letters.contains(text[0]))
    return std::nullopt;
  c.letter = text[0];
  return c;
}

std::optional<std::string> ptxAsmTemplate(const GCCAsmStmt *s,
                                          std::string &error,
                                          unsigned &offset) {
  std::string asmString = s->getAsmString();
  llvm::StringRef text = asmString;
  unsigned readWrite = 0;
  for (unsigned i = 0; i < s->getNumOutputs(); ++i)
    readWrite += llvm::StringRef(s->getOutputConstraint(i)).starts_with("+");
  unsigned operands = s->getNumOutputs() + s->getNumInputs() + readWrite;
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    char ch = text[i];
    if (ch == '$') {
      out += "$$";
      continue;
    }
    if (ch != '%') {
      out += ch;
      continue;
    }
    offset = unsigned(i);
    if (i + 1 == text.size()) {
      error = "the text ends with a lone '%'";
      return std::nullopt;
    }
    char next = text[++i];
    if (next == '%' || next == '{' || next == '|' || next == '}') {
      out += next;
    } else if (next == '=') {
      out += "${:uid}";
    } else if (llvm::isDigit(next)) {
      unsigned n = 0;
      while (i < text.size() && llvm::isDigit(text[i]))
        n = n * 10 + unsigned(text[i++] - '0');
      --i;
      if (n >= operands) {
        error = "operand %" + std::to_string(n) + " does not exist (the "
                "statement has " + std::to_string(operands) + ")";
        return std::nullopt;
      }
      out += "$" + std::to_string(n);
    } else if (next == '[') {
      size_t close = text.find(']', i);
      if (close == llvm::StringRef::npos) {
        error = "'%[' without ']'";
        return std::nullopt;
      }
      llvm::StringRef name = text.slice(i + 1, close);
      int n = s->getNamedOperand(name);
      if (n < 0) {
        error = "no operand is named '" + name.str() + "'";
        return std::nullopt;
      }
      out += "$" + std::to_string(n);
      i = close;
    } else {
      error = std::string("operand modifier '%") + next +
              "' is not supported in PTX asm";
      return std::nullopt;
    }
  }
  return out;
}

} // namespace alloy
