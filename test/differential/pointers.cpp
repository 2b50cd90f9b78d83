// Pointers and arrays: pointer arithmetic and comparison, 2-D arrays and
// arrays of arrays, references to arrays, pointers to struct members and
// pointers-to-member, pointers to pointers, void* round trips, std::span
// over local arrays.
#define DIFF_FAMILY "pointers"
#include "harness.hpp"

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <span>

namespace diff::pointers {

void fill(uint32_t *p, uint32_t n, uint32_t seed) {
  for (uint32_t i = 0; i < n; ++i)
    p[i] = seed ^ (i * 0x9e3779b9u);
}

DIFF_CASE(pointer_arithmetic, diff::exact) {
  uint32_t arr[16];
  fill(arr, 16, in.c);
  uint32_t *p = arr;
  uint32_t *q = arr + 16;
  uint32_t k = in.e % 16;
  out.r[0] = *(p + k) + p[k] + *(q - 1 - k);
  out.r[1] = uint64_t(q - p);
  uint32_t *r = p + 5;
  --r;
  r += 3;
  r -= 2;
  out.r[2] = uint64_t(r - arr); // 5
  uint64_t s = 0;
  for (const uint32_t *it = arr; it != arr + 16; ++it)
    s = s * 7 + *it;
  out.r[3] = s;
}

DIFF_CASE(pointer_comparisons, diff::exact) {
  uint64_t arr[8] = {in.a, in.b, in.p, in.q, 1, 2, 3, 4};
  uint64_t *lo = &arr[in.e % 8];
  uint64_t *hi = &arr[in.c % 8];
  out.r[0] = uint64_t(lo < hi) | uint64_t(lo <= hi) << 1 |
             uint64_t(lo == hi) << 2 | uint64_t(lo > hi) << 3 |
             uint64_t(lo != nullptr) << 4;
  out.r[1] = uint64_t(hi - lo + 8);
  uint64_t *m = lo < hi ? lo : hi;
  *m += 1;
  out.r[2] = arr[0] ^ arr[7];
}

DIFF_CASE(two_d_arrays, diff::exact) {
  uint32_t m[4][5];
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 5; ++j)
      m[i][j] = in.c * uint32_t(i + 1) + uint32_t(j) * in.d;
  uint32_t t[5][4];
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 5; ++j)
      t[j][i] = m[i][j];
  uint64_t rows = 0, cols = 0;
  for (const auto &row : m)
    for (uint32_t v : row)
      rows = rows * 3 + v;
  for (const auto &col : t)
    cols ^= uint64_t(col[0]) + col[3];
  out.r[0] = rows;
  out.r[1] = cols;
  out.r[2] = sizeof(m) + sizeof(m[0]);
  const uint32_t *row = m[in.e % 4];
  out.r[3] = row[in.c % 5];
}

uint64_t trace(const uint32_t (&m)[4][4]) {
  uint64_t s = 0;
  for (int i = 0; i < 4; ++i)
    s += m[i][i];
  return s;
}
void scale_rows(uint32_t (*rows)[4], int n, uint32_t k) {
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < 4; ++j)
      rows[i][j] *= k;
}
DIFF_CASE(arrays_of_arrays, diff::exact) {
  uint32_t m[4][4];
  for (int i = 0; i < 16; ++i)
    m[i / 4][i % 4] = in.c + uint32_t(i) * in.e;
  out.r[0] = trace(m);
  scale_rows(m + 1, 2, 3);
  out.r[1] = trace(m);
  uint32_t(*row)[4] = m;
  ++row;
  out.r[2] = (*row)[2] + row[1][3];
}

uint64_t sum_ref(const uint64_t (&arr)[4]) {
  uint64_t s = 0;
  for (uint64_t v : arr)
    s += v;
  return s + std::size(arr);
}
DIFF_CASE(references_to_arrays, diff::exact) {
  uint64_t arr[4] = {in.a, in.b, in.p, in.q};
  uint64_t(&r)[4] = arr;
  r[in.e % 4] = 7;
  out.r[0] = sum_ref(arr);
  auto &[a, b, c, d] = r;
  out.r[1] = a ^ b ^ c ^ d;
  out.r[2] = sizeof(r) / sizeof(r[0]);
}

struct Node {
  uint32_t key;
  uint64_t value;
  Node *next;
};
DIFF_CASE(pointers_to_structs, diff::exact) {
  Node nodes[4];
  for (uint32_t i = 0; i < 4; ++i) {
    nodes[i].key = in.c + i;
    nodes[i].value = in.a ^ (uint64_t(i) << 40);
    nodes[i].next = i < 3 ? &nodes[i + 1] : nullptr;
  }
  uint64_t s = 0;
  for (Node *n = &nodes[in.e % 4]; n != nullptr; n = n->next)
    s = s * 5 + n->value + n->key;
  out.r[0] = s;
  uint64_t *pv = &nodes[2].value;
  *pv += 1;
  Node *pn = &nodes[1];
  out.r[1] = pn->next->value + (*pn).key;
  uint32_t *pk = &pn->key;
  out.r[2] = *pk;
}

struct Fields {
  uint32_t a, b, c;
};
DIFF_CASE(pointer_to_member, diff::exact) {
  Fields f{in.c, in.d, in.e};
  uint32_t Fields::*pm = (in.e & 1) ? &Fields::b : &Fields::c;
  f.*pm += 1;
  Fields *pf = &f;
  out.r[0] = pf->*pm;
  out.r[1] = uint64_t(f.a) + f.b + f.c;
}

