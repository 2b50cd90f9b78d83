// gpu::nccl: all-reduce of device buffers over several GPUs with NVIDIA's
// NCCL, loaded at run time. Not included by <gpu/gpu.hpp>: include it where
// it is used.
//
// Like the driver, NCCL is found with dlopen when first needed
// (libnccl.so.2, or the path in the environment variable
// ALLOY_NCCL_LIBRARY): a program builds without NCCL and its headers, and
// a machine without NCCL gets an error value (ALLOY_ERROR_NO_NCCL) rather
// than a link or load failure. Alloy never sets NCCL's environment
// variables (NCCL_*): NCCL reads them from the process as usual.
#ifndef GPU_NCCL_HPP
#define GPU_NCCL_HPP

#include <gpu/runtime.hpp>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <ranges>
#include <span>
#include <type_traits>
#include <vector>

namespace gpu::nccl {

// The reduction (NCCL's ncclRedOp_t).
enum class op { sum = 0, prod = 1, max = 2, min = 3 };

// NCCL's version code (ncclGetVersion: 22703 for 2.27.3), loading the
// library if it is not loaded yet: the way to ask whether NCCL is there.
result<int> version();

// The id that every rank of one communicator passes to
// communicator::create (NCCL's ncclUniqueId, 128 bytes). One rank makes it
// (generate) and hands it to the others (another thread, or another
// process through any channel).
struct unique_id {
  char internal[128] = {};
  static result<unique_id> generate(); // ncclGetUniqueId
};

namespace detail {
struct communicator_state;

template <class T> constexpr int data_type() {
  using U = std::remove_cv_t<T>;
  if constexpr (std::is_same_v<U, float>)
    return 7; // ncclFloat32
  else if constexpr (std::is_same_v<U, double>)
    return 8; // ncclFloat64
#if defined(__clang__)
  else if constexpr (std::is_same_v<U, _Float16>)
    return 6; // ncclFloat16
  else if constexpr (std::is_same_v<U, __bf16>)
    return 9; // ncclBfloat16
#endif
  else if constexpr (std::is_integral_v<U> && !std::is_same_v<U, bool>) {
    constexpr bool s = std::is_signed_v<U>;
    if constexpr (sizeof(U) == 1)
      return s ? 0 : 1; // ncclInt8, ncclUint8
    else if constexpr (sizeof(U) == 4)
      return s ? 2 : 3; // ncclInt32, ncclUint32
    else if constexpr (sizeof(U) == 8)
      return s ? 4 : 5; // ncclInt64, ncclUint64
    else
      return -1;
  } else
    return -1;
}

// One rank's part of a collective: its buffers and stream.
struct rank_part {
  const gpu::detail::raw_buffer *send = nullptr;
  const gpu::detail::raw_buffer *recv = nullptr;
  stream *s = nullptr;
};

result<void> allreduce(const communicator_state *state,
                       std::span<const rank_part> parts, int data_type,
                       size_t elem_size, op o);

template <class X> constexpr bool is_pointer_v =
    std::is_pointer_v<std::remove_cvref_t<X>>;

// An element of a range of objects or of pointers to them, as a pointer.
template <class X> auto *pointer_to(X &&x) {
  if constexpr (is_pointer_v<X>)
    return x;
  else
    return std::addressof(x);
}

template <class R>
using pointee_t = std::remove_cv_t<std::remove_pointer_t<
    std::remove_cvref_t<std::ranges::range_reference_t<R>>>>;

template <class B> struct buffer_element {};
template <class T> struct buffer_element<device_buffer<T>> {
  using type = T;
};

template <class Range> std::vector<stream *> streams_of(Range &&streams) {
  static_assert(std::is_same_v<pointee_t<Range>, stream>,
                "gpu::nccl: the streams are a range of gpu::stream or "
                "gpu::stream *, one per rank");
  std::vector<stream *> out;
  for (auto &&s : streams)
    out.push_back(pointer_to(s));
  return out;
}
} // namespace detail

// NCCL communicators, one per GPU (rank) that this process drives. Move-only;
// destroying it destroys them (ncclCommDestroy). Each rank keeps its
// context alive.
class communicator {
public:
  communicator() noexcept;
  communicator(communicator &&) noexcept;
  communicator &operator=(communicator &&) noexcept;
  ~communicator();

