// The launch checks as pure functions of plain data, so that they can be
// tested without a GPU.
#ifndef ALLOY_RUNTIME_CHECKS_HPP
#define ALLOY_RUNTIME_CHECKS_HPP

#include "module_registry.hpp"

#include <gpu/runtime.hpp>

#include <span>
#include <string_view>

namespace gpu::detail {

// Zero extents, the device's block, grid, thread and shared memory limits.
result<void> check_limits(const launch_dims &dims, const device_limits &limits,
                          std::string_view kernel);

// The block shape against the contract, and with `check_rank` the rank of
// the configuration against its DOMAIN. No contract: nothing to check.
result<void> check_contract(const launch_dims &dims,
                            const std::optional<contract_record> &contract,
                            bool check_rank, std::string_view kernel);

// A gpu::disjoint_span output is written at gpu::thread::index_1d(), the x
// index alone: a grid or block that extends in y or z gives several threads
// one index, and so one element. Such a kernel launches in one dimension.
result<void> check_disjoint_outputs(const launch_dims &dims,
                                    const kernel_record &kernel);

// Code compiled for `compiled` runs on `device` only if not newer; code
// whose lowest architecture is arch-specific (sm_90a) only on exactly that
// device, unless another of its cubins fits.
result<void> check_arch(const module_record &module, sm_version device,
                        std::string_view device_name, std::string_view kernel);

// The cubin to load on `device`: of those with the device's major version
// and a minor not above its, the newest (an arch-specific one such as
// sm_90a only on exactly its device); null when none fits and the driver
// must compile the PTX.
const alloy_cubin *choose_cubin(const module_record &module,
                                sm_version device);

// The module's parameter list against the C++ signature.
result<void> check_signature(const kernel_record &kernel,
                             std::span<const param_desc> params);

// An output range overlapping any other buffer range of the launch.
result<void> check_aliasing(std::span<const buffer_arg> buffers,
                            const kernel_record *kernel,
                            std::string_view kernel_name);

} // namespace gpu::detail

#endif // ALLOY_RUNTIME_CHECKS_HPP
