#include "DeviceIntrinsics.h"

#include "llvm/ADT/StringSwitch.h"

namespace alloy {

std::optional<Intrinsic> lookupIntrinsic(llvm::StringRef name) {
  return llvm::StringSwitch<std::optional<Intrinsic>>(name)
#define ALLOY_INTRINSIC(ID, NAME) .Case(NAME, Intrinsic::ID)
#define ALLOY_LIBDEVICE(ID, NAME, FUNCTION) .Case(NAME, Intrinsic::ID)
#include "DeviceIntrinsics.def"
      .Default(std::nullopt);
}

llvm::StringRef intrinsicSpelling(Intrinsic intrinsic) {
  switch (intrinsic) {
#define ALLOY_INTRINSIC(ID, NAME)                                              \
  case Intrinsic::ID:                                                          \
    return NAME;
#define ALLOY_LIBDEVICE(ID, NAME, FUNCTION)                                    \
  case Intrinsic::ID:                                                          \
    return NAME;
#include "DeviceIntrinsics.def"
  }
  return "";
}

llvm::StringRef libdeviceFunction(Intrinsic intrinsic) {
  switch (intrinsic) {
#define ALLOY_LIBDEVICE(ID, NAME, FUNCTION)                                    \
  case Intrinsic::ID:                                                          \
    return FUNCTION;
#include "DeviceIntrinsics.def"
  default:
    return "";
  }
}

} // namespace alloy
