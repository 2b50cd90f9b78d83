// Kernel names without the plugin.
#include <gpu/gpu.hpp>

#include <gtest/gtest.h>

namespace kernels {
[[gpu::kernel]] void vecadd2(std::span<const float>, std::span<const float>,
                             gpu::disjoint_span<float>) {}
template <class T> [[gpu::kernel]] void axpy(T, const T *, T *) {}
namespace {
[[gpu::kernel]] void hidden(int) {}
} // namespace
} // namespace kernels

namespace {

using gpu::detail::kernel_name;
using gpu::detail::kernel_static_name;

static_assert(kernel_static_name<kernels::vecadd2>() == "kernels::vecadd2");
static_assert(kernel_static_name<&kernels::vecadd2>() == "kernels::vecadd2");
// Clang prints a specialization without its arguments at compile time.
static_assert(kernel_static_name<kernels::axpy<float>>() == "kernels::axpy");
static_assert(gpu::detail::type_name<std::span<const float>>() ==
              "std::span<const float>");

TEST(KernelName, PlainFunction) {
  EXPECT_EQ(kernel_name<kernels::vecadd2>(), "kernels::vecadd2");
}

TEST(KernelName, FunctionTemplateSpecialization) {
  EXPECT_EQ(kernel_name<kernels::axpy<float>>(), "kernels::axpy<float>");
  EXPECT_EQ(kernel_name<kernels::axpy<double>>(), "kernels::axpy<double>");
}

TEST(KernelName, AnonymousNamespace) {
  EXPECT_EQ(kernel_name<kernels::hidden>(),
            "kernels::(anonymous namespace)::hidden");
}

TEST(KernelName, DemangleFallsBack) {
  EXPECT_EQ(gpu::detail::demangle_kernel_name("k", nullptr), "k");
  EXPECT_EQ(gpu::detail::demangle_kernel_name("k", "not-mangled"), "k");
}

} // namespace
