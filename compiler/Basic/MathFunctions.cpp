#include "MathFunctions.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/Builtins.h"

using namespace clang;

namespace alloy {
namespace {

struct Row {
  const char *name;
  MathEmit emit;
  const char *libdevice;
};

constexpr Row kRows[] = {
#define ALLOY_MATH(NAME, EMIT, LIBDEVICE)                                      \
  {#NAME, MathEmit::EMIT, #LIBDEVICE},
#include "MathFunctions.def"
};

const Row *find(StringRef name) {
  for (const Row &row : kRows)
    if (name == row.name)
      return &row;
  return nullptr;
}

} // namespace

std::string MathFunction::libdeviceName() const {
  return ("__nv_" + libdevice + (isFloat ? "f" : "")).str();
}

std::optional<MathFunction> lookupMathFunction(const FunctionDecl *fn,
                                               ASTContext &ast) {
  std::string name;
  if (unsigned id = fn->getBuiltinID())
    name = ast.BuiltinInfo.getName(id);
  else if (fn->isExternC() && !fn->hasBody() && fn->getIdentifier() &&
           fn->getDeclContext()->getRedeclContext()->isTranslationUnit())
    name = fn->getName().str();
  else
    return std::nullopt;
  StringRef plain = name;
  plain.consume_front("__builtin_");
  if (const Row *row = find(plain))
    return MathFunction{row->name, row->emit, row->libdevice, false};
  if (plain.consume_back("f"))
    if (const Row *row = find(plain))
      return MathFunction{row->name, row->emit, row->libdevice, true};
  return std::nullopt;
}

} // namespace alloy
