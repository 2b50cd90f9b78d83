#include "DeviceCompiler.h"
#include "Basic/Diagnostics.h"
#include "Basic/GpuArch.h"
#include "CheckWgmma.h"
#include "NVPTXBackend.h"
#include "Ptxas.h"

#include "alloy/Conversion/Passes.h"
#include "alloy/Transforms/InlinedLocations.h"
#include "alloy/Transforms/Passes.h"

#include "mlir/Dialect/LLVMIR/Transforms/Passes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "mlir/Transforms/Passes.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/TimeProfiler.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/Cloning.h"

namespace alloy {

void writeTrace(const DeviceCompileOptions &options, llvm::StringRef suffix,
                llvm::StringRef text) {
  if (options.traceDir.empty())
    return;
  llvm::sys::fs::create_directories(options.traceDir);
  llvm::SmallString<256> path(options.traceDir);
  llvm::sys::path::append(path, options.traceStem + suffix.str());
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec);
  if (!ec)
    os << text;
}

namespace {
// LLVM's own diagnostics of the device code, through clang's: a loop hint
// the optimizer could not apply is a warning that names the function.
struct DeviceDiagnosticHandler : llvm::DiagnosticHandler {
  explicit DeviceDiagnosticHandler(clang::DiagnosticsEngine &diags)
      : diags(diags) {}
  bool handleDiagnostics(const llvm::DiagnosticInfo &di) override {
    if (const auto *failure =
            llvm::dyn_cast<llvm::DiagnosticInfoOptimizationFailure>(&di)) {
      // At the loop where the IR has its line (-g, -lineinfo).
      clang::SourceLocation at;
      if (failure->isLocationAvailable())
        at = locationOf(failure->getAbsolutePath(),
                        failure->getLocation().getLine(),
                        failure->getLocation().getColumn());
      report(diags, at, diag::warn_device_loop_not_transformed)
          << llvm::demangle(failure->getFunction().getName())
          << failure->getMsg() << at.isInvalid();
      return true;
    }
    if (const auto *wgmma = llvm::dyn_cast<WgmmaDiagnostic>(&di)) {
      report(diags, locationOf(wgmma->where()),
             wgmma->getSeverity() == llvm::DS_Error
                 ? diag::err_wgmma_misuse
                 : diag::warn_wgmma_fragment_rewritten)
          << wgmma->message();
      return true;
    }
    if (di.getSeverity() == llvm::DS_Remark ||
        di.getSeverity() == llvm::DS_Note)
      return true;
    std::string text;
    llvm::raw_string_ostream os(text);
    llvm::DiagnosticPrinterRawOStream printer(os);
    di.print(printer);
    report(diags, clang::SourceLocation(),
           di.getSeverity() == llvm::DS_Error ? diag::err_device_pipeline
                                              : diag::warn_device_llvm)
        << text;
    return true;
  }
  // "file:line:col" as a location in a file clang read; invalid otherwise.
  clang::SourceLocation locationOf(llvm::StringRef where) const {
    auto [rest, col] = where.rsplit(':');
    auto [file, line] = rest.rsplit(':');
    unsigned l = 0, c = 0;
    if (line.getAsInteger(10, l) || col.getAsInteger(10, c))
      return {};
    return locationOf(file, l, c);
  }
  clang::SourceLocation locationOf(llvm::StringRef file, unsigned l,
                                   unsigned c) const {
    if (!diags.hasSourceManager())
      return {};
    clang::SourceManager &sm = diags.getSourceManager();
    auto ref = sm.getFileManager().getOptionalFileRef(file);
    return ref ? sm.translateFileLineCol(*ref, l, c) : clang::SourceLocation();
  }
  clang::DiagnosticsEngine &diags;
};
} // namespace

static std::string print(mlir::ModuleOp module) {
  std::string text;
  llvm::raw_string_ostream os(text);
  module.print(os);
  return text;
}

static std::string print(const llvm::Module &module) {
  std::string text;
  llvm::raw_string_ostream os(text);
  module.print(os, nullptr);
  return text;
}

namespace {
// Collects MLIR's diagnostics while a pass manager runs. An op of an
// inlined function is named where it is written, then "(inlined at ...)"
// for each call it came through, outermost (the kernel's) last.
struct CollectedMLIRErrors {
  explicit CollectedMLIRErrors(mlir::MLIRContext *ctx)
      : handler(ctx, [this](mlir::Diagnostic &d) {
          llvm::raw_string_ostream os(text);
          llvm::SmallVector<mlir::Location, 4> calls;
          callSitesOf(d.getLocation(), calls);
          os << writtenAt(d.getLocation()) << ": " << d;
          for (mlir::Location call : calls)
            os << " (inlined at " << call << ")";
          os << "\n";
          return mlir::success();
        }) {}
  std::string text;
  mlir::ScopedDiagnosticHandler handler;
};
} // namespace

