// Lowering of Alloy's warpgroup MMA operations (AlloyWgmmaOps.td) to PTX
// inline assembly: upstream nvvm.wgmma.mma_async builds its own asm without
// the accumulator threading through fence and wait, which is what keeps
// LLVM from moving a read of an accumulator in flight above the wait (and
// what alloy-check-wgmma follows). Every asm is volatile, clobbers memory
// (the multiplicands are read from shared memory asynchronously) and is
// convergent (alloy-assume-convergent). The mma's asm ends with a PTX
// comment naming the source location, for alloy-check-wgmma's messages.
// wgmma exists only on sm_90a: for any other target, an error at the op
// naming the build's targets. PTX ISA 8.0.
#include "InlineAsm.h"
#include "Lowering.h"
#include "alloy/Conversion/AlloyToLLVM.h"
#include "alloy/Transforms/InlinedLocations.h"

#include "alloy/Conversion/Passes.h"
#include "alloy/Dialect/Alloy/AlloyOps.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;

namespace alloy {
namespace {

// "$0, $1, ..., $<n-1>" from `first`.
std::string operandList(unsigned first, unsigned n) {
  std::string s;
  for (unsigned i = 0; i < n; ++i)
    s += (i ? ", $" : "$") + std::to_string(first + i);
  return s;
}

// `text` as a volatile asm whose first outputs are `acc` (f32, tied to the
// inputs of the same values after `inputs`), clobbering memory. Returns the
// accumulator's new values.
SmallVector<Value> accAsm(ConversionPatternRewriter &r, Location loc,
                          StringRef text, ValueRange inputs,
                          StringRef inputConstraints, ValueRange acc) {
  unsigned n = acc.size();
  std::string constraints;
  for (unsigned i = 0; i < n; ++i)
    constraints += "=f,";
  if (!inputConstraints.empty())
    constraints += inputConstraints.str() + ",";
  for (unsigned i = 0; i < n; ++i)
    constraints += std::to_string(i) + ",";
  constraints += "~{memory}";
  SmallVector<Value> operands(inputs.begin(), inputs.end());
  operands.append(acc.begin(), acc.end());
  Type result =
      packedType(r.getContext(), SmallVector<Type>(n, r.getF32Type()));
  auto asmOp = createInlineAsm(r, loc, result, operands, text, constraints,
                               /*sideEffects=*/true);
  return unpackResults(r, loc, asmOp, n);
}

// The op's location as file:line:col, for alloy-check-wgmma ('$' doubled:
// the asm string's escape). In an inlined body, the line in the function
// that holds the op, as before inlining.
std::string where(Location loc) {
  std::string s;
  if (auto flc = dyn_cast<FileLineColLoc>(alloy::writtenAt(loc)))
    s = (flc.getFilename().getValue() + ":" + Twine(flc.getLine()) + ":" +
         Twine(flc.getColumn()))
            .str();
  std::string escaped;
  for (char c : s) {
    if (c == '\n')
      continue;
    escaped += c;
    if (c == '$')
      escaped += '$';
  }
  return escaped.empty() ? "?" : escaped;
}

// The asm of `op`, a wgmma.mma_async of k = `k` and `n` accumulator
// registers ($0 to $n-1): A and B (`ab`), the predicate from the scale-d
// operand `$scale`, the immediates and then `flags`; a comment names the
// form (`form`) and the op's source location for alloy-check-wgmma.
template <class Op>
std::string mmaAsyncAsm(Op op, unsigned n, unsigned k, const std::string &ab,
                        unsigned scale, const std::string &flags,
                        StringRef form) {
  std::string type = stringifyMmaType(op.getType()).str();
  return "{\n.reg .pred p;\nsetp.ne.b32 p, $" + std::to_string(scale) +
         ", 0;\nwgmma.mma_async.sync.aligned.m64n" + std::to_string(op.getN()) +
         "k" + std::to_string(k) + ".f32." + type + "." + type + " {" +
         operandList(0, n) + "}, " + ab + ", p, 1, 1" + flags + ";\n}\n// " +
         form.str() + " " + where(op.getLoc());
}

Lowered fence(WgmmaFenceOp op, WgmmaFenceOp::Adaptor a,
              ConversionPatternRewriter &r) {
  return accAsm(r, op.getLoc(), "wgmma.fence.sync.aligned;", {}, "",
                a.getAcc());
}

Lowered commit(WgmmaCommitOp op, WgmmaCommitOp::Adaptor,
               ConversionPatternRewriter &r) {
  accAsm(r, op.getLoc(), "wgmma.commit_group.sync.aligned;", {}, "", {});
  return Lowered::done();
}

Lowered wait(WgmmaWaitOp op, WgmmaWaitOp::Adaptor a,
             ConversionPatternRewriter &r) {
  std::string text =
      "wgmma.wait_group.sync.aligned " + std::to_string(op.getPending()) + ";";
  return accAsm(r, op.getLoc(), text, {}, "", a.getAcc());
}

Lowered mmaAsync(WgmmaMmaAsyncOp op, WgmmaMmaAsyncOp::Adaptor a,
                 ConversionPatternRewriter &r) {
  Location loc = op.getLoc();
  unsigned k =
      op.getType() == MmaType::tf32                                      ? 8
      : (op.getType() == MmaType::e4m3 || op.getType() == MmaType::e5m2) ? 32
                                                                         : 16;
  // f16 and bf16 also take the (immediate) transpose flags: A K-major
  // (0), B K-major (0) or N-major (1, trans_b).
  bool halves = op.getType() == MmaType::f16 || op.getType() == MmaType::bf16;
  std::string transpose =
      halves ? std::string(", 0, ") + (op.getTransB() ? "1" : "0") : "";
  unsigned n = a.getAcc().size();
  std::string text = mmaAsyncAsm(
      op, n, k, "$" + std::to_string(n) + ", $" + std::to_string(n + 1), n + 2,
      transpose, "alloy-wgmma");
  Value scale = LLVM::ZExtOp::create(r, loc, r.getI32Type(), a.getScaleD());
  return accAsm(r, loc, text, {a.getADesc(), a.getBDesc(), scale}, "l,l,r",
                a.getAcc());
}

// A in registers: `{$a0, $a1, $a2, $a3}` in place of A's descriptor, one
// transpose flag (B's: 1 for trans_b). The comment marks the form for
// alloy-check-wgmma, which then checks only B's descriptor for uniformity
// (A's registers differ per thread by design).
Lowered mmaAsyncRegA(WgmmaMmaAsyncRegAOp op, WgmmaMmaAsyncRegAOp::Adaptor a,
                     ConversionPatternRewriter &r) {
  Location loc = op.getLoc();
  unsigned n = a.getAcc().size();
  std::string text = mmaAsyncAsm(
      op, n, 16, "{" + operandList(n, 4) + "}, $" + std::to_string(n + 4),
      n + 5, std::string(", ") + (op.getTransB() ? "1" : "0"),
      "alloy-wgmma-rega");
  Value scale = LLVM::ZExtOp::create(r, loc, r.getI32Type(), a.getScaleD());
  SmallVector<Value> inputs = {a.getA0(), a.getA1(), a.getA2(), a.getA3()};
  inputs.push_back(a.getBDesc());
  inputs.push_back(scale);
  return accAsm(r, loc, text, inputs, "r,r,r,r,l,r", a.getAcc());
}

} // namespace

void addWgmmaLowerings(LoweringTable &table) {
  // Every wgmma instruction needs sm_90a and PTX ISA 8.0.
  table.needing(Needs::Sm90aPtx80, "wgmma")
      .add<WgmmaFenceOp>(fence)
      .add<WgmmaCommitOp>(commit)
      .add<WgmmaWaitOp>(wait)
      .add<WgmmaMmaAsyncOp>(mmaAsync)
      .add<WgmmaMmaAsyncRegAOp>(mmaAsyncRegA);
}

} // namespace alloy
