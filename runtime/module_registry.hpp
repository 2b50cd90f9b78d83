// The registry of module images that the plugin's global constructors hand
// to __alloy_register_module, parsed into records and indexed by each
// kernel's host function address.
#ifndef ALLOY_RUNTIME_MODULE_REGISTRY_HPP
#define ALLOY_RUNTIME_MODULE_REGISTRY_HPP

#include <gpu/detail/module_abi.h>
#include <gpu/runtime.hpp>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gpu::detail {

struct param_leaf {
  uint32_t offset; // byte offset in the C++ parameter object
  uint32_t size;   // bytes of this PTX parameter
};

struct param_record {
  std::string name;
  param_kind kind;
  uint64_t size; // sizeof the C++ parameter type
  std::vector<param_leaf> leaves;
  bool may_alias = false; // [[gpu::may_alias]]: may overlap the inputs
};

struct contract_record {
  int domain;        // 1, 2 or 3
  uint32_t block[3]; // the exact block shape
};

struct module_record;

struct kernel_record {
  const module_record *module = nullptr;
  const void *host_function = nullptr;
  std::string symbol; // the PTX entry
  std::string name;   // the qualified C++ name
  std::optional<contract_record> contract;
  uint32_t max_threads = 0; // launch bounds, 0: none
  uint32_t min_blocks = 0;
  uint32_t cluster[3] = {1, 1, 1}; // [[gpu::cluster_dims]]: blocks per cluster
  std::vector<param_record> params;
  bool recursive = false; // reaches a cycle of calls: stack size unknown
  bool grid_sync = false; // reaches grid.sync(): a cooperative launch only
  // Its threads never wait for each other: the CPU device runs a block as
  // one loop.
  bool independent = false;
};

// A device global ([[gpu::device]], [[gpu::constant]]).
struct global_record {
  const module_record *module = nullptr;
  const void *host_variable = nullptr;
  std::string symbol; // the PTX name
  std::string name;   // the qualified C++ name
  uint64_t size = 0;
  bool constant = false;
};

struct module_record {
  const alloy_module_image *image = nullptr;
  std::string arch; // as written, e.g. "sm_90a"
  sm_version arch_version;
  // False when compiled with alloy++ --no-cpu-device: no host copies of
  // the kernels, so the CPU device cannot run them.
  bool cpu_device = true;
  std::vector<kernel_record> kernels;
  std::vector<global_record> globals;
};

// "sm_90a" -> {9, 0}; nullopt when malformed.
std::optional<sm_version> parse_arch(std::string_view arch);

// Parses an image's metadata into a record; a malformed image is an
// ALLOY_ERROR_INVALID_MODULE error whose message gives the line.
result<std::unique_ptr<module_record>>
parse_module(const alloy_module_image &image);

// Adds an image (idempotent). A malformed one is kept as the error to
// report for its kernels.
void register_module(const alloy_module_image *image);

// The record of the kernel whose host function is at `key.address`, or
// ALLOY_ERROR_KERNEL_NOT_COMPILED naming it.
result<const kernel_record *> find_kernel(const kernel_key &key);

// The record of the device global whose host variable is at `host`, or
// ALLOY_ERROR_KERNEL_NOT_COMPILED saying why there is none.
result<const global_record *> find_global(const void *host);

// The host variable of a device global that holds `address`, if one does
// (the CPU device's device globals are their host variables).
bool find_global_containing(uintptr_t address, uintptr_t &start, size_t &size);

} // namespace gpu::detail

#endif // ALLOY_RUNTIME_MODULE_REGISTRY_HPP