// Members of a base, of an anonymous struct, null, value-initialized
// holders (null is -1, not zero bytes), a constexpr table, conversions.
struct Tagged {
  uint32_t tag;
  uint64_t wide;
};
struct Record : Tagged {
  uint32_t a;
  struct {
    uint32_t b, c;
  };
};
struct Chooser {
  uint32_t Record::*m;
  uint32_t k;
};
constexpr uint32_t Record::*kFields[] = {&Record::a, &Record::b, &Record::c,
                                         &Record::tag, nullptr};
template <uint32_t Record::*M> uint32_t field(const Record &r) { return r.*M; }
DIFF_CASE(pointer_to_member_classes, diff::exact) {
  Record r;
  r.tag = in.c;
  r.wide = in.a;
  r.a = in.d;
  r.b = in.e;
  r.c = in.c ^ in.d;
  uint32_t Record::*m = kFields[in.e % 5];
  out.r[0] = m ? r.*m : 0xdeadu;
  Chooser ch{};
  Chooser chs[2] = {};
  out.r[1] = uint64_t(ch.m == nullptr) | uint64_t(chs[1].m == nullptr) << 1 |
             uint64_t(bool(m)) << 2 | uint64_t(m == &Record::b) << 3;
  uint64_t Tagged::*tw = &Tagged::wide;
  uint64_t Record::*rw = tw; // base to derived: the same member
  r.*rw += in.b;
  out.r[2] = r.wide + field<&Record::c>(r);
  uint32_t Record::*back = (in.e & 2) ? &Record::tag : nullptr;
  uint32_t Tagged::*up = static_cast<uint32_t Tagged::*>(back);
  Tagged &t = r;
  out.r[3] = up ? t.*up + 1 : 7;
}

void store_through(uint64_t **pp, uint64_t v) { **pp = v; }
DIFF_CASE(pointer_to_pointer, diff::exact) {
  uint64_t x = in.a, y = in.b;
  uint64_t *p = (in.e & 1) ? &x : &y;
  uint64_t **pp = &p;
  store_through(pp, in.p);
  *pp = &y;
  **pp += 3;
  out.r[0] = x;
  out.r[1] = y;
}

DIFF_CASE(const_pointers, diff::exact) {
  uint32_t arr[4] = {in.c, in.d, in.e, 5};
  const uint32_t *pc = arr;     // pointer to const
  uint32_t *const cp = arr + 1; // const pointer
  const uint32_t *const cc = arr + 2;
  *cp += 10;
  pc += 3;
  out.r[0] = uint64_t(*pc) + *cp + *cc;
}

uint64_t sum_decayed(const uint32_t *p, size_t n) {
  uint64_t s = 0;
  while (n--)
    s += *p++;
  return s;
}
DIFF_CASE(array_decay, diff::exact) {
  uint32_t arr[7];
  fill(arr, 7, in.d);
  out.r[0] = sum_decayed(arr, 7);
  out.r[1] = sum_decayed(arr + 2, 3);
}

size_t my_strlen(const char *s) {
  const char *p = s;
  while (*p)
    ++p;
  return size_t(p - s);
}
DIFF_CASE(char_pointer_walk, diff::exact) {
  char buf[17];
  uint32_t n = in.e % 17;
  for (uint32_t i = 0; i < n; ++i)
    buf[i] = char('a' + (in.c >> i) % 26);
  buf[n] = '\0';
  out.r[0] = my_strlen(buf);
  out.r[1] = my_strlen("hello, world");
  uint64_t h = 0;
  for (const char *p = buf; *p; ++p)
    h = h * 131 + uint64_t(uint8_t(*p));
  out.r[2] = h;
}

DIFF_CASE(null_and_void_pointers, diff::exact) {
  uint64_t x = in.a;
  uint64_t *p = (in.e & 1) ? &x : nullptr;
  out.r[0] = p ? *p : 12345;
  void *v = &x;
  uint64_t *back = static_cast<uint64_t *>(v);
  *back ^= 1;
  const void *cv = &in.b;
  out.r[1] = x + *static_cast<const uint64_t *>(cv);
  out.r[2] = p == nullptr;
}

DIFF_CASE(uintptr_arithmetic, diff::exact) {
  uint64_t arr[8] = {};
  uintptr_t a = reinterpret_cast<uintptr_t>(&arr[1]);
  uintptr_t b = reinterpret_cast<uintptr_t>(&arr[5]);
  out.r[0] = b - a; // 32
  uint64_t *back = reinterpret_cast<uint64_t *>(a + 8 * (in.e % 4));
  *back = in.a;
  out.r[1] = arr[1] + arr[2] + arr[3] + arr[4];
  out.r[2] = reinterpret_cast<uintptr_t>(&arr[0]) % alignof(uint64_t);
}

DIFF_CASE(span_over_local_array, diff::exact) {
  uint32_t arr[12];
  fill(arr, 12, in.c);
  std::span<uint32_t> all(arr);
  std::span<uint32_t, 12> fixed(arr);
  auto head = all.first(4);
  auto tail = all.last(3);
  auto mid = all.subspan(in.e % 8, 4);
  uint64_t s = 0;
  for (uint32_t v : mid)
    s = s * 3 + v;
  head[0] = 1;
  out.r[0] = s;
  out.r[1] =
      uint64_t(head.size()) + tail.size() * 10 + fixed.size() * 100 + arr[0];
  std::span<const uint32_t> ro = all;
  out.r[2] = ro.front() + ro.back() + uint64_t(ro.size_bytes());
}

} // namespace diff::pointers
