// Alloy's host API: errors as values, devices, contexts, streams, buffers,
// launch configurations and kernel launches (README.md, docs/design.md).
//
// Nothing here needs the CUDA headers: liballoy_runtime loads the driver
// with dlopen, so a program built without the plugin or run without a GPU
// still compiles, links and reports its failures as gpu::error values.
#ifndef GPU_RUNTIME_HPP
#define GPU_RUNTIME_HPP

#include <gpu/context.hpp>
#include <gpu/device_buffer.hpp>
#include <gpu/device_memory.hpp>
#include <gpu/device_properties.hpp>
#include <gpu/errors.hpp>
#include <gpu/graph.hpp>
#include <gpu/launch.hpp>
#include <gpu/launch_config.hpp>
#include <gpu/pinned_buffer.hpp>
#include <gpu/symbols.hpp>
#include <gpu/transfers.hpp>

#endif // GPU_RUNTIME_HPP
