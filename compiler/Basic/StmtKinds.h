//===- StmtKinds.h - How device code handles each AST kind ------*- C++ -*-===//
//
// StmtKinds.def as a function, and the compile-time checks that keep the
// checker and the emitters on it. After an emitter's class,
//   #define ALLOY_VISITOR StmtEmitter
//   #include "Basic/EmitterVisitsLowered.inc"
// fails the build when the emitter visits a concrete class the table does
// not mark LOWERED; after the checker's, CheckerHandlesTable.inc fails it
// when the checker handles neither a LOWERED or TRANSPARENT class nor one
// of its ancestors below Stmt (VisitStmt is where the checker rejects).
//
//===----------------------------------------------------------------------===//

#ifndef ALLOY_BASIC_STMTKINDS_H
#define ALLOY_BASIC_STMTKINDS_H

#include "clang/AST/Stmt.h"

#include <type_traits>

namespace alloy {

enum class StmtHandling { lowered, transparent, rejected };

constexpr StmtHandling stmtHandling(clang::Stmt::StmtClass c) {
  switch (c) {
#define LOWERED(Name)                                                          \
  case clang::Stmt::Name##Class:                                               \
    return StmtHandling::lowered;
#define TRANSPARENT(Name)                                                      \
  case clang::Stmt::Name##Class:                                               \
    return StmtHandling::transparent;
#include "Basic/StmtKinds.def"
  default:
    return StmtHandling::rejected;
  }
}

namespace stmt_kinds {
// Whether a Visit method, named through visitor V, is declared by V itself
// (not inherited from clang's StmtVisitor).
template <class V, class R, class C, class... A>
constexpr bool declaredBy(R (C::*)(A...)) {
  return std::is_same_v<C, V>;
}
template <class V, class R, class C, class... A>
constexpr bool declaredBy(R (C::*)(A...) const) {
  return std::is_same_v<C, V>;
}

// handles<V>::Name: V visits Name or an ancestor below Stmt.
template <class V> struct handles {
  static constexpr bool Stmt = false;
#define STMT(Name, Parent)                                                     \
  static constexpr bool Name =                                                 \
      declaredBy<V>(&V::Visit##Name) || handles::Parent;
#define ABSTRACT_STMT(S) S
#include "clang/AST/StmtNodes.inc"
};
} // namespace stmt_kinds

} // namespace alloy

#define ALLOY_EMITTER_VISIT_CHECK(V, Name) ALLOY_EMITTER_VISIT_CHECK_(V, Name)
#define ALLOY_EMITTER_VISIT_CHECK_(V, Name)                                    \
  static_assert(!::alloy::stmt_kinds::declaredBy<V>(&V::Visit##Name) ||        \
                    ::alloy::stmtHandling(clang::Stmt::Name##Class) ==         \
                        ::alloy::StmtHandling::lowered,                        \
                #V " visits " #Name ", which Basic/StmtKinds.def does not "    \
                   "mark LOWERED");
#define ALLOY_CHECKER_VISIT_CHECK(V, Name) ALLOY_CHECKER_VISIT_CHECK_(V, Name)
#define ALLOY_CHECKER_VISIT_CHECK_(V, Name)                                    \
  static_assert(::alloy::stmtHandling(clang::Stmt::Name##Class) ==             \
                        ::alloy::StmtHandling::rejected ||                     \
                    ::alloy::stmt_kinds::handles<V>::Name,                     \
                #V " does not check " #Name ", which Basic/StmtKinds.def "     \
                   "lets through");

#endif // ALLOY_BASIC_STMTKINDS_H
