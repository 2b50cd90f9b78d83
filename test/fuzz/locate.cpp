// Locates a GPU mismatch of the differential fuzzer inside its hash
// (test/fuzz/README.md). The GPU reports a function's locals only as a
// hash, h = (h ^ v) * P + C over the values v it mixes; P is odd, so each
// step can be undone. Given the GPU's result, this runs the function on the
// host, records every value it mixes (prelude.hpp's FZ_TRACE_MIX), and for
// each position k computes the one value v'[k] that, with every other value
// as on the host, gives the GPU's hash. A value the GPU plausibly computed
// (a small integer, a float's bits) at one position names the wrong local.
//
// usage: locate tuK.fN INPUT W0 W1 W2 [--seed S]
//   INPUT the input's index (MISMATCH's "input #N"), W0..W2 the GPU's
//   result ("gpu w={...}"), S the input seed (default 1).
// Built by locate.sh with the one generated function.
#include "inputs.hpp"
#include "prelude.hpp"

#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace {
struct step {
  uint64_t before, value;
};
std::vector<step> trace;
} // namespace

void fz::trace_mix(uint64_t before, uint64_t value) {
  trace.push_back({before, value});
}

namespace {
constexpr uint64_t P = 0x100000001b3ull, C = 0x9e37u;

uint64_t inverse(uint64_t a) { // of an odd number, modulo 2^64 (Newton)
  uint64_t x = a;
  for (int i = 0; i < 6; ++i)
    x *= 2 - a * x;
  return x;
}

uint64_t mix(uint64_t h, uint64_t v) { return (h ^ v) * P + C; }
uint64_t unmix(uint64_t after, uint64_t v) { // the h before mixing v
  return ((after - C) * inverse(P)) ^ v;
}
} // namespace

int main(int argc, char **argv) {
  if (argc < 6) {
    std::fprintf(stderr, "usage: %s tuK.fN INPUT W0 W1 W2 [--seed S]\n",
                 argv[0]);
    return 2;
  }
  std::string name = argv[1];
  size_t dot = name.find(".f");
  if (dot == std::string::npos)
    return 2;
  std::string tu = name.substr(0, dot);
  uint32_t id = uint32_t(std::strtoul(name.c_str() + dot + 2, nullptr, 10));
  size_t index = std::strtoull(argv[2], nullptr, 0);
  fz::Out gpu{{std::strtoull(argv[3], nullptr, 0),
               std::strtoull(argv[4], nullptr, 0),
               std::strtoull(argv[5], nullptr, 0)}};
  uint64_t seed = argc > 7 ? std::strtoull(argv[7], nullptr, 0) : 1;

  const fz::group_info *g = nullptr;
  for (const auto &e : fz::registry())
    if (tu == e.tu && id >= e.first && id < e.first + e.count)
      g = &e;
  if (!g) {
    std::fprintf(stderr, "locate: %s is not in this program\n", name.c_str());
    return 2;
  }
  auto in = fz::make_inputs(index + 1, seed);
  fz::Out host{};
  g->host(id - g->first, in[index], host);
  std::printf("%s input #%zu: %s\n", name.c_str(), index,
              fz::describe(in[index]).c_str());
  for (int s = 0; s < 3; ++s)
    std::printf("  w[%d] host 0x%016" PRIx64 " gpu 0x%016" PRIx64 "%s\n", s,
                host.w[s], gpu.w[s], host.w[s] == gpu.w[s] ? "" : "  differs");

  // The hash chains: each starts from 0; find the one that ends in a
  // differing word.
  for (int s = 0; s < 3; ++s) {
    if (host.w[s] == gpu.w[s])
      continue;
    std::vector<uint64_t> chain;
    uint64_t h = 0;
    bool found = false;
    for (const step &st : trace) {
      if (st.before == 0) {
        chain.clear();
        h = 0;
      } else if (st.before != h) {
        continue;
      }
      chain.push_back(st.value);
      h = mix(h, st.value);
      if (h == host.w[s]) {
        found = true;
        break;
      }
    }
    if (!found) {
      std::printf("  w[%d] is not a hash of this function's locals\n", s);
      continue;
    }
    std::printf("  w[%d] hashes %zu values; the one value at position k "
                "that gives the GPU's hash:\n",
                s, chain.size());
    uint64_t before = 0; // the hash of chain[0..k)
    for (size_t k = 0; k < chain.size(); before = mix(before, chain[k++])) {
      uint64_t after = gpu.w[s];
      for (size_t j = chain.size(); j-- > k + 1;)
        after = unmix(after, chain[j]);
      uint64_t v = unmix(after, 0) ^ before;
      bool plausible = v < 0x100000000ull || (v >> 32) == 0xffffffffull ||
                       ((chain[k] >> 52) != 0 && (v >> 52) == (chain[k] >> 52));
      std::printf("    [%2zu] host 0x%016" PRIx64 "  gpu 0x%016" PRIx64 "%s\n",
                  k, chain[k], v, plausible ? "  <- plausible" : "");
    }
  }
  return 0;
}
