// What the host needs to know of each kernel: the metadata of
// include/gpu/detail/module_abi.h.
#ifndef ALLOY_COMPILER_CODEGEN_KERNELINFO_H
#define ALLOY_COMPILER_CODEGEN_KERNELINFO_H

#include "Basic/KernelParams.h"
#include "Sema/KernelAttributes.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace alloy {

struct ParamLeaf {
  uint64_t offset = 0;
  uint64_t size = 0;
};

struct KernelParamInfo {
  std::string name;
  ParamKind kind = ParamKind::Scalar;
  uint64_t size = 0;
  std::vector<ParamLeaf> leaves;
  bool mayAlias = false; // [[gpu::may_alias]]: may overlap the inputs
};

struct KernelInfo {
  std::string symbol;        // the PTX entry name (the Itanium mangled name)
  std::string qualifiedName; // e.g. kernels::axpy<float>
  std::optional<LaunchContract> contract;
  std::optional<LaunchBounds> bounds;
  std::optional<ClusterDims> cluster;
  std::vector<KernelParamInfo> params;
  // The kernel reaches a cycle of calls (after optimization): ptxas cannot
  // size its stack, so the driver's per-thread default may be too small.
  bool recursive = false;
  bool independent = false; // its threads never wait for each other
  bool gridSync = false;    // reaches cooperative groups' grid.sync()
};

// A device global ([[gpu::device]] or [[gpu::constant]] variable).
struct DeviceGlobalInfo {
  std::string symbol;        // its PTX name, the host variable's too
  std::string qualifiedName; // e.g. tables::coefficients
  uint64_t size = 0;
  bool constant = false; // in the constant space
};

// The `metadata` text of an alloy_module_image; `cpuDevice` false records
// that the object holds no host copies of the kernels (no_cpu_device).
std::string
serializeKernelMetadata(const std::vector<KernelInfo> &kernels,
                        const std::vector<DeviceGlobalInfo> &globals,
                        const std::string &arch, bool cpuDevice = true);

} // namespace alloy

#endif
