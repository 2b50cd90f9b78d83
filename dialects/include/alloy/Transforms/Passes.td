//===- Passes.td - Alloy-level transformations --------------*- tablegen -*-===//

#ifndef ALLOY_TRANSFORMS_PASSES_TD
#define ALLOY_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def FPContractPass : Pass<"alloy-fp-contract", "::mlir::ModuleOp"> {
  let summary = "Allow multiply-adds to fuse into FMA, as nvcc does";
  let description = [{
    Marks `arith.mulf`, `arith.addf` and `arith.subf` with the `contract`
    fast-math flag, which lets LLVM fuse a product and a sum into one `fma`
    (one rounding instead of two). Modes, as clang's `-ffp-contract`:
    `fast` (the default, as nvcc's `-fmad=true`) marks every such op; `on`
    marks a product only where its one use is a sum in the same expression
    (at this level values that cross statements go through stack slots, so
    a `mulf` whose only use is an `addf`/`subf` is one expression); `off`
    marks nothing. An op carrying `alloy.fp_contract` (set by the lowering
    from `#pragma clang fp contract` or `#pragma STDC FP_CONTRACT`) uses that
    mode instead; the attribute is removed.
  }];
  let options = [
    Option<"mode", "mode", "std::string", /*default=*/"\"fast\"",
           "fast, on or off">,
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def FastMathPass : Pass<"alloy-fast-math", "::mlir::ModuleOp"> {
  let summary = "nvcc's --use_fast_math for single precision";
  let description = [{
    Marks single-precision division with `afn` and `arcp` (LLVM then emits
    `div.approx.f32`), and single-precision `math` functions with `afn`:
    `exp`, `log`, `sin`, `cos`, `tan`, `powf`, `exp2`, `log2`, `log10`
    become libdevice's `__nv_fast_*` (built on `ex2.approx`, `lg2.approx`,
    `sin.approx`, `cos.approx`), `sqrt` becomes `sqrt.approx.f32`
    (`rsqrt.approx.f32` under a division) and `tanh` `tanh.approx.f32`. Double precision is unchanged,
    as in nvcc. Flush-to-zero is the backend's part of the mode.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::math::MathDialect"];
}

def DivergentBarriersPass
    : Pass<"alloy-divergent-barriers", "::mlir::ModuleOp"> {
  let summary = "Warn about barriers that only some threads of a block reach";
  let description = [{
    Runs the uniformity analysis of `alloy/Transforms/DivergentBarriers.h`
    and reports each barrier (`alloy.barrier`, or a call of a function that
    reaches one) whose execution depends on a thread-dependent branch, as a
    warning with a note at the branch. Changes nothing. The Clang plugin
    calls the analysis itself, to report through Clang's diagnostics.
  }];
}

def RegisterBudgetPass : Pass<"alloy-check-register-budget", "::mlir::ModuleOp"> {
  let summary = "Warn about setmaxnreg requests a block cannot be granted";
  let description = [{
    Runs `alloy/Transforms/RegisterBudget.h`: in a kernel whose block size
    is known (launch contract or launch bounds), the largest
    `alloy.setmaxnreg increase` for every warpgroup but one, which takes the
    smallest decrease (or all of them, without a decrease), must fit the
    65,536 registers of a multiprocessor shared by `min_blocks` blocks;
    otherwise `setmaxnreg.inc` waits forever, and the increase gets a
    warning. Changes nothing. The Clang plugin calls the analysis itself.
  }];
}

def NarrowIndexPass : Pass<"alloy-narrow-index", "::mlir::ModuleOp"> {
  let summary = "Use the launch facts: fold decided index tests, narrow index "
                "arithmetic to 32 bits";
  let description = [{
    Runs upstream's integer range analysis (one function at a time: call
    results and parameters are unknown), which the GPU registers feed
    through `InferIntRangeInterface` (`alloy.thread_id`, `alloy.block_dim`,
    `alloy.block_id`, `alloy.grid_dim`, `alloy.lane_id`: exact block
    extents from the kernel's launch contract, otherwise the hardware's
    limits and the kernel's launch bounds). Then, function by function:
    - comparisons that the ranges decide become constants, and values whose
      range is one number become that number (a contract of 256 threads
      makes `alloy.block_dim x` the constant 256 and `thread_id x < 256`
      true);
    - 64-bit integer arithmetic (`addi`, `subi`, `muli`, divisions,
      remainders, shifts, min/max) whose operands and result provably fit in
      32 bits is done in 32 bits and extended once (for example
      `zext(thread) * 4 + zext(lane)`), which saves the 64-bit multiply-adds
      that 64-bit index arithmetic costs on the GPU.
    Values that cross statements go through stack slots at this level, so
    the pass sees one expression at a time; LLVM, which later sees whole
    functions with the same ranges (as `range` attributes), narrows more.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def InlinePass : Pass<"alloy-inline", "::mlir::ModuleOp"> {
  let summary = "Inline device functions without loops into their callers";
  let description = [{
    MLIR's bottom-up inliner with Alloy's policy: a call is inlined when its
    callee has no loop (no cycle among its blocks) or is
    `[[gnu::always_inline]]` (`llvm.always_inline`), and never when the
    callee or the call is `no_inline` (`[[gnu::noinline]]`) or recursive.
    The small helpers kernels call (accessors, index arithmetic, fragment
    wrappers) become part of the kernel, so the passes after this one and
    the analyses see through them. A function with loops stays a call: LLVM's
    inliner takes it after LLVM has simplified it on its own (unrolled its
    pragma loops, split its arrays), which inlining it first would undo. No
    clean-up pipeline runs between inlining steps. The inlined slots
    (`alloy.alloca`) move to the caller's entry block, where the AST
    lowering puts every slot.
  }];
}

def DistinctInlinedLoopsPass
    : Pass<"alloy-distinct-inlined-loops", "::mlir::ModuleOp"> {
  let summary = "Give each inlined copy of an annotated loop its own "
                "annotation";
  let description = [{
    A loop's `loop_annotation` (its `#pragma unroll` and friends) is told
    apart from other loops' by its source range (`startLoc`, `endLoc`), and
    each distinct annotation becomes one `llvm.loop` metadata node. After a
    helper with such a loop is inlined at two calls, both copies would carry
    the same annotation, and LLVM's loop passes would see one loop ID on two
    loops (the unroller then leaves the pragma unapplied). This pass
    rewrites the annotation on every branch whose location is an inlined
    one (`callsite(... at ...)`): the range becomes that of the loop inlined
    at the same calls, so the copies differ while the latch branches of one
    copy still agree.
  }];
}

def InferAlignmentPass : Pass<"alloy-infer-alignment", "::mlir::ModuleOp"> {
  let summary = "Raise the alignment of memory accesses to what their "
                "addresses provably have";
  let description = [{
    An access's own `align` comes from its C++ type. Its address may be
    known to be more aligned: from its base object (an `alloy.alloca`, a
    shared array, a device global or constant, dynamic shared memory at 16,
    an `alloy.assume_aligned` promise) and the offsets from it
    (`alloy.ptr_add` of an index with known low zero bits times the element
    size, `alloy.member_addr` offsets). Walks that arithmetic back (through
    constants, `arith` multiplies, shifts, adds, masks, extensions and
    selects; not through block arguments) and raises `alloy.load`,
    `alloy.store`, `alloy.memcpy`, `alloy.memmove` and `alloy.memset` to the
    known alignment, at most 16. The conversion to LLVM then chooses record
    copies' widths from it (a 16-byte copy known 16-byte aligned on both
    sides is one `ld.v4` and one `st.v4`). Runs after `alloy-inline`, where
    a helper's pointer arithmetic meets the caller's objects.
  }];
}

def ForwardCopiesPass : Pass<"alloy-forward-copies", "::mlir::ModuleOp"> {
  let summary = "Copies through a local read the first copy's source";
  let description = [{
    `T v = *src; *dst = v;` of a record type is `alloy.memcpy %slot, %src`
    then `alloy.memcpy %dst, %slot`. When the second directly follows the
    first (only operations without memory effects between), copies the
    same number of bytes, and would be lowered as wide accesses (neither
    `%dst` nor `%src` a local, at most four loads and four stores at the
    smaller of the two alignments), it reads `%src` instead at that
    alignment: the conversion to LLVM makes it wide loads and stores, all
    loads first (`ld.v4` and `st.v4` for 16 bytes), as nvcc emits a
    `float4` copy. Other copies are left: a copy through a local written
    with `std::memcpy` may join overlapping ranges, which an `llvm.memcpy`
    may not. The copy into the local stays (LLVM deletes it when nothing
    else reads the local). Runs after `alloy-inline`, which puts a helper's
    return copy next to its caller's.
  }];
}

#endif // ALLOY_TRANSFORMS_PASSES_TD
