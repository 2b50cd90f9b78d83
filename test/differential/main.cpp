// The differential test driver: runs every registered case (harness.hpp) on
// the GPU and on the host over the same generated inputs and compares the
// results. See README.md.
//
// usage: differential [--self-check] [--inputs N] [--seed S] [--filter SUB]
//                     [--list] [--all] [--hashes] [--timeout SECONDS]
//   --self-check  no GPU: run every case twice on the host and compare (checks
//                 the harness, the generators and, in a sanitizer build, UB)
//   --inputs N    inputs per case (default 16384, at least 1)
//   --seed S      generator seed (default 1); each case mixes in its name
//   --filter SUB  only cases whose "family.name" contains SUB
//   --list        print the cases and exit
//   --all         print every mismatching input, not only each case's first
//   --hashes      print a hash of each case's host results (to compare builds)
//   --timeout S   a case that gives no answer within S seconds (default 120)
//                 is killed and counted as failed
// Exit status: 0 PASSED, 1 FAILED, 2 no GPU (or a usage error).
//
// The GPU runs happen in worker processes (this program with --worker
// --start K): a kernel fault makes a CUDA context unusable for good, so after
// a fault, a crash or a timeout the supervisor starts a new worker at the next
// case, and one bad kernel costs only its own case.
#include "harness.hpp"

#include <algorithm>
#include <bit>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <optional>
#include <string>

#include <cerrno>
#include <csignal>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

