#include "CudaSyntax.h"
#include "Basic/Diagnostics.h"

#include "clang/Basic/SourceManager.h"
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
constexpr const char *dims = "(::gpu::dim3{})";
constexpr CudaName cudaNames[] = {
    {"__global__", "[[gpu::kernel]]", ""},
    {"__device__", "nothing (device functions need no mark)", ""},
    {"__host__", "nothing", ""},
    {"__shared__", "[[gpu::shared]]", ""},
    {"__constant__", "a kernel parameter (device globals are not supported)",
     ""},
    {"__forceinline__", "[[gnu::always_inline]] inline", "inline"},
    {"threadIdx", "gpu::thread_idx()", dims},
    {"blockIdx", "gpu::block_idx()", dims},
    {"blockDim", "gpu::block_dim()", dims},
    {"gridDim", "gpu::grid_dim()", dims},
    {"warpSize", "gpu::warp::size", "32"},
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
    {"atomicAdd", "gpu::atomic_add(p, v)", anyCall},
    {"atomicSub", "gpu::atomic_sub(p, v)", anyCall},
    {"atomicExch", "gpu::atomic_exch(p, v)", anyCall},
    {"atomicMin", "gpu::atomic_min(p, v)", anyCall},
    {"atomicMax", "gpu::atomic_max(p, v)", anyCall},
    {"atomicCAS", "gpu::atomic_cas(p, expected, desired)", anyCall},
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

// At the end of a main file that had errors: an error at each `<<<`.
class LaunchSyntaxCallbacks : public PPCallbacks {
public:
  explicit LaunchSyntaxCallbacks(Preprocessor &pp) : pp(pp) {}
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
  Preprocessor &pp;
};

} // namespace

void diagnoseCudaSyntax(Preprocessor &pp) {
  pp.AddPragmaHandler("alloy", new CudaNamePragma());
  std::string defines;
  for (size_t i = 0; i < std::size(cudaNames); ++i)
    defines += std::string("#define ") + cudaNames[i].name +
               " _Pragma(\"alloy cuda_name " + std::to_string(i) + "\") " +
               cudaNames[i].stands_for + "\n";
  pp.setPredefines(pp.getPredefines() + defines);
  pp.addPPCallbacks(std::make_unique<LaunchSyntaxCallbacks>(pp));
}

} // namespace alloy
