// bench/binomial_options' inputs, for both sides: the sample's option mix
// (S in [5, 30], X in [1, 100], T in [0.25, 10], R 0.06, V 0.10) and its
// preprocessing into __TOptionData (its binomialOptionsGPU's loop).
#ifndef BENCH_BINOMIAL_OPTIONS_INPUTS_HPP
#define BENCH_BINOMIAL_OPTIONS_INPUTS_HPP

#include "check.hpp"

#include <cmath>
#include <cstdint>
#include <vector>

namespace binomial {

inline std::vector<bench::binomial_option> options(int n) {
  std::vector<bench::binomial_option> opts(n);
  uint32_t state = 123;
  auto uniform = [&](float lo, float hi) {
    state = state * 1664525u + 1013904223u;
    return lo + (hi - lo) * float(state >> 8) / float(1u << 24);
  };
  for (auto &o : opts)
    o = {uniform(5, 30), uniform(1, 100), uniform(0.25f, 10), 0.06f, 0.10f};
  return opts;
}

template <class Data>
std::vector<Data> preprocess(const std::vector<bench::binomial_option> &opts,
                             int steps) {
  std::vector<Data> data(opts.size());
  for (size_t i = 0; i < opts.size(); ++i) {
    const float dt = opts[i].T / float(steps);
    const float vDt = opts[i].V * std::sqrt(dt), rDt = opts[i].R * dt;
    const float If = std::exp(rDt), Df = std::exp(-rDt);
    const float u = std::exp(vDt), d = std::exp(-vDt);
    const float pu = (If - d) / (u - d), pd = 1.0f - pu;
    data[i] = {opts[i].S, opts[i].X, vDt, pu * Df, pd * Df};
  }
  return data;
}

} // namespace binomial

#endif
