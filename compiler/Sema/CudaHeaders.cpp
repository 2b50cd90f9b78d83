#include "CudaHeaders.h"
#include "Basic/Diagnostics.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/PPCallbacks.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace alloy {
namespace {

// The replacement of each CUDA header that kernels include.
llvm::StringRef replacement(llvm::StringRef header) {
  return llvm::StringSwitch<llvm::StringRef>(header)
      .Cases({"cuda_fp16.h", "cuda_fp16.hpp", "cuda_bf16.h", "cuda_bf16.hpp"},
             "<gpu/cuda_compat.hpp> (__half, __nv_bfloat16, __hfma2, ...; "
             "Alloy's own types are in <gpu/half.hpp>)")
      .Cases({"mma.h", "crt/mma.h"},
             "<gpu/cuda_compat.hpp> (nvcuda::wmma) or <gpu/tensor_core.hpp> "
             "(gpu::mma fragments)")
      .Cases({"cuda_pipeline.h", "cuda_pipeline_primitives.h",
              "cuda/pipeline"},
             "<gpu/tensor_core.hpp> (gpu::cp_async, gpu::pipeline)")
      .Cases({"cuda_runtime.h", "cuda_runtime_api.h", "cuda.h"},
             "<gpu/gpu.hpp> (contexts, device_buffer, gpu::launch)")
      .Cases({"cooperative_groups.h", "cooperative_groups/reduce.h",
              "cooperative_groups/scan.h"},
             "<gpu/cooperative_groups.hpp> (namespace cooperative_groups, "
             "the same names)")
      .Case("cuda_fp8.h", "nothing yet")
      .Default("");
}

class CudaHeaderCallbacks : public PPCallbacks {
public:
  CudaHeaderCallbacks(DiagnosticsEngine &diags, SourceManager &sm)
      : diags(diags), sm(sm) {}
  void InclusionDirective(SourceLocation, const Token &, StringRef name, bool,
                          CharSourceRange range, OptionalFileEntryRef,
                          StringRef, StringRef, const Module *, bool,
                          SrcMgr::CharacteristicKind) override {
    llvm::StringRef use = replacement(name);
    if (use.empty())
      return;
    report(diags, range.getBegin(), diag::err_cuda_header) << name << use;
    // Once, in a CUDA file (.cu): the tool that ports one.
    auto main = sm.getFileEntryRefForID(sm.getMainFileID());
    if (pointedToPort || !main || !main->getName().ends_with(".cu"))
      return;
    pointedToPort = true;
    llvm::StringRef file = llvm::sys::path::filename(main->getName());
    report(diags, range.getBegin(), diag::note_cuda_port)
        << file << (file.drop_back(3) + ".cpp").str();
  }
  // Without CUDA's include directory on the path, the error above instead
  // of clang's bare "file not found" (InclusionDirective still runs).
  bool FileNotFound(StringRef name) override {
    return !replacement(name).empty();
  }

private:
  DiagnosticsEngine &diags;
  SourceManager &sm;
  bool pointedToPort = false;
};

} // namespace

void diagnoseCudaHeaders(Preprocessor &pp) {
  pp.addPPCallbacks(std::make_unique<CudaHeaderCallbacks>(
      pp.getDiagnostics(), pp.getSourceManager()));
}

} // namespace alloy
