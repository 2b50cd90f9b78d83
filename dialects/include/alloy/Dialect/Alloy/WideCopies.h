//===- WideCopies.h - which copies become wide loads and stores -*- C++ -*-===//
//
// A copy of `size` bytes aligned to `align` that takes at most four loads
// and four stores: the lowering of `alloy.memcpy` emits those (all loads
// first, so it is right even when the two ranges overlap), and
// `alloy-forward-copies` forwards only such copies, since a forwarded copy
// may read bytes its destination overlaps where the two came from
// `std::memcpy` rather than a record assignment.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOY_DIALECT_ALLOY_WIDECOPIES_H
#define ALLOY_DIALECT_ALLOY_WIDECOPIES_H

#include <cstdint>
#include <optional>

namespace alloy {

/// The width in bytes of each load and store, if there is one.
inline std::optional<uint64_t> wideCopyChunk(uint64_t size, uint64_t align) {
  for (uint64_t chunk : {16u, 8u, 4u, 2u, 1u})
    if (size != 0 && align >= chunk && size % chunk == 0 && size / chunk <= 4)
      return chunk;
  return std::nullopt;
}

} // namespace alloy

#endif // ALLOY_DIALECT_ALLOY_WIDECOPIES_H
