#include "CudaHeaders.h"
#include "Basic/Diagnostics.h"

#include "clang/Lex/PPCallbacks.h"
#include "llvm/ADT/StringSwitch.h"

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
  explicit CudaHeaderCallbacks(DiagnosticsEngine &diags) : diags(diags) {}
  void InclusionDirective(SourceLocation, const Token &, StringRef name, bool,
                          CharSourceRange range, OptionalFileEntryRef,
                          StringRef, StringRef, const Module *, bool,
                          SrcMgr::CharacteristicKind) override {
    llvm::StringRef use = replacement(name);
    if (!use.empty())
      report(diags, range.getBegin(), diag::err_cuda_header) << name << use;
  }

private:
  DiagnosticsEngine &diags;
};

} // namespace

void diagnoseCudaHeaders(Preprocessor &pp) {
  pp.addPPCallbacks(std::make_unique<CudaHeaderCallbacks>(pp.getDiagnostics()));
}

} // namespace alloy
