// From the Alloy dialect to PTX and a cubin: the device half of a compile.
//
//   alloy + func/arith/cf/math   --alloy-to-llvm-->   llvm + nvvm (MLIR)
//   --translate--> LLVM IR --link libdevice, O3--> NVPTX backend --> PTX
//   --ptxas (when present)--> cubin
#ifndef ALLOY_COMPILER_PIPELINE_DEVICECOMPILER_H
#define ALLOY_COMPILER_PIPELINE_DEVICECOMPILER_H

#include "../CodeGen/KernelInfo.h"

#include "mlir/IR/BuiltinOps.h"

#include <cstdint>
#include <string>
#include <vector>

namespace clang {
class DiagnosticsEngine;
}

namespace alloy {

struct DeviceCompileOptions {
  std::string arch = "sm_80"; // the lowest of archs: the PTX's
  // Every architecture to make a cubin for (--gpu-arch=sm_80,sm_90), in
  // ascending order; empty means just `arch`.
  std::vector<std::string> archs;
  std::string traceDir;  // dump every stage here when not empty
  std::string traceStem; // file name stem of the dumps
  std::string ptxas;     // path, or empty to search for it
  bool usePtxas = true;
  std::string libdevice;   // libdevice.10.bc
  bool printAlloy = false; // print the Alloy IR to stdout and stop there
  std::string fpContract = "fast"; // alloy-fp-contract's mode: fast, on, off
  bool fastMath = false;           // nvcc's --use_fast_math
  bool lineInfo = false; // .file/.loc in the PTX (-g, nvcc's -lineinfo)
  // A throw in the standard library stops the kernel (library-throw=trap,
  // the default) or is an error (library-throw=error).
  bool libraryThrowTraps = true;
  // Host copies of the kernels for the CPU device (alloy++ --no-cpu-device
  // turns them off: GPU only, a smaller host object, a faster compile).
  bool cpuDevice = true;
};

struct DeviceCubin {
  std::string arch; // sm_XX
  std::vector<uint8_t> data;
};

struct DeviceImage {
  std::string arch; // of the PTX: the lowest of --gpu-arch
  std::string ptx;
  std::vector<DeviceCubin> cubins; // one per --gpu-arch, lowest first
  std::vector<KernelInfo> kernels;
  std::vector<DeviceGlobalInfo> globals;
  // Device functions with PTX asm: their host copies trap instead.
  std::vector<std::string> ptxAsmFunctions;
  bool cpuDevice = true; // DeviceCompileOptions::cpuDevice
};

// Runs the Alloy-level passes (alloy-narrow-index, alloy-fp-contract,
// alloy-fast-math), before the analyses that report to the user. Returns
// false after reporting errors through `diags`.
bool optimizeAlloyModule(mlir::ModuleOp module,
                         const std::vector<KernelInfo> &kernels,
                         const DeviceCompileOptions &options,
                         clang::DiagnosticsEngine &diags);

// Inlines the loop-free device functions into their callers at the Alloy
// level (alloy-inline; [[gnu::noinline]] functions and recursion stay
// calls), then promotes the slots that inlining made local. Runs after the
// analyses that report to the user, which read the call structure. Returns
// false after reporting errors.
bool inlineAlloyModule(mlir::ModuleOp module,
                       const DeviceCompileOptions &options,
                       clang::DiagnosticsEngine &diags);

// The rest of the pipeline, to PTX and a cubin. Returns false after
// reporting errors through `diags`.
bool compileDeviceModule(mlir::ModuleOp module,
                         const std::vector<KernelInfo> &kernels,
                         const DeviceCompileOptions &options,
                         clang::DiagnosticsEngine &diags, DeviceImage &image);

// Writes `text` to <traceDir>/<stem><suffix> when tracing.
void writeTrace(const DeviceCompileOptions &options, llvm::StringRef suffix,
                llvm::StringRef text);

} // namespace alloy

#endif
