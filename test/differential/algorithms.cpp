// Header-only algorithms on local arrays: <algorithm>, <numeric> and
// <ranges> (sorting, searching, accumulating, transforming, permuting),
// std::max with an initializer list, std::clamp.
#define DIFF_FAMILY "algorithms"
#include "harness.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <iterator>
#include <numeric>
#include <ranges>

namespace diff::algorithms {

// Sixteen 16-bit signed values from the four 64-bit operands; with
// `narrow`, values in [-8, 8) (many duplicates).
void fill16(int32_t (&v)[16], const Input &in, bool narrow) {
  const uint64_t words[4] = {in.a, in.b, in.p, in.q};
  for (int k = 0; k < 16; ++k) {
    int32_t x = int16_t(words[k / 4] >> (16 * (k % 4)));
    v[k] = narrow ? (x & 15) - 8 : x;
  }
}
uint64_t hash(const int32_t *v, int n) {
  uint64_t h = 0;
  for (int k = 0; k < n; ++k)
    h = h * 1000003u + uint64_t(uint32_t(v[k]));
  return h;
}

DIFF_CASE(std_sort, diff::exact) {
  int32_t v[16];
  fill16(v, in, in.e & 1);
  std::sort(v, v + 16);
  out.r[0] = hash(v, 16);
  std::sort(std::begin(v), std::end(v), std::greater<>());
  out.r[1] = hash(v, 16);
  std::sort(v, v + 16, [](int32_t a, int32_t b) {
    return (a & 7) < (b & 7) || ((a & 7) == (b & 7) && a < b);
  });
  out.r[2] = hash(v, 16);
}

DIFF_CASE(std_accumulate_reduce, diff::exact) {
  int32_t v[16];
  fill16(v, in, false);
  out.r[0] = uint64_t(std::accumulate(v, v + 16, int64_t(0)));
  out.r[1] =
      std::accumulate(v, v + 16, uint64_t(1), [](uint64_t acc, int32_t x) {
        return acc * 31 + uint32_t(x);
      });
  out.r[2] = uint64_t(std::reduce(v, v + 16, int64_t(in.c)));
  out.r[3] = uint64_t(std::inner_product(v, v + 8, v + 8, int64_t(0)));
}

DIFF_CASE(std_transform, diff::exact) {
  int32_t v[16], w[16];
  fill16(v, in, false);
  std::transform(v, v + 16, w, [](int32_t x) { return x * 3 - 1; });
  out.r[0] = hash(w, 16);
  std::transform(v, v + 16, w, w, [](int32_t x, int32_t y) { return x ^ y; });
  out.r[1] = hash(w, 16);
  int64_t t = std::transform_reduce(v, v + 16, int64_t(0), std::plus<>(),
                                    [](int32_t x) { return int64_t(x) * x; });
  out.r[2] = uint64_t(t);
}

DIFF_CASE(lower_upper_bound, diff::exact) {
  int32_t v[16];
  fill16(v, in, in.e & 1);
  std::sort(v, v + 16);
  int32_t key = in.e & 2 ? v[in.c % 16] : int32_t(int16_t(in.d));
  out.r[0] = uint64_t(std::lower_bound(v, v + 16, key) - v);
  out.r[1] = uint64_t(std::upper_bound(v, v + 16, key) - v);
  out.r[2] = std::binary_search(v, v + 16, key);
  auto range = std::equal_range(v, v + 16, key);
  out.r[3] = uint64_t(range.second - range.first);
}

DIFF_CASE(reverse_rotate, diff::exact) {
  int32_t v[16];
  fill16(v, in, false);
  std::reverse(v, v + 16);
  out.r[0] = hash(v, 16);
  std::rotate(v, v + in.e % 16, v + 16);
  out.r[1] = hash(v, 16);
  std::reverse(v + 3, v + 9);
  out.r[2] = hash(v, 16);
}

DIFF_CASE(fill_iota_copy, diff::exact) {
  int32_t v[16], w[16] = {};
  std::fill(v, v + 16, int32_t(in.c));
  std::fill_n(v + 4, 4, -1);
  out.r[0] = hash(v, 16);
  std::iota(v, v + 16, int32_t(in.e % 1000));
  out.r[1] = hash(v, 16);
  std::copy(v, v + 8, w + 4);
  std::copy_backward(v + 8, v + 12, w + 16);
  out.r[2] = hash(w, 16);
  int32_t even[16] = {};
  auto end =
      std::copy_if(v, v + 16, even, [](int32_t x) { return x % 2 == 0; });
  out.r[3] = uint64_t(end - even) * 1000 + uint64_t(uint32_t(even[0]));
}

DIFF_CASE(min_max_element, diff::exact) {
  int32_t v[16];
  fill16(v, in, in.e & 1);
  out.r[0] = uint64_t(std::min_element(v, v + 16) - v);
  out.r[1] = uint64_t(std::max_element(v, v + 16) - v);
  auto both = std::minmax_element(v, v + 16);
  out.r[2] = uint64_t(both.first - v) * 100 + uint64_t(both.second - v);
}

DIFF_CASE(max_initializer_list, diff::exact) {
  int32_t a = int32_t(in.c), b = int32_t(in.d), c = int32_t(in.e);
  out.r[0] = uint64_t(int64_t(std::max({a, b, c})));
  out.r[1] = uint64_t(int64_t(std::min({a, b, c, 0})));
  auto lohi = std::minmax({in.a, in.b, in.p, in.q});
  out.r[2] = lohi.first ^ lohi.second;
  out.f[0] = std::max({in.f, in.g, in.h}); // NaN positions matter
  out.f[1] = std::min({in.f, in.g});
}

DIFF_CASE(ranges_algorithms, diff::exact) {
  int32_t v[16];
  fill16(v, in, in.e & 1);
  std::ranges::sort(v);
  out.r[0] = hash(v, 16);
  out.r[1] = uint64_t(int64_t(std::ranges::max(v))) ^
             uint64_t(int64_t(std::ranges::min(v))) << 20;
  out.r[2] =
      uint64_t(std::ranges::count_if(v, [](int32_t x) { return x < 0; }));
  auto it = std::ranges::find(v, int32_t(in.c % 16) - 8);
  out.r[3] =
      uint64_t(it - std::ranges::begin(v)) + std::ranges::max(in.c, in.d);
}

DIFF_CASE(std_clamp, diff::exact) {
  int32_t a = int32_t(in.c);
  out.r[0] = uint64_t(int64_t(std::clamp(a, -1000, 1000)));
  out.r[1] = std::clamp(in.a, uint64_t(10), uint64_t(1) << 40);
  out.x[0] = std::clamp(in.x, -1.5, 2.5); // NaN stays NaN
  out.f[0] =
      std::clamp(in.f, in.g < in.h ? in.g : in.h, in.g < in.h ? in.h : in.g);
}

DIFF_CASE(count_find_predicates, diff::exact) {
  int32_t v[16];
  fill16(v, in, true);
  out.r[0] = uint64_t(std::count(v, v + 16, 0)) |
             uint64_t(std::count_if(v, v + 16, [](int32_t x) { return x > 3; }))
                 << 8;
  out.r[1] =
      uint64_t(std::find(v, v + 16, int32_t(in.e % 16) - 8) - v) |
      uint64_t(std::find_if(v, v + 16, [](int32_t x) { return x * x > 30; }) -
               v)
          << 8;
  out.r[2] =
      uint64_t(std::any_of(v, v + 16, [](int32_t x) { return x == 7; })) |
      uint64_t(std::all_of(v, v + 16, [](int32_t x) { return x < 8; })) << 1 |
      uint64_t(std::none_of(v, v + 16, [](int32_t x) { return x == -8; })) << 2;
}

DIFF_CASE(partial_sort_nth_element, diff::exact) {
  int32_t v[16];
  fill16(v, in, in.e & 1);
  int32_t w[16];
  std::copy(v, v + 16, w);
  std::nth_element(w, w + 7, w + 16);
  out.r[0] = uint64_t(uint32_t(w[7])); // the median is unique
  std::partial_sort(v, v + 5, v + 16);
  out.r[1] = hash(v, 5);
}

DIFF_CASE(unique_remove_partition, diff::exact) {
  int32_t v[16];
  fill16(v, in, true);
  std::sort(v, v + 16);
  int32_t *end = std::unique(v, v + 16);
  out.r[0] = uint64_t(end - v) * 1000000 + hash(v, int(end - v)) % 1000000;
  fill16(v, in, true);
  int32_t *rend = std::remove_if(v, v + 16, [](int32_t x) { return x < 0; });
  out.r[1] = hash(v, int(rend - v));
  fill16(v, in, true);
  int32_t *mid = std::partition(v, v + 8, [](int32_t x) { return x % 2 == 0; });
  out.r[2] =
      uint64_t(mid - v) | uint64_t(std::is_partitioned(v, v + 8, [](int32_t x) {
                            return x % 2 == 0;
                          })) << 8;
  int32_t *p = std::partition(v + 8, v + 16, [](int32_t x) { return x > 0; });
  out.r[3] = uint64_t(p - v);
}

DIFF_CASE(permutations, diff::exact) {
  int32_t v[5] = {1, 2, 3, 4, 5};
  uint32_t steps = in.e % 130;
  for (uint32_t i = 0; i < steps; ++i)
    std::next_permutation(v, v + 5);
  out.r[0] = hash(v, 5);
  bool more = std::prev_permutation(v, v + 5);
  out.r[1] = hash(v, 5) ^ uint64_t(more);
  const int32_t reversed[5] = {5, 4, 3, 2, 1};
  out.r[2] = std::is_permutation(v, v + 5, reversed);
}

DIFF_CASE(gcd_lcm_midpoint, diff::exact) {
  out.r[0] = std::gcd(in.a, in.b);
  out.r[1] =
      uint64_t(std::gcd(int32_t(in.c >> 1), int32_t(in.d >> 1))); // no INT_MIN
  uint32_t a = in.c % 100000, b = in.d % 100000;
  out.r[2] = std::lcm(uint64_t(a), uint64_t(b)); // < 10^10
  out.r[3] = uint64_t(int64_t(std::midpoint(int32_t(in.c), int32_t(in.d)))) ^
             std::midpoint(in.a, in.b) << 1;
}

DIFF_CASE(compare_sequences, diff::exact) {
  int32_t v[16], w[16];
  fill16(v, in, true);
  std::copy(v, v + 16, w);
  w[in.e % 16] += int32_t(in.c % 3);
  out.r[0] = std::equal(v, v + 16, w);
  auto where = std::mismatch(v, v + 16, w);
  out.r[1] = uint64_t(where.first - v) + uint64_t(where.second - w) * 100;
  out.r[2] = std::lexicographical_compare(v, v + 16, w, w + 16);
  out.r[3] = std::is_sorted(v, v + 16) |
             uint64_t(std::is_sorted_until(v, v + 16) - v) << 1;
}

DIFF_CASE(partial_sum_adjacent_difference, diff::exact) {
  int32_t v[16];
  fill16(v, in, false);
  int64_t sums[16];
  std::partial_sum(v, v + 16, sums);
  int32_t diffs[16];
  std::adjacent_difference(v, v + 16, diffs);
  out.r[0] = uint64_t(sums[15]) ^ uint64_t(sums[7]) << 20;
  out.r[1] = hash(diffs, 16);
  int64_t ex[16];
  std::exclusive_scan(v, v + 16, ex, int64_t(in.c % 100));
  out.r[2] = uint64_t(ex[15]);
}

DIFF_CASE(views_iota, diff::exact) {
  uint64_t acc = 0;
  for (int i : std::views::iota(0, int(in.e % 32)))
    acc = acc * 3 + uint64_t(i);
  out.r[0] = acc;
}

DIFF_CASE(views_filter, diff::exact) {
  int32_t v[16];
  fill16(v, in, true);
  uint64_t s = 0, iterations = 0;
  for (int32_t x : v | std::views::filter([](int32_t x) { return x > 0; })) {
    s = s * 7 + uint64_t(x);
    ++iterations;
  }
  out.r[0] = s;
  out.r[1] = iterations;
}

DIFF_CASE(views_transform, diff::exact) {
  int32_t v[16];
  fill16(v, in, true);
  uint64_t s = 0, iterations = 0;
  for (int32_t x : v | std::views::transform([](int32_t x) { return x * x; })) {
    s = s * 7 + uint64_t(x);
    ++iterations;
  }
  out.r[0] = s;
  out.r[1] = iterations;
}

DIFF_CASE(views_filter_transform, diff::exact) {
  int32_t v[16];
  fill16(v, in, true);
  uint64_t s = 0, iterations = 0;
  for (int32_t x : v | std::views::filter([](int32_t x) { return x > 0; }) |
                       std::views::transform([](int32_t x) { return x * x; })) {
    s = s * 7 + uint64_t(x);
    ++iterations;
  }
  out.r[0] = s;
  out.r[1] = iterations;
}

DIFF_CASE(views_reverse_take, diff::exact) {
  int32_t v[16];
  fill16(v, in, true);
  for (int32_t x : std::views::reverse(v) | std::views::take(5))
    out.r[0] = out.r[0] * 11 + uint64_t(uint32_t(x));
}

DIFF_CASE(std_array_sort, diff::exact) {
  std::array<uint64_t, 4> a{in.a, in.b, in.p, in.q};
  std::sort(a.begin(), a.end());
  out.r[0] = a[0];
  out.r[1] = a[3];
  std::ranges::reverse(a);
  out.r[2] = a[0] ^ a[1];
}

} // namespace diff::algorithms
