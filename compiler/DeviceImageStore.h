// Hands the device image from the AST half of the plugin (which compiles
// the kernels while clang parses) to its LLVM half (which embeds it in the
// host object). clang runs one translation unit at a time in a process, so
// one slot is enough; the embedding pass empties it.
#ifndef ALLOY_COMPILER_DEVICEIMAGESTORE_H
#define ALLOY_COMPILER_DEVICEIMAGESTORE_H

#include "Pipeline/DeviceCompiler.h"

#include <optional>

namespace alloy {

void storeDeviceImage(DeviceImage image);
std::optional<DeviceImage> takeDeviceImage();

} // namespace alloy

#endif
