// The device API's intrinsics (DeviceIntrinsics.def).
#ifndef ALLOY_COMPILER_BASIC_DEVICEINTRINSICS_H
#define ALLOY_COMPILER_BASIC_DEVICEINTRINSICS_H

#include "llvm/ADT/StringRef.h"

#include <optional>

namespace alloy {

enum class Intrinsic {
#define ALLOY_INTRINSIC(ID, NAME) ID,
#define ALLOY_LIBDEVICE(ID, NAME, FUNCTION) ID,
#include "DeviceIntrinsics.def"
};

std::optional<Intrinsic> lookupIntrinsic(llvm::StringRef name);
llvm::StringRef intrinsicSpelling(Intrinsic intrinsic);
// The libdevice function an ALLOY_LIBDEVICE intrinsic calls; empty for the
// others.
llvm::StringRef libdeviceFunction(Intrinsic intrinsic);

} // namespace alloy

#endif
