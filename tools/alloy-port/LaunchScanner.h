// Finds CUDA's kernel<<<config>>>(args) launches in a file's text and
// builds the text that alloy port parses: each launch becomes
// `__alloy_port_launch(config), kernel(args)`, so that both the
// configuration and the call are in the AST. Offsets of the parsed text
// map back to the original's.
#ifndef ALLOY_PORT_LAUNCHSCANNER_H
#define ALLOY_PORT_LAUNCHSCANNER_H

#include <cstddef>
#include <string>
#include <vector>

namespace alloy::port {

struct Launch {
  size_t callee;      // where the kernel's name starts
  size_t open;        // the `<<<`
  size_t configBegin; // after `<<<`
  size_t configEnd;   // at `>>>`
  size_t close;       // after `>>>`
  // In the parsed text: where __alloy_port_launch( and the callee start.
  size_t parsedConfigCall = 0, parsedCallee = 0;
};

// A `<<<` that alloy port leaves alone (in a macro definition, or without
// a kernel name or a closing `>>>`), with why.
struct SkippedLaunch {
  size_t offset;
  std::string why;
};

class ParsedText {
public:
  // Scans `original` (comments, strings and character literals skipped).
  explicit ParsedText(const std::string &original);

  const std::string &text() const { return parsed_; }
  const std::vector<Launch> &launches() const { return launches_; }
  const std::vector<SkippedLaunch> &skipped() const { return skipped_; }
  // The original offset of parsed offset `p`, or npos inside inserted text.
  size_t toOriginal(size_t p) const;
  // The same for the end of a range (one past its last character).
  size_t endToOriginal(size_t p) const;

private:
  struct Piece {
    size_t parsed, original, length; // original == npos: inserted
  };
  void copy(size_t from, size_t to);
  void insert(const std::string &s);

  const std::string &original_;
  std::string parsed_;
  std::vector<Piece> pieces_;
  std::vector<Launch> launches_;
  std::vector<SkippedLaunch> skipped_;
};

// `text` with each launch configuration, `<<<...>>>`, made spaces: how
// alloy port parses a header that the file includes.
std::string blankLaunches(const std::string &text);

} // namespace alloy::port

#endif // ALLOY_PORT_LAUNCHSCANNER_H
