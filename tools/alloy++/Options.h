// What alloy++ knows about clang's command-line options, and the small
// text helpers its parts share.
#ifndef ALLOY_TOOLS_OPTIONS_H
#define ALLOY_TOOLS_OPTIONS_H

#include <string>

namespace alloy_driver {

// True when `S` begins with `P`.
bool startsWith(const std::string &S, const char *P);

// The contents of the file at `Path`; empty when it cannot be read.
std::string readFile(const std::string &Path);

// Clang options whose value is the next argument when not joined.
bool takesSeparateValue(const std::string &A);

} // namespace alloy_driver

#endif
