// PTX asm statements (CUDA's asm volatile("..." : outputs : inputs)): one
// alloy.inline_asm whose results are stored to the output operands. The
// device-code checker has checked the constraints, types and text.
#include "Basic/InternalError.h"
#include "Basic/PtxAsm.h"
#include "FunctionEmitter.h"

#include "alloy/Dialect/Alloy/AlloyOps.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace alloy {

void FunctionEmitter::emitAsmStmt(const GCCAsmStmt *s) {
  mlir::Location l = loc(s->getAsmLoc());
  std::string error;
  unsigned offset = 0;
  std::optional<std::string> text = ptxAsmTemplate(s, error, offset);
  ALLOY_CHECK(text && "the checker rejected a bad asm text");
  // A PTX comment names the statement, so that an error ptxas finds in
  // the text is reported at it (DeviceCompiler.cpp, asmErrorLocation).
  PresumedLoc where = ast.getSourceManager().getPresumedLoc(s->getAsmLoc());
  std::string marker = "// asm statement";
  if (where.isValid())
    marker += " at " + llvm::sys::path::filename(where.getFilename()).str() +
              ":" + std::to_string(where.getLine());
  *text = marker + " (alloy:" +
          std::to_string(s->getAsmLoc().getRawEncoding()) + ")\n" + *text;
  std::string constraints;
  auto add = [&](llvm::StringRef c) {
    if (!constraints.empty())
      constraints += ',';
    constraints += c.str();
  };
  llvm::SmallVector<mlir::Value, 8> operands, tied;
  llvm::SmallVector<std::string, 4> tiedConstraints;
  llvm::SmallVector<mlir::Type, 4> results;
  llvm::SmallVector<std::pair<Address, QualType>, 4> outputs;
  for (unsigned i = 0; i < s->getNumOutputs(); ++i) {
    std::optional<PtxConstraint> c =
        parsePtxConstraint(s->getOutputConstraint(i), /*output=*/true);
    ALLOY_CHECK(c && "the checker rejected a bad output constraint");
    const Expr *e = s->getOutputExpr(i);
    QualType t = e->getType();
    Address a = emitAddress(e);
    add(std::string("=") + c->letter);
    results.push_back(valueType(t));
    outputs.push_back({a, t});
    if (c->readWrite) { // "+r": the value also goes in, tied to the output
      tied.push_back(emitLoad(a, t));
      tiedConstraints.push_back(std::to_string(i));
    }
  }
  for (unsigned i = 0; i < s->getNumInputs(); ++i) {
    std::optional<PtxConstraint> c =
        parsePtxConstraint(s->getInputConstraint(i), /*output=*/false);
    ALLOY_CHECK(c && "the checker rejected a bad input constraint");
    const Expr *e = s->getInputExpr(i);
    if (c->letter == 'n') {
      llvm::APSInt v = e->EvaluateKnownConstInt(ast);
      operands.push_back(constantInt(l, valueType(e->getType()),
                                     v.getExtValue()));
      add("n");
      continue;
    }
    // After a constraint the host rejected, clang keeps inputs unconverted.
    operands.push_back(e->isGLValue() ? emitLoad(emitAddress(e), e->getType())
                                      : emitScalarExpr(e));
    add(c->tied >= 0 ? std::to_string(c->tied) : std::string(1, c->letter));
  }
  for (auto [v, c] : llvm::zip(tied, tiedConstraints)) {
    operands.push_back(v);
    add(c);
  }
  for (unsigned i = 0; i < s->getNumClobbers(); ++i)
    if (s->getClobber(i) == "memory")
      add("~{memory}");
  // Without outputs an asm statement is kept, as in clang and nvcc.
  bool sideEffects = s->isVolatile() || results.empty();
  auto op = InlineAsmOp::create(b, l, results, *text, constraints, operands,
                                sideEffects);
  for (auto [v, out] : llvm::zip(op.getResults(), outputs))
    emitStore(v, out.first, out.second);
}

} // namespace alloy
