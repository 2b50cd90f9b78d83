// A kernel declared in a header, defined in kernels.cpp, launched from
// main.cpp: two translation units, one program.
#pragma once
#include <gpu/gpu.hpp>

namespace kernels {
[[gpu::kernel, gpu::launch_contract(1, 128)]]
void saxpy(std::span<const float> x, std::span<const float> y,
           gpu::disjoint_span<float> out, float a);
} // namespace kernels

// Defined in kernels.cpp, which also has a kernel of its own.
gpu::result<void> run_square(gpu::context &ctx, gpu::stream &stream,
                             gpu::device_buffer<float> &values);
