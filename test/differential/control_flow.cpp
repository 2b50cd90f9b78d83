// Control flow: loops with break/continue, do-while, switch with
// fallthrough, goto, nested conditionals, short-circuit evaluation with side
// effects, range-for over arrays and braced lists, recursion.
#define DIFF_FAMILY "control_flow"
#include "harness.hpp"

#include <cstdint>
#include <initializer_list>

namespace diff::control_flow {

uint64_t break_continue(uint32_t n, uint64_t seed) {
  uint64_t acc = 0;
  for (uint32_t i = 0; i < n; ++i) {
    if (i % 3 == 0)
      continue;
    acc = acc * 6364136223846793005ull + seed + i;
    if ((acc >> 60) == 0xf)
      break;
    if (i == 50)
      break;
  }
  return acc;
}
DIFF_CASE(loop_break_continue, diff::exact) {
  out.r[0] = break_continue(in.e % 64, in.a);
  out.r[1] = break_continue(in.c % 8, in.b);
}

// Collatz steps, bounded.
uint32_t collatz(uint64_t v) {
  uint32_t steps = 0;
  while (v > 1 && steps < 500) {
    v = (v & 1) ? 3 * v + 1 : v / 2; // v < 2^40: no wrap
    ++steps;
  }
  return steps;
}
DIFF_CASE(while_collatz, diff::exact) {
  out.r[0] = collatz(in.a >> 24);
  out.r[1] = collatz(in.c);
}

// Decimal digits with do-while (0 has one digit).
uint32_t digits(uint64_t v) {
  uint32_t n = 0;
  do {
    ++n;
    v /= 10;
  } while (v != 0);
  return n;
}
DIFF_CASE(do_while_digits, diff::exact) {
  out.r[0] = digits(in.a);
  out.r[1] = digits(in.c);
  out.r[2] = digits(0);
}

uint64_t fallthrough(uint32_t sel, uint64_t v) {
  uint64_t r = 1;
  switch (sel % 10) {
  case 0:
    r += v;
    [[fallthrough]];
  case 1:
    r *= 3;
    [[fallthrough]];
  case 2:
    r ^= v >> 7;
    break;
  case 3:
  case 4:
    r = v + sel;
    break;
  case 5: {
    uint64_t t = v * 5;
    r = t ^ (t >> 3);
  }
    [[fallthrough]];
  case 6:
    r += 6;
    break;
  default:
    r = ~v;
  }
  return r;
}
DIFF_CASE(switch_fallthrough, diff::exact) {
  out.r[0] = fallthrough(in.e, in.a);
  out.r[1] = fallthrough(in.c, in.b);
}

// Sparse case values, negative ones, a switch on a 64-bit value.
int sparse(int64_t v) {
  switch (v) {
  case -5:
    return 1;
  case 0:
    return 2;
  case 7:
    return 3;
  case 100:
    return 4;
  case 1000:
    return 5;
  case 0x7fffffffffffffffll:
    return 6;
  case -0x7fffffffffffffffll - 1:
    return 7;
  case 1ll << 40:
    return 8;
  default:
    return v < 0 ? -1 : 0;
  }
}
DIFF_CASE(switch_sparse, diff::exact) {
  out.r[0] = uint64_t(int64_t(sparse(int64_t(in.a))));
  out.r[1] = uint64_t(int64_t(sparse(int64_t(int32_t(in.c)))));
  out.r[2] = uint64_t(int64_t(sparse(int64_t(in.e % 8) * 500 - 1000)));
}

// A loop written with goto, and a goto out of two nested loops.
uint64_t goto_loops(uint32_t n, uint64_t key) {
  uint64_t acc = 0;
  uint32_t i = 0;
top:
  if (i >= n)
    goto done;
  acc += i * key;
  ++i;
  goto top;
done:
  for (uint32_t a = 0; a < 8; ++a)
    for (uint32_t b = 0; b < 8; ++b) {
      acc ^= uint64_t(a * 8 + b) << (a + b);
      if (((acc >> (a + b)) & 0xff) == 0x5a)
        goto out;
    }
  acc += 1;
out:
  return acc;
}
DIFF_CASE(goto_loops, diff::exact) { out.r[0] = goto_loops(in.e % 40, in.a); }

int nested_ternary(int32_t a, int32_t b) {
  return a < b ? (a < 0 ? -1 : (a == 0 ? 0 : 1))
               : (b < 0 ? (a == b ? 10 : 11) : (b % 2 ? 20 : 21));
}
DIFF_CASE(nested_ternary, diff::exact) {
  out.r[0] = uint64_t(int64_t(nested_ternary(int32_t(in.c), int32_t(in.d))));
  int32_t e = int32_t(in.e % 7) - 3;
  out.r[1] = uint64_t(int64_t(nested_ternary(e, int32_t(in.c % 5) - 2)));
  // A ternary as an lvalue.
  int32_t x = 0, y = 0;
  (in.e & 1 ? x : y) = 5;
  out.r[2] = uint64_t(x * 10 + y);
}

// && and || evaluate left to right and stop early: the calls record their
// order into a log.
bool note(uint64_t &log, int id, bool value) {
  log = log * 10 + uint64_t(id);
  return value;
}
DIFF_CASE(short_circuit, diff::exact) {
  uint64_t log = 0;
  bool a = in.e & 1, b = in.e & 2, c = in.e & 4, d = in.e & 8;
  bool r1 = (note(log, 1, a) && note(log, 2, b)) || note(log, 3, c);
  bool r2 = note(log, 4, d) || (note(log, 5, a) && note(log, 6, c));
  bool r3 = !note(log, 7, b) && !note(log, 8, d);
  out.r[0] = log;
  out.r[1] = uint64_t(r1) | (uint64_t(r2) << 1) | (uint64_t(r3) << 2);
  // Side effects in conditions: the increment happens only when reached.
  uint32_t k = 0;
  if (a || ++k > 0)
    ++k;
  if (b && k++ > 0)
    k += 10;
  out.r[2] = k;
}

DIFF_CASE(range_for_array, diff::exact) {
  uint32_t arr[8];
  for (uint32_t i = 0; i < 8; ++i)
    arr[i] = in.c ^ (i * 0x9e3779b9u);
  for (uint32_t &v : arr)
    v = (v >> 3) | 1;
  uint64_t sum = 0;
  for (uint32_t v : arr)
    sum = sum * 31 + v;
  out.r[0] = sum;
  const uint64_t words[] = {in.a, in.b, in.p, in.q};
  uint64_t x = 0;
  for (auto w : words)
    x ^= w;
  out.r[1] = x;
}

DIFF_CASE(range_for_braced_list, diff::exact) {
  uint64_t acc = 0;
  for (int v : {1, 2, 3, 5, 8, 13})
    acc = acc * 3 + uint64_t(v) * in.c;
  for (uint64_t w : {in.a, in.b, in.p})
    acc ^= w;
  out.r[0] = acc;
  int best = 0;
  for (auto v : {int(in.e % 100), int(in.c % 100), int(in.d % 100)})
    best = v > best ? v : best;
  out.r[1] = uint64_t(best);
}

// Nested loops with a found-flag, break out of the inner one only.
DIFF_CASE(nested_loops, diff::exact) {
  uint32_t n = in.e % 12;
  uint64_t acc = 0;
  uint32_t found = 0;
  for (uint32_t i = 0; i < n; ++i) {
    for (uint32_t j = 0; j < n; ++j) {
      if (j > i)
        break;
      if ((i * 7 + j * 3 + in.c) % 11 == 0) {
        ++found;
        continue;
      }
      acc += i * j;
    }
  }
  out.r[0] = acc;
  out.r[1] = found;
}

uint64_t gcd_rec(uint64_t a, uint64_t b) {
  return b == 0 ? a : gcd_rec(b, a % b);
}
uint32_t ackermann_small(uint32_t m, uint32_t n) {
  if (m == 0)
    return n + 1;
  if (n == 0)
    return ackermann_small(m - 1, 1);
  return ackermann_small(m - 1, ackermann_small(m, n - 1));
}
DIFF_CASE(recursion, diff::exact) {
  out.r[0] = gcd_rec(in.a, in.b);
  out.r[1] = gcd_rec(in.c, in.d);
  out.r[2] = ackermann_small(in.e % 3, in.c % 6);
}

// Several returns from inside loops and branches.
int32_t find_first(uint64_t v, uint32_t start) {
  if (v == 0)
    return -1;
  for (uint32_t i = start % 64; i < 64; ++i) {
    if ((v >> i) & 1)
      return int32_t(i);
    if (i == 60)
      return -2;
  }
  return -3;
}
DIFF_CASE(early_returns, diff::exact) {
  out.r[0] = uint64_t(int64_t(find_first(in.a, in.e)));
  out.r[1] = uint64_t(int64_t(find_first(in.b, 0)));
}

// Unsigned count-down loops, for(;;) with break.
DIFF_CASE(countdown_loops, diff::exact) {
  uint64_t acc = 0;
  for (unsigned i = in.e % 20; i-- > 0;)
    acc = acc * 7 + i;
  out.r[0] = acc;
  uint32_t v = in.c, steps = 0;
  for (;;) {
    if (v < 16 || steps == 40)
      break;
    v = v / 3 + (v & 7);
    ++steps;
  }
  out.r[1] = v;
  out.r[2] = steps;
}

// The comma operator, and if/switch with init-statements.
DIFF_CASE(comma_and_init_statements, diff::exact) {
  uint32_t x = in.c, y = in.d;
  uint32_t z = (x += 1, y *= 3, x ^ y);
  out.r[0] = z;
  if (uint32_t t = in.e % 5; t > 2)
    out.r[1] = t * 100;
  else
    out.r[1] = t;
  switch (uint32_t s = in.c % 4; s) {
  case 0:
    out.r[2] = 11;
    break;
  case 1:
    out.r[2] = s + 20;
    break;
  default:
    out.r[2] = s * 30;
  }
  for (uint32_t i = 0, j = 10; i < j; ++i, --j)
    out.r[3] += i * j;
}

// A state machine: a switch inside a loop, with continue.
DIFF_CASE(state_machine, diff::exact) {
  uint64_t bits = in.a;
  int state = 0;
  uint32_t counts[3] = {0, 0, 0};
  for (int i = 0; i < 64; ++i, bits >>= 1) {
    bool bit = bits & 1;
    switch (state) {
    case 0:
      state = bit ? 1 : 0;
      continue;
    case 1:
      if (bit) {
        state = 2;
        ++counts[0];
      } else {
        state = 0;
      }
      break;
    case 2:
      ++counts[bit ? 1 : 2];
      state = bit ? 2 : 0;
      break;
    }
  }
  out.r[0] = counts[0];
  out.r[1] = counts[1];
  out.r[2] = counts[2];
  out.r[3] = uint64_t(state);
}

// Loops over floats with a data-dependent exit (bisection, no FMA shape).
DIFF_CASE(float_loop_exit, diff::exact) {
  double target = in.x;
  if (!(target > 0.0 && target < 1.0e12))
    target = 2.0;
  double lo = 0.0, hi = target < 1.0 ? 1.0 : target;
  int iters = 0;
  while (hi - lo > 1e-9 * hi && iters < 200) {
    double mid = (lo + hi) / 2;
    if (mid * mid < target)
      lo = mid;
    else
      hi = mid;
    ++iters;
  }
  out.x[0] = lo;
  out.r[0] = uint64_t(iters);
}

} // namespace diff::control_flow