namespace diff::gen {

namespace {
const uint64_t special_ints64[] = {
    0,
    1,
    2,
    3,
    7,
    8,
    31,
    32,
    33,
    63,
    64,
    127,
    128,
    255,
    256,
    1000,
    uint64_t(-1),
    uint64_t(-2),
    uint64_t(-3),
    uint64_t(-7),
    uint64_t(-8),
    uint64_t(-100),
    0x7fffffffffffffffull,
    0x8000000000000000ull,
    0x8000000000000001ull,
    0x7ffffffffffffffeull,
    0x00000000ffffffffull,
    0x0000000100000000ull,
    0x0000000080000000ull,
    0x000000007fffffffull,
    0xffffffff80000000ull,
    0xffffffff7fffffffull,
    0xaaaaaaaaaaaaaaaaull,
    0x5555555555555555ull,
    0x00000000000000ffull,
    0x000000000000ffffull,
    0xff00ff00ff00ff00ull,
    0x0123456789abcdefull,
};
const uint32_t special_ints32[] = {
    0,          1,          2,          3,          5,          7,
    8,          10,         15,         16,         31,         32,
    33,         63,         64,         100,        127,        128,
    255,        256,        1000,       0xffffffff, 0xfffffffe, 0xfffffffd,
    0xfffffff9, 0xfffffff8, 0xffffff9c, 0x7fffffff, 0x80000000, 0x80000001,
    0x7ffffffe, 0x0000ffff, 0x00010000, 0x00008000, 0x00007fff, 0xaaaaaaaa,
    0x55555555, 0xff00ff00, 0x12345678, 0xdeadbeef,
};
const uint32_t special_f32_bits[] = {
    0x00000000,                         // +0
    0x80000000,                         // -0
    0x7f800000,                         // +inf
    0xff800000,                         // -inf
    0x7fc00000,                         // qNaN
    0xffc00000,                         // -qNaN
    0x7fc12345,                         // qNaN with payload
    0x7f800001,                         // sNaN
    0x00000001,                         // smallest denormal
    0x80000001, 0x007fffff,             // largest denormal
    0x807fffff, 0x00400000, 0x00800000, // FLT_MIN
    0x80800000, 0x7f7fffff,             // FLT_MAX
    0xff7fffff, 0x3f800000,             // 1
    0xbf800000,                         // -1
    0x3f000000,                         // 0.5
    0xbf000000, 0x3fc00000,             // 1.5
    0x40000000,                         // 2
    0x40200000,                         // 2.5
    0xc0200000, 0x40600000,             // 3.5
    0x3effffff,                         // 0.49999997
    0x3f7fffff,                         // 0.99999994
    0x3f800001,                         // 1.0000001
    0x3dcccccd,                         // 0.1
    0x4b800000,                         // 2^24
    0x4b800001,                         // 2^24 + 2
    0x4effffff,                         // 2147483520
    0x4f000000,                         // 2^31
    0xcf000000,                         // -2^31
    0xcf000001,                         // -2^31 - 256
    0x4f800000,                         // 2^32
    0x5f000000,                         // 2^63
    0xdf000000,                         // -2^63
    0x5f800000,                         // 2^64
    0x40490fdb,                         // pi
    0x42c80000,                         // 100
    0xc2c80000,                         // -100
    0x42b17218,                         // 88.72284 (expf overflow)
    0x2edbe6ff,                         // 1e-10
    0x501502f9,                         // 1e10
    0x477fe000,                         // 65504 (half max)
    0x33800000,                         // 2^-24 (half denorm min)
};
const uint64_t special_f64_bits[] = {
    0x0000000000000000ull, // +0
    0x8000000000000000ull, // -0
    0x7ff0000000000000ull, // +inf
    0xfff0000000000000ull, // -inf
    0x7ff8000000000000ull, // qNaN
    0xfff8000000000000ull, // -qNaN
    0x7ff8000000012345ull, // qNaN with payload
    0x7ff0000000000001ull, // sNaN
    0x0000000000000001ull, // smallest denormal
    0x8000000000000001ull,
    0x000fffffffffffffull, // largest denormal
    0x0010000000000000ull, // DBL_MIN
    0x8010000000000000ull,
    0x7fefffffffffffffull, // DBL_MAX
    0xffefffffffffffffull,
    0x3ff0000000000000ull, // 1
    0xbff0000000000000ull, // -1
    0x3fe0000000000000ull, // 0.5
    0xbfe0000000000000ull,
    0x3ff8000000000000ull, // 1.5
    0x4004000000000000ull, // 2.5
    0xc004000000000000ull,
    0x400c000000000000ull, // 3.5
    0x3fdfffffffffffffull, // 0.49999999999999994
    0x3feffffffffffffful,  // 0.9999999999999999
    0x3ff0000000000001ull, // 1.0000000000000002
    0x3fb999999999999aull, // 0.1
    0x4340000000000000ull, // 2^53
    0x4340000000000001ull, // 2^53 + 2
    0x41dfffffffc00000ull, // 2147483647
    0x41e0000000000000ull, // 2^31
    0xc1e0000000000000ull, // -2^31
    0xc1e0000000200000ull, // -2147483649
    0x41efffffffe00000ull, // 4294967295
    0x41f0000000000000ull, // 2^32
    0x43dfffffffffffffull, // largest below 2^63
    0x43e0000000000000ull, // 2^63
    0xc3e0000000000000ull, // -2^63
    0x43f0000000000000ull, // 2^64
    0x400921fb54442d18ull, // pi
    0x4059000000000000ull, // 100
    0xc059000000000000ull, // -100
    0x40862e42fefa39efull, // 709.78 (exp overflow)
    0x47efffffe0000000ull, // FLT_MAX
    0x47efffffefffffffull, // just below FLT_MAX rounding to inf
    0x36a0000000000000ull, // FLT_TRUE_MIN
    0x3e112e0be826d695ull, // 1e-9
    0x4202a05f20000000ull, // 1e10
};

template <class T, size_t N> T pick(rng &r, const T (&table)[N]) {
  return table[r.below(N)];
}
} // namespace

uint64_t int64(rng &r) {
  switch (r.below(10)) {
  case 0:
  case 1:
    return pick(r, special_ints64);
  case 2:
    return uint64_t(r.range(-20, 20));
  case 3:
    return r.next() >> r.below(64);
  case 4:
    return uint64_t(int64_t(int32_t(r.next32()))); // sign-extended 32-bit
  case 5:
    return uint64_t(1) << r.below(64);
  default:
    return r.next();
  }
}

uint32_t int32(rng &r) {
  switch (r.below(10)) {
  case 0:
  case 1:
    return pick(r, special_ints32);
  case 2:
    return uint32_t(int32_t(r.range(-20, 20)));
  case 3:
    return r.next32() >> r.below(32);
  case 4:
    return uint32_t(1) << r.below(32);
  default:
    return r.next32();
  }
}

float special_f32(rng &r) {
  return std::bit_cast<float>(pick(r, special_f32_bits));
}
double special_f64(rng &r) {
  return std::bit_cast<double>(pick(r, special_f64_bits));
}

double log_uniform(rng &r, int lo, int hi) {
  double m = std::ldexp(1.0 + r.unit(), int(r.range(lo, hi - 1)));
  return r.chance(0.5) ? -m : m;
}

float f32(rng &r) {
  switch (r.below(20)) {
  case 0:
  case 1:
  case 2:
  case 3:
    return special_f32(r);
  case 4:
  case 5:
  case 6:
  case 7:
    return std::bit_cast<float>(r.next32()); // any bits, NaNs included
  case 8:
  case 9:
    return float(r.range(-256, 256)) * 0.25f; // small, many ties
  case 10:
    return float(r.uniform(-1.0, 1.0));
  case 11:
    return float(r.range(-(1 << 25), 1 << 25));
  case 12: // denormals
    return std::bit_cast<float>(r.next32() & 0x807fffffu);
  default:
    return float(log_uniform(r, -40, 40));
  }
}

double f64(rng &r) {
  switch (r.below(20)) {
  case 0:
  case 1:
  case 2:
  case 3:
    return special_f64(r);
  case 4:
  case 5:
  case 6:
  case 7:
    return std::bit_cast<double>(r.next());
  case 8:
  case 9:
    return double(r.range(-256, 256)) * 0.25;
  case 10:
    return r.uniform(-1.0, 1.0);
  case 11:
    return double(r.range(-(int64_t(1) << 54), int64_t(1) << 54));
  case 12:
    return std::bit_cast<double>(r.next() & 0x800fffffffffffffull);
  case 13: // a float value
    return double(f32(r));
  default:
    return log_uniform(r, -80, 80);
  }
}

void fill(Input &in, rng &r) {
  in.a = int64(r);
  in.b = int64(r);
  in.p = int64(r);
  in.q = int64(r);
  in.x = f64(r);
  in.y = f64(r);
  in.z = f64(r);
  in.c = int32(r);
  in.d = int32(r);
  in.e = int32(r);
  in.f = f32(r);
  in.g = f32(r);
  in.h = f32(r);
}

} // namespace diff::gen

