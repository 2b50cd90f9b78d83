#include "InternalError.h"

#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/raw_ostream.h"

namespace alloy {

void internalError(const char *what, const char *file, int line) {
  std::string message;
  llvm::raw_string_ostream os(message);
  os << "internal error in Alloy (please report it): " << what << " at "
     << file << ":" << line;
  llvm::report_fatal_error(llvm::StringRef(message), /*gen_crash_diag=*/false);
}

} // namespace alloy
