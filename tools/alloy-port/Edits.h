// Text edits at original offsets, applied at once. Edits may not overlap;
// insertions at one offset keep their order, and come before a
// replacement that starts there.
#ifndef ALLOY_PORT_EDITS_H
#define ALLOY_PORT_EDITS_H

#include <cstddef>
#include <string>
#include <vector>

namespace alloy::port {

struct Edit {
  size_t begin, end; // the replaced range; begin == end: an insertion
  std::string text;
};

class EditList {
public:
  void replace(size_t begin, size_t end, std::string text) {
    edits_.push_back({begin, end, std::move(text)});
  }
  void insert(size_t at, std::string text) { replace(at, at, std::move(text)); }
  // The edited text; `dropped` gets the offsets of edits that overlapped
  // an earlier one (left out).
  std::string apply(const std::string &original,
                    std::vector<size_t> &dropped) const;
  bool empty() const { return edits_.empty(); }

private:
  std::vector<Edit> edits_;
};

} // namespace alloy::port

#endif // ALLOY_PORT_EDITS_H