namespace {

using diff::Input;
using diff::Output;

uint64_t fnv1a(const char *s) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (; *s; ++s)
    h = (h ^ uint8_t(*s)) * 0x100000001b3ull;
  return h;
}

std::string full_name(const diff::case_info &c) {
  return std::string(c.family) + "." + c.name;
}

// Ulp distance on the line of floats ordered by value (+0 and -0 are the
// same point); only for two non-NaN values.
uint64_t ulp_distance32(uint32_t a, uint32_t b) {
  auto ord = [](uint32_t v) -> int64_t {
    return (v & 0x80000000u) ? -int64_t(v & 0x7fffffffu) : int64_t(v);
  };
  int64_t d = ord(a) - ord(b);
  return uint64_t(d < 0 ? -d : d);
}
uint64_t ulp_distance64(uint64_t a, uint64_t b) {
  auto ord = [](uint64_t v) -> __int128 {
    const uint64_t mag = v & 0x7fffffffffffffffull;
    return (v >> 63) ? -__int128(mag) : __int128(mag);
  };
  __int128 d = ord(a) - ord(b);
  if (d < 0)
    d = -d;
  return d > __int128(UINT64_MAX) ? UINT64_MAX : uint64_t(d);
}
bool is_nan32(uint32_t v) { return (v & 0x7fffffffu) > 0x7f800000u; }
bool is_nan64(uint64_t v) {
  return (v & 0x7fffffffffffffffull) > 0x7ff0000000000000ull;
}

