// alloy port: rewrites a CUDA file into an Alloy C++ file. The parsed text
// (LaunchScanner.h) is parsed with the porting layer and the CUDA runtime's
// declarations (stubs/), and the AST tells what to rewrite: launches into
// gpu::launch_unchecked, the runtime's calls into gpu:: calls, CUDA's
// error, stream and event types into Alloy's, the CUDA headers into
// Alloy's. What it cannot translate is reported with its line.
#ifndef ALLOY_PORT_PORT_H
#define ALLOY_PORT_PORT_H

#include <string>
#include <vector>

namespace alloy::port {

struct Note {
  unsigned line, column;
  std::string message;
};

struct PortResult {
  std::string output;
  std::vector<Note> untranslated;   // what a person must still change
  unsigned launches = 0, calls = 0; // rewritten
  unsigned parseErrors = 0;
  std::vector<std::string> errorLines; // the first parse errors
};

struct PortOptions {
  std::string file;                   // the .cu file
  std::string stubDir, includeDir;    // stubs/ and Alloy's include/
  std::string resourceDir;            // clang's
  std::vector<std::string> extraArgs; // after `--`
};

// False (with `error`) when the file cannot be read.
bool portFile(const PortOptions &options, PortResult &result,
              std::string &error);

} // namespace alloy::port

#endif // ALLOY_PORT_PORT_H
