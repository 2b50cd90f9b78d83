// The byte image of a constant (a constexpr table, a consteval result), laid
// out as in memory on the GPU, for alloy.global_constant.
#ifndef ALLOY_COMPILER_BASIC_CONSTANTBYTES_H
#define ALLOY_COMPILER_BASIC_CONSTANTBYTES_H

#include "clang/AST/APValue.h"
#include "clang/AST/Type.h"

#include <optional>
#include <string>

namespace clang {
class ASTContext;
class VarDecl;
} // namespace clang

namespace alloy {

// The most constant data one object may put in the GPU code (a table
// bigger than this belongs in a device_buffer).
inline constexpr uint64_t kMaxConstantBytes = uint64_t(16) << 20;

// The size of a constant of type `t` when it is over kMaxConstantBytes.
std::optional<uint64_t> oversizedConstant(const clang::ASTContext &ast,
                                          clang::QualType t);

// The bytes of `value` of type `t`; nothing for what has no byte image
// (pointers other than null, bit-fields, unions with a non-first member)
// or is oversized.
std::optional<std::string> constantBytes(clang::ASTContext &ast,
                                         const clang::APValue &value,
                                         clang::QualType t);

// The bytes of the constant variable `vd` (const or constexpr with a
// constant initializer).
std::optional<std::string> constantVariableBytes(clang::ASTContext &ast,
                                                 const clang::VarDecl *vd);

// The initial bytes of the device global `vd` ([[gpu::device]] or
// [[gpu::constant]]): its constant initializer's, or zeros without an
// initializer; nothing when the initializer is not a constant.
std::optional<std::string> deviceGlobalBytes(clang::ASTContext &ast,
                                             const clang::VarDecl *vd);

} // namespace alloy

#endif