bool same_f32(float hf, float gf, const diff::compare &c) {
  uint32_t h = std::bit_cast<uint32_t>(hf), g = std::bit_cast<uint32_t>(gf);
  if (h == g)
    return true;
  if (is_nan32(h) || is_nan32(g))
    return is_nan32(h) && is_nan32(g);
  return !c.exact && ulp_distance32(h, g) <= c.ulp_f32;
}
bool same_f64(double hd, double gd, const diff::compare &c) {
  uint64_t h = std::bit_cast<uint64_t>(hd), g = std::bit_cast<uint64_t>(gd);
  if (h == g)
    return true;
  if (is_nan64(h) || is_nan64(g))
    return is_nan64(h) && is_nan64(g);
  return !c.exact && ulp_distance64(h, g) <= c.ulp_f64;
}

bool same(const Output &h, const Output &g, const diff::compare &c) {
  for (int k = 0; k < 4; ++k)
    if (h.r[k] != g.r[k])
      return false;
  for (int k = 0; k < 2; ++k)
    if (!same_f64(h.x[k], g.x[k], c))
      return false;
  for (int k = 0; k < 4; ++k)
    if (!same_f32(h.f[k], g.f[k], c))
      return false;
  return true;
}

std::string hex64(uint64_t v) {
  char b[24];
  std::snprintf(b, sizeof b, "0x%016" PRIx64, v);
  return b;
}
std::string hexd(double d) {
  char b[64];
  std::snprintf(b, sizeof b, "0x%016" PRIx64 "(%.17g)",
                std::bit_cast<uint64_t>(d), d);
  return b;
}
std::string hexf(float f) {
  char b[48];
  std::snprintf(b, sizeof b, "0x%08" PRIx32 "(%.9g)",
                std::bit_cast<uint32_t>(f), double(f));
  return b;
}
std::string hex32(uint32_t v) {
  char b[16];
  std::snprintf(b, sizeof b, "0x%08" PRIx32, v);
  return b;
}

std::string describe_input(const Input &in) {
  return "in{a=" + hex64(in.a) + " b=" + hex64(in.b) + " p=" + hex64(in.p) +
         " q=" + hex64(in.q) + " x=" + hexd(in.x) + " y=" + hexd(in.y) +
         " z=" + hexd(in.z) + " c=" + hex32(in.c) + " d=" + hex32(in.d) +
         " e=" + hex32(in.e) + " f=" + hexf(in.f) + " g=" + hexf(in.g) +
         " h=" + hexf(in.h) + "}";
}

// The fields that differ, host value then GPU value.
std::string describe_difference(const Output &h, const Output &g,
                                const diff::compare &c) {
  std::string s;
  for (int k = 0; k < 4; ++k)
    if (h.r[k] != g.r[k])
      s += " r[" + std::to_string(k) + "] host=" + hex64(h.r[k]) +
           " gpu=" + hex64(g.r[k]);
  for (int k = 0; k < 2; ++k)
    if (!same_f64(h.x[k], g.x[k], c))
      s += " x[" + std::to_string(k) + "] host=" + hexd(h.x[k]) +
           " gpu=" + hexd(g.x[k]);
  for (int k = 0; k < 4; ++k)
    if (!same_f32(h.f[k], g.f[k], c))
      s += " f[" + std::to_string(k) + "] host=" + hexf(h.f[k]) +
           " gpu=" + hexf(g.f[k]);
  return s;
}

std::string describe_compare(const diff::compare &c) {
  if (c.exact)
    return "exact";
  return "ulp(f32<=" + std::to_string(c.ulp_f32) +
         ", f64<=" + std::to_string(c.ulp_f64) + ")";
}

struct options {
  bool self_check = false;
  bool list = false;
  bool all = false;
  bool hashes = false;
  bool worker = false;
  size_t start = 0;
  size_t inputs = 16384;
  uint64_t seed = 1;
  unsigned timeout_s = 120;
  std::string filter;
};

int usage(const char *argv0) {
  std::fprintf(stderr,
               "usage: %s [--self-check] [--inputs N] [--seed S] "
               "[--filter SUBSTRING] [--list] [--all] [--hashes] "
               "[--timeout SECONDS]\n",
               argv0);
  return 2;
}

struct case_result {
  uint64_t mismatches = 0;
  bool failed = false;
  bool not_run = false;   // no GPU result at all
  bool gpu_error = false; // the context may be unusable now
};

