#include "checks.hpp"

#include "errors.hpp"

#include <string>

namespace gpu::detail {
namespace {

constexpr const char *axis_names[3] = {"x", "y", "z"};

std::string kernel_prefix(std::string_view kernel) {
  return "kernel '" + std::string(kernel) + "': ";
}

std::string shape(const uint64_t (&extents)[3]) {
  return std::to_string(extents[0]) + " x " + std::to_string(extents[1]) +
         " x " + std::to_string(extents[2]);
}

std::string shape(const uint32_t (&extents)[3]) {
  const uint64_t wide[3] = {extents[0], extents[1], extents[2]};
  return shape(wide);
}

const char *param_kind_name(param_kind kind) {
  switch (kind) {
  case param_kind::input:
    return "input";
  case param_kind::output:
    return "output";
  case param_kind::raw_output:
    return "raw_output";
  case param_kind::scalar:
    return "scalar";
  }
  return "?";
}

std::string describe_argument(const kernel_record *kernel, uint32_t argument,
                              bool output) {
  std::string text = "argument " + std::to_string(argument);
  if (kernel && argument >= 1 && argument <= kernel->params.size())
    text += " ('" + kernel->params[argument - 1].name + "')";
  if (output)
    text += ", an output,";
  return text;
}

} // namespace

result<void> check_disjoint_outputs(const launch_dims &dims,
                                    const kernel_record &kernel) {
  if (dims.grid[1] * dims.grid[2] == 1 && dims.block[1] * dims.block[2] == 1)
    return {};
  for (const param_record &param : kernel.params)
    if (param.kind == param_kind::output)
      return fail(
          errc::invalid_config,
          "kernel '" + kernel.name + "': its output '" + param.name +
              "' is a gpu::disjoint_span, whose element a thread owns by "
              "gpu::thread::index_1d() (the x index alone); a grid of " +
              shape(dims.grid) + " blocks of " + shape(dims.block) +
              " threads gives threads that differ in y or z the same index, "
              "and so the same element: launch it in one dimension, or "
              "make the output a T* that each thread indexes itself");
  return {};
}

result<void> check_limits(const launch_dims &dims, const device_limits &limits,
                          std::string_view kernel) {
  for (int i = 0; i < 3; ++i) {
    if (dims.grid[i] == 0 || dims.block[i] == 0)
      return fail(errc::invalid_config,
                  kernel_prefix(kernel) +
                      (dims.grid[i] == 0 ? "grid" : "block") + " extent " +
                      axis_names[i] +
                      " is 0 (or negative); every extent must be at least 1");
    if (dims.block[i] > limits.max_block[i])
      return fail(errc::invalid_config,
                  kernel_prefix(kernel) + "block extent " + axis_names[i] +
                      " = " + std::to_string(dims.block[i]) +
                      " exceeds the device's maximum " +
                      std::to_string(limits.max_block[i]));
    if (dims.grid[i] > limits.max_grid[i])
      return fail(errc::invalid_config, kernel_prefix(kernel) + "grid extent " +
                                            axis_names[i] + " = " +
                                            std::to_string(dims.grid[i]) +
                                            " exceeds the device's maximum " +
                                            std::to_string(limits.max_grid[i]));
  }
  // Each block extent is at most 2^32-1 here, so the product cannot wrap
  // before it is compared: check in two steps.
  uint64_t threads = dims.block[0] * dims.block[1];
  if (threads > limits.max_threads_per_block ||
      threads * dims.block[2] > limits.max_threads_per_block)
    return fail(errc::invalid_config,
                kernel_prefix(kernel) + "a block of " + shape(dims.block) +
                    " threads exceeds the device's " +
                    std::to_string(limits.max_threads_per_block) +
                    " threads per block");
  if (dims.shared_bytes > limits.max_shared_per_block)
    return fail(errc::invalid_config,
                kernel_prefix(kernel) +
                    "shared_bytes = " + std::to_string(dims.shared_bytes) +
                    " exceeds the device's " +
                    std::to_string(limits.max_shared_per_block) +
                    " bytes of shared memory per block");
  return {};
}

result<void> check_contract(const launch_dims &dims,
                            const std::optional<contract_record> &contract,
                            bool check_rank, std::string_view kernel) {
  if (!contract)
    return {};
  if (check_rank && dims.rank != contract->domain)
    return fail(errc::contract_violation,
                kernel_prefix(kernel) + "its launch contract has DOMAIN " +
                    std::to_string(contract->domain) +
                    ", so it needs a launch_config_" +
                    std::to_string(contract->domain) +
                    "d, not a launch_config_" + std::to_string(dims.rank) +
                    "d");
  for (int i = 0; i < 3; ++i)
    if (dims.block[i] != contract->block[i])
      return fail(errc::contract_violation, kernel_prefix(kernel) +
                                                "its launch contract requires "
                                                "blocks of " +
                                                shape(contract->block) +
                                                " threads, the configuration "
                                                "has " +
                                                shape(dims.block));
  return {};
}

result<void> check_arch(const module_record &module, sm_version device,
                        std::string_view device_name, std::string_view kernel) {
  // The lowest architecture arch-specific (--gpu-arch=sm_90a): its PTX
  // runs on exactly that device, so elsewhere only a fitting cubin of
  // another architecture in the list does.
  bool arch_specific = module.arch.ends_with('a');
  if (arch_specific && module.arch_version < device &&
      !choose_cubin(module, device))
    return fail(errc::arch_mismatch,
                kernel_prefix(kernel) + "compiled for " + module.arch +
                    ", an arch-specific target that runs only on compute "
                    "capability " +
                    std::to_string(module.arch_version.major) + "." +
                    std::to_string(module.arch_version.minor) +
                    ", not on the device '" + std::string(device_name) +
                    "' (compute capability " + std::to_string(device.major) +
                    "." + std::to_string(device.minor) +
                    "): add its architecture to --gpu-arch");
  if (module.arch_version <= device)
    return {};
  return fail(errc::arch_mismatch,
              kernel_prefix(kernel) + "compiled for " + module.arch +
                  ", which is newer than the device '" +
                  std::string(device_name) + "' (compute capability " +
                  std::to_string(device.major) + "." +
                  std::to_string(device.minor) +
                  "): compile for an architecture the device supports");
}

const alloy_cubin *choose_cubin(const module_record &module,
                                sm_version device) {
  const alloy_module_image *image = module.image;
  if (!image || !image->cubins)
    return nullptr;
  const alloy_cubin *best = nullptr;
  for (uint32_t i = 0; i < image->cubin_count; ++i) {
    const alloy_cubin &c = image->cubins[i];
    if (!c.data || c.size == 0)
      continue;
    sm_version v{int(c.sm / 10), int(c.sm % 10)};
    // An arch-specific target (sm_90a) runs only on exactly that device.
    bool fits = c.arch_specific ? v == device
                                : v.major == device.major && v <= device;
    if (fits && (!best || c.sm > best->sm ||
                 (c.sm == best->sm && c.arch_specific)))
      best = &c;
  }
  return best;
}

result<void> check_signature(const kernel_record &kernel,
                             std::span<const param_desc> params) {
  const std::string stale = ": the object file and the declaration disagree; "
                            "rebuild the file with alloy++";
  if (kernel.params.size() != params.size())
    return fail(errc::signature_mismatch,
                kernel_prefix(kernel.name) + "its compiled code has " +
                    std::to_string(kernel.params.size()) +
                    " parameters, its C++ declaration " +
                    std::to_string(params.size()) + stale);
  for (size_t i = 0; i < params.size(); ++i) {
    const param_record &p = kernel.params[i];
    if (p.size != params[i].size || p.kind != params[i].kind)
      return fail(errc::signature_mismatch,
                  kernel_prefix(kernel.name) + "parameter " +
                      std::to_string(i + 1) + " ('" + p.name +
                      "') is compiled as " + param_kind_name(p.kind) + " of " +
                      std::to_string(p.size) + " bytes, declared as " +
                      param_kind_name(params[i].kind) + " of " +
                      std::to_string(params[i].size) + " bytes" + stale);
  }
  return {};
}

result<void> check_aliasing(std::span<const buffer_arg> buffers,
                            const kernel_record *kernel,
                            std::string_view kernel_name) {
  for (size_t i = 0; i < buffers.size(); ++i)
    for (size_t j = i + 1; j < buffers.size(); ++j) {
      const buffer_arg &a = buffers[i], &b = buffers[j];
      if (!a.output && !b.output)
        continue;
      if (a.bytes == 0 || b.bytes == 0)
        continue;
      bool overlap =
          a.address < b.address + b.bytes && b.address < a.address + a.bytes;
      if (!overlap)
        continue;
      const buffer_arg &out = a.output ? a : b;
      const buffer_arg &other = a.output ? b : a;
      // [[gpu::may_alias]] outputs may overlap (in-place kernels).
      auto may_alias = [&](const buffer_arg &x) {
        return x.output && kernel && x.argument >= 1 &&
               x.argument <= kernel->params.size() &&
               kernel->params[x.argument - 1].may_alias;
      };
      if (may_alias(out) || may_alias(other))
        continue;
      return fail(errc::aliasing,
                  kernel_prefix(kernel_name) +
                      describe_argument(kernel, out.argument, true) +
                      " overlaps " +
                      describe_argument(kernel, other.argument, false) +
                      " in device memory; nothing was launched (if the "
                      "kernel is written to work in place, mark the output "
                      "[[gpu::may_alias]])");
    }
  return {};
}

} // namespace gpu::detail
