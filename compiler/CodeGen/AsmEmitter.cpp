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

// gpu::ptx::asm_volatile(text, operands...): outputs first in LLVM's
// order (out and inout, as written), then inputs, then the inouts' values
// tied to their outputs; %N follows the order written.
void FunctionEmitter::emitPtxAsmCall(const CallExpr *e) {
  mlir::Location l = loc(e->getExprLoc());
  const auto *literal = cast<StringLiteral>(e->getArg(0)->IgnoreParenImpCasts());
  unsigned count = e->getNumArgs() - 1;
  struct Operand {
    PtxOperand info;
    mlir::Type type; // in the register
    Address where;   // of an output
    mlir::Value value;
  };
  llvm::SmallVector<Operand, 8> ops;
  for (const Expr *arg : llvm::drop_begin(e->arguments())) {
    Operand op{classifyPtxOperand(arg, ast), {}, {}, {}};
    uint64_t bits = ast.getTypeSize(op.info.type);
    op.type = op.info.type->isRecordType() ? b.getIntegerType(bits)
                                           : valueType(op.info.type);
    uint64_t align = ast.getTypeAlignInChars(op.info.type).getQuantity();
    if (op.info.kind != PtxOperand::In) {
      // The wrapper's only field: a pointer to the operand.
      Address wrapper = emitMaterialized(arg);
      op.where = Address{LoadOp::create(b, l, types.pointerType(),
                                        wrapper.ptr, 8),
                         align};
    }
    if (op.info.kind == PtxOperand::InOut)
      op.value = LoadOp::create(b, l, op.type, op.where.ptr, align);
    else if (op.info.kind == PtxOperand::In)
      op.value = op.info.type->isRecordType()
                     ? LoadOp::create(b, l, op.type, emitMaterialized(arg).ptr,
                                      align)
                           .getResult()
                     : emitScalarExpr(arg);
    ops.push_back(op);
  }
  llvm::SmallVector<unsigned, 8> index(count);
  unsigned next = 0;
  for (unsigned i = 0; i < count; ++i)
    if (ops[i].info.kind != PtxOperand::In)
      index[i] = next++;
  for (unsigned i = 0; i < count; ++i)
    if (ops[i].info.kind == PtxOperand::In)
      index[i] = next++;
  std::string error;
  unsigned offset = 0;
  std::optional<std::string> text = translatePtxAsm(
      literal->getString(), count, [](llvm::StringRef) { return -1; },
      [&](unsigned n) { return index[n]; }, error, offset);
  ALLOY_CHECK(text && "the checker rejected a bad asm text");
  std::string constraints;
  auto add = [&](const std::string &c) {
    constraints += constraints.empty() ? c : "," + c;
  };
  llvm::SmallVector<mlir::Type, 4> results;
  llvm::SmallVector<mlir::Value, 8> operands;
  llvm::SmallVector<const Operand *, 4> written;
  for (const Operand &op : ops)
    if (op.info.kind != PtxOperand::In) {
      add(std::string("=") + op.info.reg);
      results.push_back(op.type);
      written.push_back(&op);
    }
  for (const Operand &op : ops)
    if (op.info.kind == PtxOperand::In) {
      add(std::string(1, op.info.reg));
      operands.push_back(op.value);
    }
  for (unsigned i = 0; i < count; ++i)
    if (ops[i].info.kind == PtxOperand::InOut) {
      add(std::to_string(index[i]));
      operands.push_back(ops[i].value);
    }
  add("~{memory}");
  auto op = InlineAsmOp::create(b, l, results, *text, constraints, operands,
                                /*side_effects=*/true);
  for (auto [v, out] : llvm::zip(op.getResults(), written))
    StoreOp::create(b, l, v, out->where.ptr, out->where.align);
}

} // namespace alloy
