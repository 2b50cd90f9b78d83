// Overlap of output buffers with other buffer arguments at launch.
#include "checks.hpp"

#include <gtest/gtest.h>

namespace {

using gpu::detail::buffer_arg;
using gpu::detail::check_aliasing;

gpu::detail::kernel_record vecadd() {
  using gpu::detail::param_kind;
  gpu::detail::kernel_record k;
  k.name = "kernels::vecadd";
  k.params = {{"a", param_kind::input, 16, {{0, 8}}},
              {"b", param_kind::input, 16, {{0, 8}}},
              {"c", param_kind::output, 16, {{0, 8}}}};
  return k;
}

TEST(Aliasing, DisjointBuffersAreFine) {
  auto k = vecadd();
  const buffer_arg args[] = {{1, 0x1000, 0x100, false},
                             {2, 0x1100, 0x100, false},
                             {3, 0x1200, 0x100, true}};
  EXPECT_TRUE(check_aliasing(args, &k, k.name));
}

TEST(Aliasing, InputsMayOverlapEachOther) {
  auto k = vecadd();
  const buffer_arg args[] = {{1, 0x1000, 0x100, false},
                             {2, 0x1000, 0x100, false},
                             {3, 0x2000, 0x100, true}};
  EXPECT_TRUE(check_aliasing(args, &k, k.name));
}

TEST(Aliasing, OutputOverlappingAnInputIsAnError) {
  auto k = vecadd();
  const buffer_arg args[] = {{1, 0x1000, 0x100, false},
                             {2, 0x3000, 0x100, false},
                             {3, 0x10ff, 0x100, true}};
  auto r = check_aliasing(args, &k, k.name);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code(), gpu::errc::aliasing);
  EXPECT_EQ(r.error().name(), "ALLOY_ERROR_ALIASING");
  EXPECT_EQ(r.error().message(),
            "kernel 'kernels::vecadd': argument 3 ('c'), an output, overlaps "
            "argument 1 ('a') in device memory; nothing was launched (if the "
            "kernel is written to work in place, mark the output "
            "[[gpu::may_alias]])");
}

TEST(Aliasing, MayAliasOutputMayOverlapAnInput) {
  auto k = vecadd();
  k.params[2].may_alias = true;
  const buffer_arg args[] = {{1, 0x1000, 0x100, false},
                             {2, 0x3000, 0x100, false},
                             {3, 0x1000, 0x100, true}};
  EXPECT_TRUE(check_aliasing(args, &k, k.name));
}

TEST(Aliasing, AdjacentRangesDoNotOverlap) {
  auto k = vecadd();
  const buffer_arg args[] = {{1, 0x1000, 0x100, false},
                             {3, 0x1100, 0x100, true}};
  EXPECT_TRUE(check_aliasing(args, &k, k.name));
}

TEST(Aliasing, TwoOutputsOverlapping) {
  const buffer_arg args[] = {{1, 0x1000, 0x100, true},
                             {2, 0x1080, 0x100, true}};
  auto r = check_aliasing(args, nullptr, "k");
  ASSERT_FALSE(r);
  EXPECT_NE(
      r.error().message().find("argument 1, an output, overlaps argument 2"),
      std::string::npos)
      << r.error().message();
}

TEST(Aliasing, EmptyBuffersNeverOverlap) {
  const buffer_arg args[] = {{1, 0, 0, true}, {2, 0, 0, false}};
  EXPECT_TRUE(check_aliasing(args, nullptr, "k"));
}

} // namespace
