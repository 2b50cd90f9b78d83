#include "DeviceImageStore.h"

#include <mutex>

namespace alloy {
namespace {
std::mutex mutex;
std::optional<DeviceImage> slot;
} // namespace

void storeDeviceImage(DeviceImage image) {
  std::lock_guard<std::mutex> lock(mutex);
  slot = std::move(image);
}

std::optional<DeviceImage> takeDeviceImage() {
  std::lock_guard<std::mutex> lock(mutex);
  std::optional<DeviceImage> image = std::move(slot);
  slot.reset();
  return image;
}

} // namespace alloy