// Runs one stage of Alloy-level passes and dumps its result; reports MLIR's
// messages as "<what> the device code failed" otherwise.
static bool runAlloyStage(mlir::PassManager &pm, mlir::ModuleOp module,
                          llvm::StringRef what, llvm::StringRef traceSuffix,
                          const DeviceCompileOptions &options,
                          clang::DiagnosticsEngine &diags) {
  CollectedMLIRErrors errors(module.getContext());
  if (mlir::failed(pm.run(module))) {
    report(diags, clang::SourceLocation(), diag::err_device_pipeline)
        << (what + " the device code failed:\n" + errors.text).str();
    return false;
  }
  writeTrace(options, traceSuffix, print(module));
  return true;
}

bool optimizeAlloyModule(mlir::ModuleOp module,
                         const std::vector<KernelInfo> &kernels,
                         const DeviceCompileOptions &options,
                         clang::DiagnosticsEngine &diags) {
  writeTrace(
      options, ".kernels.txt",
      serializeKernelMetadata(kernels, {}, options.arch, options.cpuDevice));
  writeTrace(options, ".alloy.mlir", print(module));
  llvm::TimeTraceScope scope("Alloy IR passes");
  mlir::PassManager pm(module.getContext());
  pm.addPass(createNarrowIndexPass());
  pm.addPass(createFPContractPass(FPContractPassOptions{options.fpContract}));
  if (options.fastMath)
    pm.addPass(createFastMathPass());
  // Scalar locals become SSA values (after the contraction passes, which
  // fuse within one expression only). The analyses after this see values,
  // not stack slots.
  pm.addPass(mlir::createMem2Reg());
  return runAlloyStage(pm, module, "optimizing", ".alloy.opt.mlir", options,
                       diags);
}

bool inlineAlloyModule(mlir::ModuleOp module,
                       const DeviceCompileOptions &options,
                       clang::DiagnosticsEngine &diags) {
  llvm::TimeTraceScope scope("Alloy IR inlining");
  mlir::PassManager pm(module.getContext());
  pm.addPass(createInlinePass());
  // LLVM tells loops apart by their annotations: one per inlined copy.
  pm.addPass(createDistinctInlinedLoopsPass());
  // Functions inlined everywhere are private and now dead.
  pm.addPass(mlir::createSymbolDCEPass());
  // A local whose address a call took (`helper(&acc)`) is a plain local
  // once the call is inlined.
  pm.addPass(mlir::createMem2Reg());
  // Accesses as aligned as their address arithmetic shows.
  pm.addPass(createInferAlignmentPass());
  // A record copied through a local: one copy, made wide in the lowering.
  pm.addPass(createForwardCopiesPass());
  return runAlloyStage(pm, module, "inlining", ".alloy.inlined.mlir", options,
                       diags);
}

// ptxas names the PTX line of an error ("line 57; error : ..."); if that
// line is in an asm statement's text, the statement's location, which
// AsmEmitter.cpp wrote in a comment ("(alloy:N)") at the text's start.
static clang::SourceLocation asmErrorLocation(llvm::StringRef ptx,
                                              llvm::StringRef message) {
  size_t at = message.find(", line ");
  unsigned line = 0;
  if (at == llvm::StringRef::npos ||
      message.substr(at + 7).consumeInteger(10, line) || line == 0)
    return {};
  llvm::SmallVector<llvm::StringRef, 0> lines;
  ptx.split(lines, '\n');
  for (size_t i = std::min<size_t>(line, lines.size()); i-- > 0;) {
    llvm::StringRef text = lines[i];
    if (text.contains("// end inline asm") && i + 1 != line)
      return {};
    size_t mark = text.find("(alloy:");
    unsigned raw = 0;
    if (mark != llvm::StringRef::npos &&
        !text.substr(mark + 7).consumeInteger(10, raw))
      return clang::SourceLocation::getFromRawEncoding(raw);
    if (text.contains("// begin inline asm"))
      return {};
  }
  return {};
}

