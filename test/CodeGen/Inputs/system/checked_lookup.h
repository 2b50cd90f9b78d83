// A library header (included as a system header by library-throw.cpp) whose
// functions throw the way libstdc++'s do: in a conditional operator's arm,
// in a statement, and as a rethrow.
#pragma once

namespace lib {
struct range_error {
  const char *what;
};
inline int checked(const int *table, unsigned n, unsigned i) {
  return i < n ? table[i] : throw range_error{"index out of range"};
}
inline const int &checked_ref(const int *table, unsigned n, unsigned i) {
  return i < n ? table[i] : throw range_error{"index out of range"};
}
inline int must_be_positive(int v) {
  if (v <= 0)
    throw v;
  return v;
}
} // namespace lib
