#include "CudaSyntax.h"
#include "Basic/Diagnostics.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Sema/ExternalSemaSource.h"
#include "clang/Sema/Lookup.h"
#include "clang/Sema/Sema.h"
#include "clang/Sema/SemaConsumer.h"
#include "llvm/ADT/DenseSet.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Pragma.h"
#include "clang/Lex/Preprocessor.h"

using namespace clang;

namespace alloy {
namespace {

// A CUDA name, its Alloy spelling (for the message), and what the macro
// stands for after the error: nothing (keywords), or an expression that
// parses wherever CUDA's name does.
struct CudaName {
  const char *name, *alloy, *stands_for;
};
constexpr const char *anyCall = "[](auto &&...) { return 0; }";
// Reserved names (two underscores), which no valid program declares:
// predefined as reporting macros.
constexpr CudaName cudaNames[] = {
    {"__global__", "[[gpu::kernel]]", ""},
    {"__device__",
     "nothing on a function (device functions need no mark), "
     "[[gpu::device]] on a variable",
     ""},
    {"__host__", "nothing", ""},
    {"__shared__", "[[gpu::shared]]", ""},
    {"__constant__", "[[gpu::constant]]", ""},
    {"__forceinline__", "[[gnu::always_inline]] inline", "inline"},
    {"__syncthreads", "gpu::sync_threads()", anyCall},
    {"__syncwarp", "gpu::warp::sync(mask)", anyCall},
    {"__shfl_sync", "gpu::warp::shfl(value, lane, mask)", anyCall},
    {"__shfl_up_sync", "gpu::warp::shfl_up(value, delta, mask)", anyCall},
    {"__shfl_down_sync", "gpu::warp::shfl_down(value, delta, mask)", anyCall},
    {"__shfl_xor_sync", "gpu::warp::shfl_xor(value, lane_mask, mask)",
     anyCall},
    {"__ballot_sync", "gpu::warp::ballot(pred, mask)", anyCall},
    {"__any_sync", "gpu::warp::any(pred, mask)", anyCall},
    {"__all_sync", "gpu::warp::all(pred, mask)", anyCall},
    {"__threadfence", "gpu::thread_fence()", anyCall},
};
// Ordinary names, which a program may declare (`const gpu::dim3 threadIdx
// = gpu::thread_idx();`): reported only where lookup finds nothing.
constexpr CudaName cudaIdentifiers[] = {
    {"threadIdx", "gpu::thread_idx()", ""},
    {"blockIdx", "gpu::block_idx()", ""},
    {"blockDim", "gpu::block_dim()", ""},
    {"gridDim", "gpu::grid_dim()", ""},
    {"warpSize", "gpu::warp::size", ""},
    {"atomicAdd", "gpu::atomic_add(p, v)", ""},
    {"atomicSub", "gpu::atomic_sub(p, v)", ""},
    {"atomicExch", "gpu::atomic_exch(p, v)", ""},
    {"atomicMin", "gpu::atomic_min(p, v)", ""},
    {"atomicMax", "gpu::atomic_max(p, v)", ""},
    {"atomicCAS", "gpu::atomic_cas(p, expected, desired)", ""},
    {"cudaMalloc", "gpu::device_buffer<T>::uninitialized(stream, n)", ""},
    {"cudaMemcpy", "gpu::device_buffer<T>::from_host(stream, host) and "
                   "to_host(stream)", ""},
    {"cudaFree", "nothing (a gpu::device_buffer frees itself)", ""},
    {"cudaDeviceSynchronize", "stream.synchronize()", ""},
    {"cudaMemcpyToSymbol",
     "gpu::copy_to_symbol(stream, symbol, src, bytes[, offset])", ""},
    {"cudaMemcpyFromSymbol",
     "gpu::copy_from_symbol(stream, dst, symbol, bytes[, offset])", ""},
    {"cudaGetSymbolAddress", "gpu::symbol_address(stream, symbol)", ""},
};

// Reports a failed unqualified lookup of one of cudaIdentifiers where the
// source spells it (not typo correction's guesses), once per place.
class CudaIdentifierSource : public ExternalSemaSource {
public:
  explicit CudaIdentifierSource(Sema &sema) : sema(sema) {}
  bool LookupUnqualified(LookupResult &r, Scope *) override {
    if (r.isForRedeclaration() ||
        r.getLookupKind() != Sema::LookupOrdinaryName)
      return false;
    std::string name = r.getLookupName().getAsString();
    const CudaName *found = nullptr;
    for (const CudaName &c : cudaIdentifiers)
      if (name == c.name)
        found = &c;
    SourceLocation at = r.getNameLoc();
    if (!found || at.isInvalid() || !reported.insert(at).second)
      return false;
    SourceManager &sm = sema.getSourceManager();
    SourceLocation spelling = sm.getSpellingLoc(at);
    bool invalid = false;
    const char *text = sm.getCharacterData(spelling, &invalid);
    if (invalid || !llvm::StringRef(text).starts_with(name))
      return false;
    report(sema.getDiagnostics(), at, diag::err_cuda_name)
        << found->name << found->alloy;
    return false;
  }

private:
  Sema &sema;
  llvm::DenseSet<SourceLocation> reported;
};

class CudaIdentifierConsumer : public SemaConsumer {
public:
  void InitializeSema(Sema &sema) override {
    sema.addExternalSource(
        llvm::makeIntrusiveRefCnt<CudaIdentifierSource>(sema));
  }
};

// #pragma alloy cuda_name N: reports cudaNames[N] where the macro that
// holds it was expanded.
class CudaNamePragma : public PragmaHandler {
public:
  CudaNamePragma() : PragmaHandler("cuda_name") {}
  void HandlePragma(Preprocessor &pp, PragmaIntroducer introducer,
                    Token &token) override {
    pp.Lex(token);
    unsigned index = ~0u;
    if (token.is(tok::numeric_constant)) {
      llvm::StringRef digits(token.getLiteralData(), token.getLength());
      digits.getAsInteger(10, index);
    }
    while (token.isNot(tok::eod))
      pp.Lex(token);
    if (index >= std::size(cudaNames))
      return;
    SourceLocation where =
        pp.getSourceManager().getExpansionLoc(introducer.Loc);
    report(pp.getDiagnostics(), where, diag::err_cuda_name)
        << cudaNames[index].name << cudaNames[index].alloy;
  }
};

// A warning at each conditional that tests an undefined __CUDA_ARCH__ (or,
// in the main file, __CUDACC__);
// at the end of a main file that had errors, an error at each `<<<`.
class CudaSyntaxCallbacks : public PPCallbacks {
public:
  explicit CudaSyntaxCallbacks(Preprocessor &pp) : pp(pp) {}
  void If(SourceLocation loc, SourceRange condition,
          ConditionValueKind) override {
    checkArch(loc, condition);
  }
  void Elif(SourceLocation loc, SourceRange condition, ConditionValueKind,
            SourceLocation) override {
    checkArch(loc, condition);
  }
  void Ifdef(SourceLocation loc, const Token &name,
             const MacroDefinition &md) override {
    if (md || !name.getIdentifierInfo())
      return;
    if (name.getIdentifierInfo()->getName() == "__CUDA_ARCH__")
      warnArch(loc);
    else if (name.getIdentifierInfo()->getName() == "__CUDACC__")
      warnCudacc(loc);
  }
  void Ifndef(SourceLocation loc, const Token &name,
              const MacroDefinition &md) override {
    Ifdef(loc, name, md);
  }
  void EndOfMainFile() override {
    DiagnosticsEngine &diags = pp.getDiagnostics();
    if (!diags.hasErrorOccurred())
      return;
    SourceManager &sm = pp.getSourceManager();
    FileID main = sm.getMainFileID();
    llvm::MemoryBufferRef buffer = sm.getBufferOrFake(main);
    Lexer lexer(sm.getLocForStartOfFile(main), pp.getLangOpts(),
                buffer.getBufferStart(), buffer.getBufferStart(),
                buffer.getBufferEnd());
    Token previous, shift, token;
    previous.startToken();
    shift.startToken();
    unsigned reported = 0;
    while (!lexer.LexFromRawLexer(token) && reported < 8) {
      // `<<` then `<` with nothing between, not `operator<<<T>`.
      if (token.is(tok::less) && shift.is(tok::lessless) &&
          shift.getEndLoc() == token.getLocation() &&
          !(previous.is(tok::raw_identifier) &&
            previous.getRawIdentifier() == "operator")) {
        report(diags, shift.getLocation(), diag::err_cuda_launch);
        ++reported;
      }
      previous = shift;
      shift = token;
    }
  }

private:
  void checkArch(SourceLocation loc, SourceRange condition) {
    SourceManager &sm = pp.getSourceManager();
    bool invalid = false;
    llvm::StringRef text = Lexer::getSourceText(
        CharSourceRange::getTokenRange(condition), sm, pp.getLangOpts(),
        &invalid);
    if (invalid)
      return;
    if (text.contains("__CUDA_ARCH__") &&
        !pp.getMacroInfo(pp.getIdentifierInfo("__CUDA_ARCH__")))
      warnArch(loc);
    if (text.contains("__CUDACC__") &&
        !pp.getMacroInfo(pp.getIdentifierInfo("__CUDACC__")))
      warnCudacc(loc);
  }
  // Only in the main file: libraries' headers test __CUDACC__ to pick their
  // host code, which is what an Alloy program wants of them.
  void warnCudacc(SourceLocation loc) {
    if (pp.getSourceManager().isInMainFile(loc))
      report(pp.getDiagnostics(), loc, diag::warn_cuda_cc);
  }
  void warnArch(SourceLocation loc) {
    SourceManager &sm = pp.getSourceManager();
    if (sm.isInSystemHeader(loc))
      return;
    report(pp.getDiagnostics(), loc, diag::warn_cuda_arch);
  }

  Preprocessor &pp;
};

} // namespace

std::unique_ptr<ASTConsumer> cudaIdentifierChecks() {
  return std::make_unique<CudaIdentifierConsumer>();
}

void diagnoseCudaSyntax(Preprocessor &pp) {
  pp.AddPragmaHandler("alloy", new CudaNamePragma());
  std::string defines;
  for (size_t i = 0; i < std::size(cudaNames); ++i)
    defines += std::string("#define ") + cudaNames[i].name +
               " _Pragma(\"alloy cuda_name " + std::to_string(i) + "\") " +
               cudaNames[i].stands_for + "\n";
  pp.setPredefines(pp.getPredefines() + defines);
  pp.addPPCallbacks(std::make_unique<CudaSyntaxCallbacks>(pp));
}

} // namespace alloy