// Runs one case (on the GPU, or twice on the host for --self-check) and
// prints its FAILED line, if any.
case_result run_one(const diff::case_info &c, const options &opt,
                    gpu::context *ctx) {
  case_result res;
  const size_t n = opt.inputs;
  const std::string name = full_name(c);
  std::vector<Input> in(n);
  diff::rng r(fnv1a(name.c_str()) ^ (opt.seed * 0x9e3779b97f4a7c15ull));
  for (auto &v : in) {
    diff::gen::fill(v, r);
    if (c.domain)
      c.domain(v, r);
  }
  std::vector<Output> host(n), other(n);
  c.host(in.data(), host.data(), n);
  if (opt.hashes || opt.self_check) {
    uint64_t h = 0xcbf29ce484222325ull;
    bool constant = true;
    for (size_t i = 0; i < n; ++i) {
      // NaNs hash alike: their payloads may differ between builds.
      Output v = host[i];
      for (auto &x : v.x)
        if (x != x)
          x = std::numeric_limits<double>::quiet_NaN();
      for (auto &f : v.f)
        if (f != f)
          f = std::numeric_limits<float>::quiet_NaN();
      const auto *bytes = reinterpret_cast<const unsigned char *>(&v);
      for (size_t k = 0; k < sizeof(Output); ++k)
        h = (h ^ bytes[k]) * 0x100000001b3ull;
      constant =
          constant && std::memcmp(&host[i], &host[0], sizeof(Output)) == 0;
    }
    if (opt.hashes)
      std::printf("hash %s %016" PRIx64 "\n", name.c_str(), h);
    if (opt.self_check && constant && n > 1)
      std::printf("note %s: the same result for every input\n", name.c_str());
  }

  if (opt.self_check) {
    c.host(in.data(), other.data(), n);
  } else if (!c.gpu) {
    std::printf("FAILED %s: not built for the GPU (DIFF_ONLY/DIFF_SKIP left "
                "it out)\n",
                name.c_str());
    res = {n, true, true, false};
    return res;
  } else {
    auto &stream = ctx->default_stream();
    auto run = [&]() -> gpu::result<void> {
      auto in_d = gpu::device_buffer<Input>::from_host(stream, in);
      if (!in_d)
        return std::unexpected(in_d.error());
      auto out_d = gpu::device_buffer<Output>::zeroed(stream, n);
      if (!out_d)
        return std::unexpected(out_d.error());
      if (auto done = c.gpu(*ctx, stream, *in_d, *out_d); !done)
        return done;
      return out_d->copy_to_host(stream, other);
    };
    if (auto done = run(); !done) {
      std::printf("FAILED %s: GPU: %s\n", name.c_str(),
                  done.error().message().c_str());
      // A driver error (a fault) leaves the context unusable; Alloy's own
      // errors (not compiled, contract...) do not.
      res = {n, true, true, done.error().code() < 100000};
      return res;
    }
  }

  // Self-check compares the bytes: the host must be deterministic.
  size_t bad = 0, first = 0;
  for (size_t i = 0; i < n; ++i) {
    bool ok = opt.self_check
                  ? std::memcmp(&host[i], &other[i], sizeof(Output)) == 0
                  : same(host[i], other[i], c.cmp);
    if (!ok) {
      if (bad == 0)
        first = i;
      ++bad;
      if (opt.all && bad > 1)
        std::printf("  %s #%zu: %s%s\n", name.c_str(), i,
                    describe_input(in[i]).c_str(),
                    describe_difference(host[i], other[i], c.cmp).c_str());
    }
  }
  if (bad) {
    std::printf("FAILED %s [%s]: %zu of %zu inputs differ; first #%zu: %s%s\n",
                name.c_str(), describe_compare(c.cmp).c_str(), bad, n, first,
                describe_input(in[first]).c_str(),
                describe_difference(host[first], other[first],
                                    opt.self_check ? diff::exact : c.cmp)
                    .c_str());
    res.mismatches = bad;
    res.failed = true;
  }
  return res;
}

struct totals {
  uint64_t mismatches = 0;
  size_t failed = 0, not_run = 0;
  void add(const case_result &r) {
    mismatches += r.mismatches;
    failed += r.failed;
    not_run += r.not_run;
  }
};

