#include "Builtins.h"

#include "clang/AST/ASTContext.h"
#include "clang/Basic/Builtins.h"
#include "llvm/ADT/StringSwitch.h"

#include <utility>

using namespace clang;

namespace alloy {

BuiltinKind classifyBuiltin(unsigned id, ASTContext &ast,
                            std::string *plainName) {
  std::string full = ast.BuiltinInfo.getName(id);
  StringRef name = full;
  bool prefixed = name.consume_front("__builtin_");
  if (plainName)
    *plainName = name.str();
  // Overflow builtins: add/sub/mul and their typed forms (sadd, uaddll...).
  if (name.ends_with("_overflow")) {
    StringRef op = name.drop_back(strlen("_overflow"));
    // The typed forms: sadd, uaddl, ssubll, smulll ...
    if (op != "add" && op != "sub" && op != "mul" &&
        (op.consume_front("s") || op.consume_front("u")))
      op.consume_back("ll") || op.consume_back("l");
    if (op == "add")
      return BuiltinKind::AddOverflow;
    if (op == "sub")
      return BuiltinKind::SubOverflow;
    if (op == "mul")
      return BuiltinKind::MulOverflow;
    return BuiltinKind::Unsupported;
  }
  auto family = [&](StringRef base) {
    if (!name.starts_with(base))
      return false;
    StringRef rest = name.drop_front(base.size());
    return rest.empty() || rest == "l" || rest == "ll" || rest == "s" ||
           rest == "g" || rest == "8" || rest == "16" || rest == "32" ||
           rest == "64";
  };
  static constexpr std::pair<StringRef, BuiltinKind> families[] = {
      {"clz", BuiltinKind::CountLeadingZeros},
      {"ctz", BuiltinKind::CountTrailingZeros},
      {"popcount", BuiltinKind::Popcount},
      {"parity", BuiltinKind::Parity},
      {"ffs", BuiltinKind::FindFirstSet},
      {"bswap", BuiltinKind::ByteSwap},
      {"bitreverse", BuiltinKind::BitReverse},
      {"rotateleft", BuiltinKind::RotateLeft},
      {"rotateright", BuiltinKind::RotateRight}};
  for (auto [base, kind] : families)
    if (family(base))
      return kind;
  BuiltinKind kind =
      llvm::StringSwitch<BuiltinKind>(name)
          .Cases("move", "forward", "move_if_noexcept", "as_const",
                 "forward_like", "launder", BuiltinKind::Identity)
          .Cases("addressof", "__addressof", BuiltinKind::AddressOf)
          .Cases("is_constant_evaluated", "constant_p",
                 BuiltinKind::ConstantFalse)
          .Cases("expect", "expect_with_probability", "unpredictable",
                 BuiltinKind::Expect)
          .Case("assume", BuiltinKind::Assume)
          .Case("assume_aligned", BuiltinKind::AssumeAligned)
          .Case("prefetch", BuiltinKind::Prefetch)
          .Case("unreachable", BuiltinKind::Unreachable)
          .Cases("trap", "debugtrap", "verbose_trap", "abort",
                 BuiltinKind::Trap)
          .Cases("abs", "labs", "llabs", BuiltinKind::Abs)
          .Cases("memcpy", "memcpy_inline", BuiltinKind::Memcpy)
          .Case("memmove", BuiltinKind::Memmove)
          .Cases("memset", "memset_inline", BuiltinKind::Memset)
          .Cases("memcmp", "bcmp", BuiltinKind::Memcmp)
          .Case("isnan", BuiltinKind::IsNan)
          .Case("isinf", BuiltinKind::IsInf)
          .Case("isfinite", BuiltinKind::IsFinite)
          .Case("isnormal", BuiltinKind::IsNormal)
          .Case("issubnormal", BuiltinKind::IsSubnormal)
          .Case("iszero", BuiltinKind::IsZero)
          .Case("isinf_sign", BuiltinKind::IsInfSign)
          .Cases("signbit", "signbitf", BuiltinKind::SignBit)
          .Case("fpclassify", BuiltinKind::FpClassify)
          .Case("isgreater", BuiltinKind::IsGreater)
          .Case("isgreaterequal", BuiltinKind::IsGreaterEqual)
          .Case("isless", BuiltinKind::IsLess)
          .Case("islessequal", BuiltinKind::IsLessEqual)
          .Case("islessgreater", BuiltinKind::IsLessGreater)
          .Case("isunordered", BuiltinKind::IsUnordered)
          .Default(BuiltinKind::Unsupported);
  if (kind != BuiltinKind::Unsupported)
    return kind;
  if (!prefixed && (ast.BuiltinInfo.isPredefinedLibFunction(id) ||
                    ast.BuiltinInfo.isHeaderDependentFunction(id)))
    return BuiltinKind::HostLibrary;
  return BuiltinKind::Unsupported;
}

} // namespace alloy
