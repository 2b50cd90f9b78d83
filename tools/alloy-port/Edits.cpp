#include "Edits.h"

#include <algorithm>
#include <numeric>

namespace alloy::port {

std::string EditList::apply(const std::string &original,
                            std::vector<size_t> &dropped) const {
  std::vector<size_t> order(edits_.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    const Edit &x = edits_[a], &y = edits_[b];
    if (x.begin != y.begin)
      return x.begin < y.begin;
    return (x.begin == x.end) && (y.begin != y.end); // insertions first
  });
  std::string out;
  size_t cursor = 0;
  dropped.clear();
  for (size_t i : order) {
    const Edit &e = edits_[i];
    if (e.begin < cursor || e.end > original.size()) {
      dropped.push_back(e.begin);
      continue;
    }
    out.append(original, cursor, e.begin - cursor);
    out += e.text;
    cursor = e.end;
  }
  out.append(original, cursor, std::string::npos);
  return out;
}

} // namespace alloy::port