int summarize(const totals &t, size_t cases, size_t n, size_t skipped = 0) {
  if (skipped)
    std::printf("differential: %zu functions skipped: alloy++ rejects them "
                "by design (unsupported.txt)\n",
                skipped);
  if (t.not_run)
    std::printf("differential: %zu functions did not run on the GPU\n",
                t.not_run);
  if (t.failed)
    std::printf("differential: %zu functions failed\n", t.failed);
  std::printf("differential: %zu functions, %zu inputs each, %" PRIu64
              " mismatches\n",
              cases, n, t.mismatches);
  const bool passed = t.mismatches == 0 && t.failed == 0 && cases != 0;
  std::printf("%s\n", passed ? "PASSED" : "FAILED");
  return passed ? 0 : 1;
}

// The worker: runs cases start.. in this process, one "@@ INDEX MISMATCHES
// FAILED NOT_RUN" line after each; stops after a GPU error (a fault makes
// the context unusable), exit status 3.
int worker(const std::vector<diff::case_info> &cases, const options &opt) {
  auto created = gpu::context::create(0);
  if (!created) {
    std::fprintf(stderr, "differential: no GPU: %s\n",
                 created.error().message().c_str());
    return 2;
  }
  gpu::context ctx = std::move(*created);
  for (size_t i = opt.start; i < cases.size(); ++i) {
    case_result r = run_one(cases[i], opt, &ctx);
    std::printf("@@ %zu %" PRIu64 " %d %d\n", i, r.mismatches, int(r.failed),
                int(r.not_run));
    std::fflush(stdout);
    if (r.gpu_error)
      return 3;
  }
  return 0;
}

// The supervisor: runs the cases in worker processes, a new one after a GPU
// fault, a crash or a timeout, so that one bad kernel cannot hide the rest.
int supervise(const std::vector<diff::case_info> &cases, const options &opt,
              const char *self, size_t skipped) {
  totals t;
  size_t next = 0;
  while (next < cases.size()) {
    std::vector<std::string> args = {self,       "--worker",
                                     "--start",  std::to_string(next),
                                     "--inputs", std::to_string(opt.inputs),
                                     "--seed",   std::to_string(opt.seed),
                                     "--filter", opt.filter};
    if (opt.all)
      args.push_back("--all");
    std::vector<char *> argv;
    for (auto &a : args)
      argv.push_back(a.data());
    argv.push_back(nullptr);
    int fds[2];
    if (pipe(fds) != 0) {
      std::perror("differential: pipe");
      return 2;
    }
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, fds[1], 1);
    posix_spawn_file_actions_addclose(&fa, fds[0]);
    posix_spawn_file_actions_addclose(&fa, fds[1]);
    std::fflush(stdout);
    pid_t pid = 0;
    int rc =
        posix_spawn(&pid, "/proc/self/exe", &fa, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&fa);
    close(fds[1]);
    if (rc != 0) {
      std::fprintf(stderr, "differential: cannot start a worker: %s\n",
                   std::strerror(rc));
      close(fds[0]);
      return 2;
    }
    std::string pending;
    bool timed_out = false;
    for (;;) {
      pollfd p{fds[0], POLLIN, 0};
      int ready = poll(&p, 1, int(opt.timeout_s) * 1000);
      if (ready == 0) {
        timed_out = true;
        kill(pid, SIGKILL);
        break;
      }
      if (ready < 0) {
        if (errno == EINTR)
          continue;
        break;
      }
      char buf[4096];
      ssize_t got = read(fds[0], buf, sizeof buf);
      if (got <= 0)
        break;
      pending.append(buf, size_t(got));
      size_t nl;
      while ((nl = pending.find('\n')) != std::string::npos) {
        std::string line = pending.substr(0, nl);
        pending.erase(0, nl + 1);
        size_t index = 0;
        unsigned long long mism = 0;
        int failed = 0, not_run = 0;
        if (std::sscanf(line.c_str(), "@@ %zu %llu %d %d", &index, &mism,
                        &failed, &not_run) == 4) {
          t.add({mism, failed != 0, not_run != 0, false});
          next = index + 1;
        } else {
          std::printf("%s\n", line.c_str());
        }
      }
    }
    close(fds[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    if (WIFEXITED(status) && WEXITSTATUS(status) == 2 && next == opt.start &&
        t.failed == 0 && t.mismatches == 0) {
      return 2; // no GPU: the worker said so on stderr
    }
    if (next < cases.size() &&
        !(WIFEXITED(status) && WEXITSTATUS(status) == 3)) {
      // The worker died (or hung) inside case `next` without reporting it.
      const std::string name = full_name(cases[next]);
      if (timed_out)
        std::printf("FAILED %s: no answer within %u s (a hung kernel?); "
                    "killed\n",
                    name.c_str(), opt.timeout_s);
      else if (WIFSIGNALED(status))
        std::printf("FAILED %s: the worker process died of signal %d\n",
                    name.c_str(), WTERMSIG(status));
      else
        std::printf("FAILED %s: the worker process exited with status %d\n",
                    name.c_str(), WEXITSTATUS(status));
      t.add({opt.inputs, true, true, false});
      ++next;
    }
  }
  return summarize(t, cases.size(), opt.inputs, skipped);
}

} // namespace

