#include "GpuArch.h"

namespace alloy {

std::optional<GpuArch> parseGpuArch(llvm::StringRef name, std::string *why) {
  auto reject = [&](const char *reason) -> std::optional<GpuArch> {
    if (why)
      *why = reason;
    return std::nullopt;
  };
  const char *malformed =
      "expected sm_ and a compute capability, for example sm_80, or an "
      "arch-specific target such as sm_90a";
  llvm::StringRef digits = name;
  if (!digits.consume_front("sm_"))
    return reject(malformed);
  GpuArch arch;
  arch.archSpecific = digits.consume_back("a");
  if (digits.size() < 2 || digits.size() > 3 ||
      digits.find_first_not_of("0123456789") != llvm::StringRef::npos ||
      digits.getAsInteger(10, arch.sm))
    return reject(malformed);
  if (arch.sm < 80)
    return reject("Alloy supports sm_80 and newer");
  // Arch-specific targets begin with Hopper (PTX ISA 8.0).
  if (arch.archSpecific && arch.sm < 90)
    return reject("arch-specific targets (the 'a' suffix) begin with sm_90a");
  return arch;
}

} // namespace alloy
