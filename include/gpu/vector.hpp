// Wide accesses: 8 or 16 bytes per thread instead of one element, as CUDA
// code does with float4. A span splits into a body of gpu::vec<T, N> (N
// elements, aligned to their size) and a tail of the last size % N
// elements; thread k owns body[k] and tail[k]:
//
//   auto [a4, a_tail] = gpu::as_vectors<4>(a);      // std::span<const float>
//   auto [c4, c_tail] = gpu::as_vectors<4>(c);      // gpu::disjoint_span<float>
//   auto i = gpu::thread::index_1d();
//   if (auto *o = c4.get_mut(i)) {
//     gpu::vec<float, 4> x = a4[i.get()];
//     ...
//   }
//   if (float *o = c_tail.get_mut(i)) *o = a_tail[i.get()];
//
// The split depends on the size only, so spans of equal size split alike.
// The data must be aligned to N * sizeof(T) bytes (buffers from
// gpu::device_buffer always are); otherwise the kernel stops with a trap.
#ifndef GPU_VECTOR_HPP
#define GPU_VECTOR_HPP

#include <cstddef>
#include <cstdint>
#include <span>
#include <type_traits>

namespace gpu {

template <class T, std::size_t N> struct alignas(sizeof(T) * N) vec {
  static_assert(std::is_trivially_copyable_v<T>);
  static_assert(N > 0 && (N & (N - 1)) == 0 && sizeof(T) * N <= 16 &&
                    sizeof(T) * N >= 2,
                "gpu::vec is 2, 4, 8 or 16 bytes: a power-of-two count");
  T v[N];
  constexpr T &operator[](std::size_t i) noexcept { return v[i]; }
  constexpr const T &operator[](std::size_t i) const noexcept { return v[i]; }
};

template <class Body, class Tail> struct vector_split {
  Body body;
  Tail tail;
};

namespace detail {
// Only a non-empty body is accessed (an empty span may have any address).
template <std::size_t N, class T>
void check_vector_alignment(T *data, std::size_t whole) {
  if (whole && reinterpret_cast<std::uintptr_t>(data) % (sizeof(T) * N) != 0)
    trap(); // misaligned: the wide access would fault or tear
}
} // namespace detail

template <std::size_t N, class T>
vector_split<std::span<const vec<std::remove_const_t<T>, N>>, std::span<T>>
as_vectors(std::span<T> s) noexcept {
  static_assert(std::is_const_v<T>,
                "gpu::as_vectors: inputs are std::span<const T>; outputs "
                "gpu::disjoint_span<T>");
  using V = const vec<std::remove_const_t<T>, N>;
  std::size_t whole = s.size() / N;
  detail::check_vector_alignment<N>(s.data(), whole);
  return {std::span<V>(reinterpret_cast<V *>(s.data()), whole),
          s.subspan(whole * N)};
}

template <std::size_t N, class T>
vector_split<disjoint_span<vec<T, N>>, disjoint_span<T>>
as_vectors(disjoint_span<T> s) noexcept {
  using access = detail::disjoint_span_access;
  T *data = access::data(s);
  std::size_t whole = s.size() / N;
  detail::check_vector_alignment<N>(data, whole);
  return {access::make(reinterpret_cast<vec<T, N> *>(data), whole),
          access::make(data + whole * N, s.size() - whole * N)};
}

} // namespace gpu

#endif // GPU_VECTOR_HPP