int main(int argc, char **argv) {
  options opt;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&]() -> const char * {
      return i + 1 < argc ? argv[++i] : nullptr;
    };
    if (a == "--self-check") {
      opt.self_check = true;
    } else if (a == "--list") {
      opt.list = true;
    } else if (a == "--all") {
      opt.all = true;
    } else if (a == "--hashes") {
      opt.hashes = true;
    } else if (a == "--worker") {
      opt.worker = true;
    } else if (a == "--start" || a == "--inputs" || a == "--seed" ||
               a == "--timeout") {
      const char *v = value();
      if (!v)
        return usage(argv[0]);
      unsigned long long x = std::strtoull(v, nullptr, 0);
      if (a == "--start")
        opt.start = size_t(x);
      else if (a == "--seed")
        opt.seed = x;
      else if (x == 0)
        return usage(argv[0]);
      else if (a == "--inputs")
        opt.inputs = size_t(x);
      else
        opt.timeout_s = unsigned(x);
    } else if (a == "--filter") {
      const char *v = value();
      if (!v)
        return usage(argv[0]);
      opt.filter = v;
    } else {
      return usage(argv[0]);
    }
  }

  std::vector<diff::case_info> cases;
  for (const auto &c : diff::registry())
    if (full_name(c).find(opt.filter) != std::string::npos)
      cases.push_back(c);
  std::sort(cases.begin(), cases.end(), [](const auto &l, const auto &r) {
    return full_name(l) < full_name(r);
  });

  if (opt.list) {
    for (const auto &c : cases)
      std::printf("%s %s%s\n", full_name(c).c_str(),
                  describe_compare(c.cmp).c_str(),
                  c.gpu ? "" : " (not built for the GPU)");
    return 0;
  }
  // Cases alloy++ rejects by design are listed, not run (on the GPU); the
  // worker drops them too, so that both count cases alike.
  size_t skipped = 0;
  if (!opt.self_check) {
    std::erase_if(cases, [&](const diff::case_info &c) {
      if (!c.unsupported)
        return false;
      if (!opt.worker)
        std::printf("skipped %s: alloy++ rejects it by design\n",
                    full_name(c).c_str());
      ++skipped;
      return true;
    });
  }
  if (opt.worker)
    return worker(cases, opt);

  if (opt.self_check) {
    std::printf("differential: self-check, every case run twice on the "
                "host\n");
    totals t;
    for (const auto &c : cases)
      t.add(run_one(c, opt, nullptr));
    return summarize(t, cases.size(), opt.inputs);
  }

  {
    auto created = gpu::context::create(0);
    if (!created) {
      std::fprintf(stderr,
                   "differential: no GPU: %s\n(run with --self-check to "
                   "check the host side alone)\n",
                   created.error().message().c_str());
      return 2;
    }
    std::printf("differential: on %s (sm_%d%d)\n",
                created->device().name().c_str(),
                created->device().compute_capability().major,
                created->device().compute_capability().minor);
  } // released before the workers start
  return supervise(cases, opt, argv[0], skipped);
}
