// alloy-check-wgmma: an accumulator of wgmma.mma_async belongs to the
// tensor cores until a wgmma.wait_group 0 that takes it (gpu::wgmma::wait<0>
// (acc)) hands it back. After inlining, the accumulator is SSA values that
// thread through the protocol's asm (WgmmaToLLVM.cpp): an mma's results may
// only reach, through extractvalue, phi and select, another mma's
// accumulator, a fence, or the releasing wait. Any other use (arithmetic, a
// store, a call) reads or spills it in flight, and an element that reaches
// nothing was overwritten or never waited for: both are errors. So is a
// descriptor that LLVM's uniformity analysis finds divergent (wgmma needs
// the same one on every thread of the warpgroup). Errors name the mma's
// source location, which its asm carries as a comment. A warning: the
// registers of an A fragment (in registers) written again before a wait
// covers its mma, which a loop that does not unroll does.
#include "CheckWgmma.h"
#include "DevicePasses.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Analysis/UniformityAnalysis.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"

namespace alloy {
namespace {

const int kind = llvm::getNextAvailablePluginDiagnosticKind();

// The asm text of a call of inline asm, or "".
llvm::StringRef asmText(const llvm::Value *v) {
  const auto *call = llvm::dyn_cast<llvm::CallInst>(v);
  if (!call)
    return {};
  if (const auto *ia = llvm::dyn_cast<llvm::InlineAsm>(call->getCalledOperand()))
    return ia->getAsmString();
  return {};
}
bool isMma(const llvm::Value *v) {
  return asmText(v).contains("wgmma.mma_async");
}
bool isFence(const llvm::Value *v) {
  return asmText(v).contains("wgmma.fence");
}
bool isCommit(const llvm::Value *v) {
  return asmText(v).contains("wgmma.commit_group");
}
// N of a wgmma.wait_group N, or -1.
int waitDepth(const llvm::Value *v) {
  llvm::StringRef text = asmText(v);
  llvm::StringRef marker = "wgmma.wait_group.sync.aligned ";
  size_t at = text.find(marker);
  int n = -1;
  if (at != llvm::StringRef::npos && text.substr(at + marker.size())
                                         .take_while(llvm::isDigit)
                                         .getAsInteger(10, n))
    return -1;
  return n;
}
bool isReleasingWait(const llvm::Value *v) { return waitDepth(v) == 0; }

// Whether some path from `mma` (with A in registers, operands 0-3) writes
// the registers it reads before a wait covers its group: the instruction
// that defines an operand again (in a loop that does not unroll), or the
// copy into an operand that is a phi, at the end of a predecessor. The
// group is covered by a wait_group N once N further groups are committed.
bool rewritesFragment(llvm::CallInst *mma) {
  llvm::SmallPtrSet<const llvm::Instruction *, 4> defs;
  llvm::SmallPtrSet<const llvm::BasicBlock *, 4> copies;
  for (unsigned i = 0; i < 4; ++i) {
    auto *def = llvm::dyn_cast<llvm::Instruction>(mma->getArgOperand(i));
    if (!def)
      continue;
    if (auto *phi = llvm::dyn_cast<llvm::PHINode>(def)) {
      for (unsigned in = 0; in < phi->getNumIncomingValues(); ++in)
        if (phi->getIncomingValue(in) != phi)
          copies.insert(phi->getIncomingBlock(in));
    } else {
      defs.insert(def);
    }
  }
  // (block, groups committed since the mma, capped), from a position.
  constexpr unsigned kCap = 8;
  llvm::DenseSet<std::pair<const llvm::BasicBlock *, unsigned>> seen;
  llvm::SmallVector<std::pair<llvm::BasicBlock::iterator, unsigned>, 16> work;
  work.push_back({std::next(mma->getIterator()), 0});
  while (!work.empty()) {
    auto [it, commits] = work.pop_back_val();
    llvm::BasicBlock *bb = it->getParent();
    bool covered = false;
    for (; it != bb->end(); ++it) {
      if (defs.contains(&*it))
        return true;
      if (isCommit(&*it))
        commits = std::min(commits + 1, kCap);
      int n = waitDepth(&*it);
      if (n >= 0 && commits >= 1 && int(commits) - 1 >= n) {
        covered = true;
        break;
      }
    }
    if (covered)
      continue;
    if (copies.contains(bb))
      return true;
    for (llvm::BasicBlock *succ : llvm::successors(bb))
      if (seen.insert({succ, commits}).second)
        work.push_back({succ->begin(), commits});
  }
  return false;
}

// The mma's source location, from its asm's "// alloy-wgmma FILE:L:C".
std::string whereOf(const llvm::CallInst *mma) {
  llvm::StringRef text = asmText(mma);
  llvm::StringRef marker = "// alloy-wgmma ";
  size_t at = text.find(marker);
  if (at == llvm::StringRef::npos) {
    marker = "// alloy-wgmma-rega ";
    at = text.find(marker);
  }
  if (at == llvm::StringRef::npos)
    return "?";
  std::string s;
  llvm::StringRef rest = text.substr(at + marker.size());
  for (size_t i = 0; i < rest.size() && rest[i] != '\n'; ++i) {
    s += rest[i];
    if (rest[i] == '$' && i + 1 < rest.size() && rest[i + 1] == '$')
      ++i; // the asm string's escape
  }
  return s;
}

// Whether every thread of a warpgroup has the same v: v is uniform, the
// result of gpu::wgmma::warpgroup_index(), or computed from such values
// (no phis, loads or calls: their divergence may come from control flow or
// memory).
bool sameInWarpgroup(const llvm::Value *v, const llvm::UniformityInfo &ui,
                     llvm::DenseMap<const llvm::Value *, bool> &memo,
                     int depth = 0) {
  if (!ui.isDivergent(v))
    return true;
  if (asmText(v).contains("// alloy-warpgroup-uniform"))
    return true;
  const auto *inst = llvm::dyn_cast<llvm::Instruction>(v);
  if (!inst || depth > 32 || llvm::isa<llvm::PHINode>(inst) ||
      inst->mayReadOrWriteMemory() || llvm::isa<llvm::CallBase>(inst))
    return false;
  if (auto it = memo.find(v); it != memo.end())
    return it->second;
  memo[v] = false; // a cycle is not uniform
  bool same = true;
  for (const llvm::Value *op : inst->operands())
    if (!sameInWarpgroup(op, ui, memo, depth + 1)) {
      same = false;
      break;
    }
  memo[v] = same;
  return same;
}

std::string describe(const llvm::Instruction *user) {
  if (const auto *store = llvm::dyn_cast<llvm::StoreInst>(user)) {
    if (llvm::isa<llvm::AllocaInst>(
            llvm::getUnderlyingObject(store->getPointerOperand())))
      return "keeps it in local memory (an accumulator must stay in "
             "registers: index it with constants, in loops that unroll, and "
             "do not pass it to functions that are not inlined)";
    return "stores it";
  }
  if (const auto *call = llvm::dyn_cast<llvm::CallBase>(user)) {
    if (const llvm::Function *fn = call->getCalledFunction())
      return "passes it to '" + llvm::demangle(fn->getName().str()) + "'";
    if (!asmText(call).empty())
      return "passes it to an asm statement";
    return "passes it to a call";
  }
  return std::string("reads it (") + user->getOpcodeName() + ")";
}

} // namespace

WgmmaDiagnostic::WgmmaDiagnostic(std::string where, std::string message,
                                 llvm::DiagnosticSeverity severity)
    : llvm::DiagnosticInfo(kind, severity), where_(std::move(where)),
      message_(std::move(message)) {}

void WgmmaDiagnostic::print(llvm::DiagnosticPrinter &dp) const {
  dp << where_ << ": " << message_;
}

bool WgmmaDiagnostic::classof(const llvm::DiagnosticInfo *di) {
  return di->getKind() == kind;
}

llvm::PreservedAnalyses CheckWgmmaPass::run(llvm::Function &f,
                                            llvm::FunctionAnalysisManager &fam) {
  llvm::SmallVector<llvm::CallInst *, 8> mmas;
  for (llvm::Instruction &i : llvm::instructions(f))
    if (isMma(&i))
      mmas.push_back(llvm::cast<llvm::CallInst>(&i));
  if (mmas.empty())
    return llvm::PreservedAnalyses::all();
  std::string fn = llvm::demangle(f.getName().str());
  llvm::StringSet<> reported;
  auto report = [&](const llvm::CallInst *mma, const std::string &message,
                    llvm::DiagnosticSeverity severity = llvm::DS_Error) {
    std::string where = whereOf(mma);
    if (reported.insert(where + message).second)
      f.getContext().diagnose(WgmmaDiagnostic(where, message, severity));
  };

  for (llvm::CallInst *mma : mmas)
    if (asmText(mma).contains("// alloy-wgmma-rega ") && rewritesFragment(mma))
      report(mma,
             "the registers of this wgmma's A fragment are written again "
             "before a gpu::wgmma::wait covers its group (in '" +
                 fn +
                 "'), while the tensor cores may still read them, which PTX "
                 "leaves undefined: a loop that does not unroll rewrites them "
                 "in its next iteration; wait for the group inside the loop, "
                 "or let the loop unroll",
             llvm::DS_Warning);

  auto &uniformity = fam.getResult<llvm::UniformityInfoAnalysis>(f);
  llvm::DenseMap<const llvm::Value *, bool> memo;
  for (llvm::CallInst *mma : mmas)
    for (unsigned d = 0; d < 2; ++d) {
      // With A in registers (operands 0-3, per thread), B's descriptor is
      // operand 4.
      bool regA = asmText(mma).contains("// alloy-wgmma-rega ");
      if (regA && d == 0)
        continue;
      if (!sameInWarpgroup(mma->getArgOperand(regA ? 4 : d), uniformity, memo))
        report(mma, std::string("the ") + (d ? "B" : "A") +
                        " descriptor of this wgmma may differ between the "
                        "threads of the warpgroup (in '" +
                        fn +
                        "'); wgmma needs one descriptor for all of them: "
                        "compute it from block-uniform values and "
                        "gpu::wgmma::warpgroup_index()");
    }

  // Follow each mma's results; `origin` is the mma a value came from.
  for (llvm::CallInst *mma : mmas) {
    llvm::SmallVector<const llvm::Value *, 64> work;
    llvm::DenseSet<const llvm::Value *> seen;
    // The elements of a struct result are its extractvalues; an element
    // without one reaches nothing.
    if (auto *st = llvm::dyn_cast<llvm::StructType>(mma->getType())) {
      llvm::SmallVector<bool, 128> used(st->getNumElements());
      for (const llvm::User *u : mma->users())
        if (const auto *ev = llvm::dyn_cast<llvm::ExtractValueInst>(u)) {
          if (ev->getNumIndices() == 1 && !ev->use_empty())
            used[ev->getIndices()[0]] = true;
          work.push_back(ev);
        } else {
          report(mma, "the accumulator of this wgmma is used whole before "
                      "gpu::wgmma::wait<0> releases it (in '" +
                          fn + "')");
        }
      for (bool u : used)
        if (!u) {
          report(mma, "the accumulator of this wgmma is overwritten or never "
                      "released before it is complete: call "
                      "gpu::wgmma::wait<0>(acc) after the commit, before "
                      "writing or dropping it (in '" +
                          fn + "')");
          break;
        }
    } else {
      if (mma->use_empty())
        report(mma, "the accumulator of this wgmma is overwritten or never "
                    "released: call gpu::wgmma::wait<0>(acc) (in '" +
                        fn + "')");
      work.push_back(mma);
    }
    while (!work.empty()) {
      const llvm::Value *v = work.pop_back_val();
      if (!seen.insert(v).second)
        continue;
      for (const llvm::User *u : v->users()) {
        const auto *user = llvm::cast<llvm::Instruction>(u);
        if (llvm::isa<llvm::PHINode, llvm::SelectInst, llvm::ExtractValueInst,
                      llvm::InsertValueInst>(user)) {
          work.push_back(user);
          continue;
        }
        if (isMma(user) || isReleasingWait(user))
          continue;
        if (isFence(user)) {
          // Its results pass the same values through.
          for (const llvm::User *fu : user->users())
            work.push_back(fu);
          if (!user->getType()->isStructTy())
            work.push_back(user);
          continue;
        }
        report(mma, "the accumulator of this wgmma is in flight until "
                    "gpu::wgmma::wait<0>(acc): the program " +
                        describe(user) + " before that (in '" + fn + "')");
      }
    }
  }
  return llvm::PreservedAnalyses::all();
}

} // namespace alloy
