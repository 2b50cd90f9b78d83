//===- WideCopies.h - which copies become wide loads and stores -*- C++ -*-===//
//
// The lowering of `alloy.memcpy` makes a small copy between two objects
// that are not locals at most four loads and four stores, all loads first
// (so it is right even when the two ranges overlap); copies into or out of
// a local stay `llvm.memcpy`, which LLVM's SROA splits into the fields'
// values. `alloy-forward-copies` forwards only copies the lowering makes
// wide, since a forwarded copy may join overlapping ranges where the two
// copies came from `std::memcpy` rather than a record assignment.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOY_DIALECT_ALLOY_WIDECOPIES_H
#define ALLOY_DIALECT_ALLOY_WIDECOPIES_H

#include "mlir/IR/Value.h"

#include <cstdint>
#include <optional>

namespace alloy {

/// Whether `p` points into a local (an `alloy.alloca`, through member,
/// element and address-space steps).
bool inStackSlot(mlir::Value p);

/// The width in bytes of each load and store that the lowering copies
/// `size` bytes aligned to `align` from `src` to `dst` with, or none when
/// it emits llvm.memcpy.
std::optional<uint64_t> wideCopyChunk(mlir::Value dst, mlir::Value src,
                                      uint64_t size, uint64_t align);

} // namespace alloy

#endif // ALLOY_DIALECT_ALLOY_WIDECOPIES_H
