#include "Ptxas.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

namespace alloy {

std::optional<std::string> findPtxas(const std::string &preferred) {
  if (!preferred.empty())
    return preferred;
  if (const char *env = std::getenv("ALLOY_PTXAS"); env && *env)
    return std::string(env);
  if (auto found = llvm::sys::findProgramByName("ptxas"))
    return *found;
  const char *fallback = "/usr/local/cuda/bin/ptxas";
  if (llvm::sys::fs::can_execute(fallback))
    return std::string(fallback);
  return std::nullopt;
}

llvm::Expected<std::vector<uint8_t>> assemblePTX(const std::string &ptxas,
                                                 const std::string &ptx,
                                                 const std::string &arch) {
  llvm::SmallString<128> input, output, log;
  if (auto ec = llvm::sys::fs::createTemporaryFile("alloy", "ptx", input))
    return llvm::errorCodeToError(ec);
  if (auto ec = llvm::sys::fs::createTemporaryFile("alloy", "cubin", output))
    return llvm::errorCodeToError(ec);
  if (auto ec = llvm::sys::fs::createTemporaryFile("alloy", "log", log))
    return llvm::errorCodeToError(ec);
  auto cleanup = llvm::scope_exit([&] {
    llvm::sys::fs::remove(input);
    llvm::sys::fs::remove(output);
    llvm::sys::fs::remove(log);
  });
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(input, ec);
    if (ec)
      return llvm::errorCodeToError(ec);
    os << ptx;
  }
  std::string archFlag = "-arch=" + arch;
  llvm::SmallVector<llvm::StringRef, 8> args = {
      ptxas, archFlag, "-O3", input.str(), "-o", output.str()};
  std::optional<llvm::StringRef> redirects[] = {std::nullopt, log.str(),
                                                log.str()};
  std::string execError;
  int rc = llvm::sys::ExecuteAndWait(ptxas, args, std::nullopt, redirects, 0, 0,
                                     &execError);
  if (rc != 0) {
    std::string message = "ptxas (" + ptxas + ") rejected the PTX";
    if (!execError.empty())
      message += ": " + execError;
    if (auto text = llvm::MemoryBuffer::getFile(log))
      message += ":\n" + (*text)->getBuffer().rtrim().str();
    return llvm::createStringError(message);
  }
  auto cubin = llvm::MemoryBuffer::getFile(output, /*IsText=*/false);
  if (!cubin)
    return llvm::errorCodeToError(cubin.getError());
  llvm::StringRef bytes = (*cubin)->getBuffer();
  return std::vector<uint8_t>(bytes.begin(), bytes.end());
}

} // namespace alloy