  // One communicator over the devices of `contexts` (a range of
  // gpu::context or gpu::context *, one per GPU, no device twice), driven
  // by this thread: rank i is contexts[i]'s device (ncclCommInitAll).
  template <class Contexts>
  static result<communicator> create_all(Contexts &&contexts) {
    static_assert(std::is_same_v<detail::pointee_t<Contexts>, context>,
                  "gpu::nccl::communicator::create_all takes a range of "
                  "gpu::context or gpu::context *");
    std::vector<const context *> list;
    for (auto &&c : contexts)
      list.push_back(detail::pointer_to(c));
    return create_all_of(list);
  }
  // Rank `rank` of `ranks` on ctx's device, one per thread or process,
  // which all pass the same id (ncclCommInitRank; it returns once every
  // rank has joined).
  static result<communicator> create(const context &ctx, int ranks,
                                     const unique_id &id, int rank);

  // The ranks this object drives (create_all: one per context).
  int local_ranks() const noexcept;
  // The ranks of the whole communicator (all processes).
  int ranks() const noexcept;
  // Global rank and device ordinal of local rank i.
  int rank(int i) const noexcept;
  int device(int i) const noexcept;

  // In place: every buffer (one per local rank, on that rank's device, all
  // of one size) becomes the element-wise reduction of all of them. Queued
  // on streams[i] (one per local rank, of that rank's device); returns
  // without waiting, like a launch. `buffers` is a range of
  // gpu::device_buffer<T> or of pointers to them; so is `streams` of
  // gpu::stream.
  template <class Buffers, class Streams>
  result<void> allreduce(Buffers &&buffers, op o, Streams &&streams) const {
    using B = detail::pointee_t<Buffers>;
    using T = typename detail::buffer_element<B>::type;
    static_assert(detail::data_type<T>() >= 0,
                  "gpu::nccl reduces elements of int8_t, uint8_t, int32_t, "
                  "uint32_t, int64_t, uint64_t, _Float16, __bf16, float or "
                  "double");
    std::vector<stream *> s = detail::streams_of(streams);
    std::vector<detail::rank_part> parts;
    size_t i = 0;
    for (auto &&b : buffers) {
      const auto *raw = &gpu::detail::buffer_access::raw(*detail::pointer_to(b));
      parts.push_back({raw, raw, i < s.size() ? s[i] : nullptr});
      ++i;
    }
    if (s.size() != parts.size())
      return count_mismatch(parts.size(), s.size());
    return detail::allreduce(state_.get(), parts, detail::data_type<T>(),
                             sizeof(T), o);
  }
  // Out of place: recv[i] = the reduction of every send; sizes equal.
  template <class Sends, class Recvs, class Streams>
  result<void> allreduce(Sends &&send, Recvs &&recv, op o,
                         Streams &&streams) const {
    using S = detail::pointee_t<Sends>;
    using R = detail::pointee_t<Recvs>;
    static_assert(std::is_same_v<S, R>,
                  "gpu::nccl: send and receive buffers of one element type");
    using T = typename detail::buffer_element<R>::type;
    static_assert(detail::data_type<T>() >= 0,
                  "gpu::nccl reduces elements of int8_t, uint8_t, int32_t, "
                  "uint32_t, int64_t, uint64_t, _Float16, __bf16, float or "
                  "double");
    std::vector<stream *> s = detail::streams_of(streams);
    std::vector<detail::rank_part> parts;
    for (auto &&b : send)
      parts.push_back(
          {&gpu::detail::buffer_access::raw(*detail::pointer_to(b)), nullptr,
           nullptr});
    size_t i = 0;
    for (auto &&b : recv) {
      if (i < parts.size())
        parts[i].recv = &gpu::detail::buffer_access::raw(*detail::pointer_to(b));
      ++i;
    }
    if (i != parts.size())
      return count_mismatch(parts.size(), i, "receive buffers");
    if (s.size() != parts.size())
      return count_mismatch(parts.size(), s.size());
    for (size_t k = 0; k < parts.size(); ++k)
      parts[k].s = s[k];
    return detail::allreduce(state_.get(), parts, detail::data_type<T>(),
                             sizeof(T), o);
  }

private:
  static result<communicator> create_all_of(std::span<const context *const>);
  static std::unexpected<gpu::error>
  count_mismatch(size_t buffers, size_t other, const char *what = "streams");
  std::unique_ptr<detail::communicator_state> state_;
};

} // namespace gpu::nccl

#endif // GPU_NCCL_HPP
