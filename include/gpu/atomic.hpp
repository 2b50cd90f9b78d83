// Atomics on global and shared memory (see <gpu/device.hpp>).
#ifndef GPU_ATOMIC_HPP
#define GPU_ATOMIC_HPP

#include <gpu/detail/intrinsics.hpp>

#endif // GPU_ATOMIC_HPP
