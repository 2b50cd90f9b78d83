// Small questions about the Clang AST that checking (Sema/) and lowering
// (CodeGen/) must answer the same way.
#ifndef ALLOY_COMPILER_BASIC_ASTUTILS_H
#define ALLOY_COMPILER_BASIC_ASTUTILS_H

#include "clang/AST/APValue.h"
#include "clang/AST/Type.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace clang {
class ASTContext;
class ClassTemplateSpecializationDecl;
class Decl;
class Expr;
class FunctionDecl;
class Stmt;
class VarDecl;
} // namespace clang

namespace alloy {

inline constexpr const char *kKernelAnnotation = "alloy.kernel";
inline constexpr const char *kContractAnnotation = "alloy.launch_contract";
inline constexpr const char *kBoundsAnnotation = "alloy.launch_bounds";
inline constexpr const char *kClusterAnnotation = "alloy.cluster_dims";
inline constexpr const char *kIntrinsicPrefix = "alloy.intrinsic:";
inline constexpr const char *kSharedArrayAnnotation = "alloy.shared_array";
inline constexpr const char *kSharedVariableAnnotation = "alloy.shared";
inline constexpr const char *kDynamicSharedAnnotation = "alloy.dynamic_shared";
inline constexpr const char *kMayAliasAnnotation = "alloy.may_alias";
inline constexpr const char *kDeviceGlobalAnnotation = "alloy.device_global";
inline constexpr const char *kConstantGlobalAnnotation =
    "alloy.constant_global";
// The symbol prefix of an extern shared array in the host object, which
// HostSharedMemoryPass replaces by the CPU device's dynamic shared memory.
inline constexpr const char *kDynamicSharedSymbolPrefix =
    "__alloy_dynamic_shared.";

// Looks through wrappers that do not change what an expression computes:
// parentheses, default arguments and initializers, substituted template
// parameters, C++26 pack indexing, __extension__-free generic selections.
const clang::Expr *skipTransparent(const clang::Expr *e);

// True when `t` is the class template specialization ns::name<...> (inline
// namespaces such as std::__1 are looked through).
bool isClassNamed(
    clang::QualType t, llvm::StringRef ns, llvm::StringRef name,
    const clang::ClassTemplateSpecializationDecl **spec = nullptr);

// True when an object of type `t` is or holds (as a member, base or array
// element) a gpu::thread_index or gpu::thread_index_2d, which only
// gpu::thread::index_1d()/index_2d() may make.
bool holdsThreadIndex(clang::QualType t);

// The NAME of [[clang::annotate("alloy.intrinsic:NAME")]], if any.
std::optional<llvm::StringRef> intrinsicName(const clang::FunctionDecl *fn);

// `fn`'s qualified name with template arguments: kernels::axpy<float>.
std::string qualifiedName(const clang::FunctionDecl *fn);

// True when `d` carries [[clang::annotate(annotation)]] (how the gpu::
// attributes and the marked classes of the headers are kept).
bool hasAnnotation(const clang::Decl *d, llvm::StringRef annotation);

// True when `fn` carries [[gpu::kernel]].
bool isKernel(const clang::FunctionDecl *fn);

// The C library's clock() (<time.h>), which device code reads as CUDA's
// cycle counter.
bool isClockCall(const clang::FunctionDecl *fn);

// gpu::shared_array<T, N> (a class annotated alloy.shared_array).
bool isSharedArrayType(clang::QualType t);
// A local declared [[gpu::shared]].
bool isSharedVariable(const clang::VarDecl *vd);
// An output parameter marked [[gpu::may_alias]]: it may overlap inputs.
bool isMayAliasParam(const clang::ParmVarDecl *param);
// CUDA's `extern __shared__ T name[];`: the launch's dynamic shared memory.
bool isDynamicSharedVariable(const clang::VarDecl *vd);

// A device global: [[gpu::device]] (CUDA's __device__) or [[gpu::constant]]
// (__constant__) on any declaration of a namespace-scope or static member
// variable; constant wins when both are written.
enum class DeviceGlobal { none, device, constant };
DeviceGlobal deviceGlobalKind(const clang::VarDecl *vd);
// Where a device global may be declared: at namespace scope or as a static
// data member (global storage, not a parameter or a static local).
bool mayBeDeviceGlobal(const clang::VarDecl *vd);

// The value of `e` when it is a scalar (integer, enum, bool, floating or
// pointer to data member) constant that needs no code: literals, constexpr
// variables, foldable calls of constexpr functions and builtins, `&C::m`.
std::optional<clang::APValue> foldScalar(const clang::Expr *e,
                                         clang::ASTContext &ast);

// The exception a throw in the standard library raises, for device code
// (where it stops the kernel): `throw X` in a system header gives X's type,
// a call of one of libstdc++'s std::__throw_* helpers (bits/functexcept.h:
// declared, not defined) the exception it names ("std::out_of_range").
// Nothing for a throw in the user's own code.
std::optional<std::string> libraryThrow(const clang::Expr *e,
                                        clang::ASTContext &ast);

// A pointer to data member as the Itanium C++ ABI stores it (and the host
// passes it): the member's byte offset in its class, -1 for null.
int64_t memberPointerOffset(const clang::APValue &value,
                            clang::ASTContext &ast);
inline constexpr int64_t kNullMemberPointer = -1;

// Whether an object of type `t` holds a pointer to data member (whose null
// value is not zero bytes).
bool holdsMemberPointer(clang::QualType t, clang::ASTContext &ast);

// The value of a branch condition known at compile time
// (__builtin_is_constant_evaluated() is false in device code).
std::optional<bool> foldCondition(const clang::Expr *cond,
                                  clang::ASTContext &ast);

// True when `s` holds a label (then its code cannot be skipped as dead).
bool containsLabel(const clang::Stmt *s);

// The one arm of an `if` that device code runs (null for an absent else),
// or none when either may run: `if consteval` runs its not-constant-
// evaluated arm, `if constexpr` the arm its condition selects, and so does
// an ordinary `if` whose condition folds, has no condition variable and
// whose other arm holds no label. The checker walks and the emitter lowers
// exactly this arm.
std::optional<const clang::Stmt *> onlyReachedArm(const clang::IfStmt *s,
                                                  clang::ASTContext &ast);

// True when a value of type `t` must be destroyed (a class with a
// non-trivial destructor, or an array of them).
bool needsDestruction(clang::QualType t, clang::ASTContext &ast);

// _Float16 and __bf16 arithmetic is done in float and rounded at the end,
// as clang does on the host (excess precision); the type to compute in.
std::optional<clang::QualType> excessPrecisionType(clang::QualType t,
                                                   clang::ASTContext &ast);

} // namespace alloy

#endif
