#include "PtxAsm.h"

#include "clang/AST/DeclTemplate.h"
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

std::optional<std::string>
translatePtxAsm(llvm::StringRef text, unsigned operands,
                llvm::function_ref<int(llvm::StringRef)> named,
                llvm::function_ref<unsigned(unsigned)> llvmIndex,
                std::string &error, unsigned &offset) {
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
      out += "$" + std::to_string(llvmIndex(n));
    } else if (next == '[') {
      size_t close = text.find(']', i);
      if (close == llvm::StringRef::npos) {
        error = "'%[' without ']'";
        return std::nullopt;
      }
      llvm::StringRef name = text.slice(i + 1, close);
      int n = named(name);
      if (n < 0) {
        error = "no operand is named '" + name.str() + "'";
        return std::nullopt;
      }
      out += "$" + std::to_string(llvmIndex(unsigned(n)));
      i = close;
    } else {
      error = std::string("operand modifier '%") + next +
              "' is not supported in PTX asm";
      return std::nullopt;
    }
  }
  return out;
}

std::optional<std::string> ptxAsmTemplate(const GCCAsmStmt *s,
                                          std::string &error,
                                          unsigned &offset) {
  unsigned readWrite = 0;
  for (unsigned i = 0; i < s->getNumOutputs(); ++i)
    readWrite += llvm::StringRef(s->getOutputConstraint(i)).starts_with("+");
  return translatePtxAsm(
      s->getAsmString(), s->getNumOutputs() + s->getNumInputs() + readWrite,
      [&](llvm::StringRef name) { return s->getNamedOperand(name); },
      [](unsigned n) { return n; }, error, offset);
}

PtxOperand classifyPtxOperand(const Expr *arg, ASTContext &ast) {
  PtxOperand op;
  op.type = arg->getType().getNonReferenceType().getCanonicalType();
  if (const auto *spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
          op.type->getAsCXXRecordDecl())) {
    const auto *ns = dyn_cast<NamespaceDecl>(spec->getDeclContext());
    const auto *top = ns ? dyn_cast<NamespaceDecl>(ns->getDeclContext()) : nullptr;
    if (ns && top && ns->getName() == "ptx" && top->getName() == "gpu" &&
        (spec->getName() == "out" || spec->getName() == "inout")) {
      op.kind = spec->getName() == "out" ? PtxOperand::Out : PtxOperand::InOut;
      op.type = spec->getTemplateArgs()[0].getAsType().getCanonicalType();
    }
  }
  QualType t = op.type;
  if (t->isDependentType() || t->isIncompleteType())
    return op;
  uint64_t bytes = ast.getTypeSizeInChars(t).getQuantity();
  bool bits = (t->isIntegerType() && !t->isBooleanType()) ||
              t->isPointerType() || t->isFloat16Type() ||
              t->isBFloat16Type() ||
              (t->isRecordType() && t.isTriviallyCopyableType(ast));
  if (t->isSpecificBuiltinType(BuiltinType::Float))
    op.reg = 'f';
  else if (t->isSpecificBuiltinType(BuiltinType::Double))
    op.reg = 'd';
  else if (bits)
    op.reg = bytes == 2 ? 'h' : bytes == 4 ? 'r' : bytes == 8 ? 'l' : 0;
  return op;
}

} // namespace alloy