bool compileDeviceModule(mlir::ModuleOp module,
                         const std::vector<KernelInfo> &kernels,
                         const DeviceCompileOptions &options,
                         clang::DiagnosticsEngine &diags, DeviceImage &image) {
  auto fail = [&](const llvm::Twine &message) {
    report(diags, clang::SourceLocation(), diag::err_device_pipeline)
        << message.str();
    return false;
  };

  // MLIR: Alloy to the llvm and nvvm dialects.
  CollectedMLIRErrors errors(module.getContext());
  {
    llvm::TimeTraceScope scope("Alloy IR to LLVM dialect");
    mlir::PassManager pm(module.getContext());
    // The AST lowering leaves unreachable blocks after returns and breaks;
    // the dialect conversion needs them gone.
    pm.addPass(createEraseUnreachableBlocksPass());
    // One lowering for every architecture: the lowest one's instructions
    // (sm_90a counts as 90). Arch-specific instructions (sm_90a's wgmma)
    // only when every cubin is for that arch-specific target, since the
    // same lowered code goes to each.
    std::vector<std::string> archs = options.archs;
    if (archs.empty())
      archs.push_back(options.arch);
    GpuArch lowest = parseGpuArch(options.arch).value_or(GpuArch{});
    bool archSpecific = archs.size() == 1 && lowest.archSpecific;
    buildAlloyToLLVMPipeline(pm, lowest.sm, archSpecific,
                             llvm::join(archs, ","));
    // Line info (-g, -lineinfo): each function gets a debug scope, so the
    // ops' source locations become PTX .file/.loc directives and nothing
    // else (no DWARF sections, no change to the code).
    if (options.lineInfo) {
      pm.addPass(createLineInfoLocationsPass());
      pm.addPass(mlir::LLVM::createDIScopeForLLVMFuncOpPass(
          {mlir::LLVM::DIEmissionKind::DebugDirectivesOnly}));
    }
    if (mlir::failed(pm.run(module)))
      return fail("lowering the device code failed:\n" + errors.text);
  }
  writeTrace(options, ".llvm.mlir", print(module));

  // LLVM IR.
  llvm::LLVMContext llvmContext;
  llvmContext.setDiagnosticHandler(
      std::make_unique<DeviceDiagnosticHandler>(diags));
  llvm::TimeTraceScope translateScope("Alloy translate to LLVM IR");
  std::unique_ptr<llvm::Module> llvmModule =
      mlir::translateModuleToLLVMIR(module, llvmContext, options.traceStem);
  if (!llvmModule)
    return fail("translating the device code to LLVM IR failed");
  llvm::StringSet<> kernelNames;
  for (const KernelInfo &k : kernels)
    kernelNames.insert(k.symbol);
  image.arch = options.arch;
  image.kernels = kernels;
  image.cpuDevice = options.cpuDevice;
  std::optional<std::string> ptxas;
  if (options.usePtxas)
    ptxas = findPtxas(options.ptxas);
  std::string cubinReport;

  // Per architecture, lowest first: LLVM's pipeline and the NVPTX backend
  // on a copy of the module, PTX (kept for the lowest, which the driver
  // can compile for any newer GPU), and a cubin where ptxas exists.
  std::vector<std::string> archs = options.archs;
  if (archs.empty())
    archs.push_back(options.arch);
  for (size_t i = 0; i < archs.size(); ++i) {
    const std::string &arch = archs[i];
    bool lowest = i == 0;
    // Traces of the lowest arch keep their plain names.
    std::string tag = lowest ? "" : "." + arch;
    std::unique_ptr<llvm::Module> copy = i + 1 == archs.size()
                                             ? std::move(llvmModule)
                                             : llvm::CloneModule(*llvmModule);
    if (llvm::Error e = prepareForNVPTX(*copy, arch))
      return fail(llvm::toString(std::move(e)));
    writeTrace(options, tag + ".ll", print(*copy));
    llvm::TimeTraceScope archScope("Alloy LLVM pipeline", arch);
    if (llvm::Error e = linkLibdevice(*copy, options.libdevice, kernelNames,
                                      options.fastMath))
      return fail(llvm::toString(std::move(e)));
    if (llvm::Error e = optimize(*copy, arch, options.fastMath))
      return fail(llvm::toString(std::move(e)));
    writeTrace(options, tag + ".opt.ll", print(*copy));
    if (lowest) {
      llvm::StringSet<> recursive = recursiveKernels(*copy);
      llvm::StringSet<> independent = independentKernels(*copy);
      llvm::StringSet<> gridSync = gridSyncKernels(*copy);
      for (KernelInfo &k : image.kernels) {
        k.recursive = recursive.contains(k.symbol);
        k.independent = independent.contains(k.symbol);
        k.gridSync = gridSync.contains(k.symbol);
      }
    }
    std::optional<llvm::TimeTraceScope> ptxScope;
    ptxScope.emplace("Alloy NVPTX backend", arch);
    llvm::Expected<std::string> ptx = emitPTX(*copy, arch);
    ptxScope.reset();
    if (!ptx)
      return fail(llvm::toString(ptx.takeError()));
    writeTrace(options, tag + ".ptx", *ptx);
    if (ptxas) {
      llvm::TimeTraceScope ptxasScope("Alloy ptxas", arch);
      auto cubin = assemblePTX(*ptxas, *ptx, arch);
      if (!cubin) {
        std::string message = llvm::toString(cubin.takeError());
        // In the text of an asm statement: at the statement.
        if (clang::SourceLocation at = asmErrorLocation(*ptx, message);
            at.isValid()) {
          report(diags, at, diag::err_device_asm_ptxas) << message;
          return false;
        }
        return fail(message);
      }
      cubinReport += "cubin: " + std::to_string(cubin->size()) + " bytes for " +
                     arch + "\n";
      image.cubins.push_back({arch, std::move(*cubin)});
    }
    if (lowest)
      image.ptx = std::move(*ptx);
  }
  writeTrace(options, ".cubin.txt",
             image.cubins.empty()
                 ? std::string("no cubin: ptxas not found; the driver will "
                               "compile the PTX at load time\n")
                 : cubinReport);
  return true;
}

} // namespace alloy
