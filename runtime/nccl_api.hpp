// NCCL, loaded at run time with dlopen (<gpu/nccl.hpp>). The few types and
// functions Alloy calls, declared here from nccl.h (NCCL 2.x; the numbers
// are part of NCCL's stable ABI), so that no NCCL header is needed.
#ifndef ALLOY_RUNTIME_NCCL_API_HPP
#define ALLOY_RUNTIME_NCCL_API_HPP

#include <gpu/nccl.hpp>

struct ncclComm; // nccl.h's opaque communicator
// nccl.h's unique id, at global scope as there (so that the function types
// match NCCL's, which -fsanitize=function checks on calls).
struct ncclUniqueId {
  char internal[128];
};

namespace gpu::nccl::detail::api {

using ncclResult_t = int;
using ncclComm_t = ::ncclComm *;
using cudaStream_t = void *; // a CUstream
using ncclUniqueId = ::ncclUniqueId;
static_assert(sizeof(ncclUniqueId) == sizeof(unique_id));

inline constexpr ncclResult_t ncclSuccess = 0;

struct nccl_api {
  ncclResult_t (*ncclGetVersion)(int *);
  ncclResult_t (*ncclGetUniqueId)(ncclUniqueId *);
  ncclResult_t (*ncclCommInitRank)(ncclComm_t *, int, ncclUniqueId, int);
  ncclResult_t (*ncclCommInitAll)(ncclComm_t *, int, const int *);
  ncclResult_t (*ncclCommDestroy)(ncclComm_t);
  ncclResult_t (*ncclAllReduce)(const void *, void *, size_t, int, int,
                                ncclComm_t, cudaStream_t);
  ncclResult_t (*ncclGroupStart)();
  ncclResult_t (*ncclGroupEnd)();
  const char *(*ncclGetErrorString)(ncclResult_t);
};

// NCCL, loaded on first use from libnccl.so.2, or from the path in
// ALLOY_NCCL_LIBRARY. A failure (ALLOY_ERROR_NO_NCCL) is remembered.
result<const nccl_api *> library();

// Forgets NCCL (and any failure), so that tests can load another one.
// Only safe with no live communicator.
void reset_library_for_testing();

} // namespace gpu::nccl::detail::api

#endif // ALLOY_RUNTIME_NCCL_API_HPP
