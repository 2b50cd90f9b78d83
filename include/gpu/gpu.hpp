// Everything a single-source Alloy program uses: the device API and the host
// runtime.
#ifndef GPU_GPU_HPP
#define GPU_GPU_HPP

#include <gpu/device.hpp>
#include <gpu/runtime.hpp>

#endif // GPU_GPU_HPP
