// The differential fuzzer's driver: runs every generated function (gen.py,
// registered by the generated translation units through prelude.hpp) on the
// GPU and on the host over the same inputs and compares the results bit for
// bit (every NaN equal to every NaN). README.md.
//
// usage: fuzz_differential [--self-check] [--inputs N] [--seed S]
//                          [--filter tuK] [--timeout SECONDS] [--all]
//   --self-check  no GPU: every function twice on the host, compared (with a
//                 sanitizer build: checks that the generated code is UB-free)
//   --inputs N    inputs per function (default 4096)
//   --seed S      the input generator's seed (default 1)
//   --filter tuK  only the groups of translation unit tuK
//   --all         print up to 8 mismatching inputs per function, not 1
//   --timeout S   a worker that gives no answer within S s (default 300) is
//                 killed; its group counts as failed
// Prints one MISMATCH line per function that differs (its translation unit,
// id, generator seed, the regeneration command and the source path), then
//   fuzz-differential: N functions, M inputs each, K mismatches
//   PASSED            (or FAILED)
// Exit status: 0 passed, 1 failed, 2 no GPU.
//
// The GPU runs happen in a forked worker (the parent never touches CUDA): a
// kernel fault makes a context unusable, so after a fault, a crash or a
// timeout the parent counts the group as failed and forks a new worker at
// the next group.
#include "prelude.hpp"

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include <cerrno>
#include <csignal>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

namespace {

size_t constant_functions = 0; // same result for every input (host)

using fz::In;
using fz::Out;

struct rng {
  uint64_t s;
  uint64_t next() { // splitmix64
    uint64_t z = (s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  uint64_t below(uint64_t n) { return next() % n; }
  double unit() { return double(next() >> 11) * 0x1.0p-53; }
};

const uint32_t special_u32[] = {0,          1,          2,          3,
                                7,          31,         32,         33,
                                255,        256,        1000,       0x7fffffff,
                                0x80000000, 0x80000001, 0xffffffff, 0xfffffffe,
                                0xaaaaaaaa, 0x0000ffff, 0x00010000, 0xdeadbeef};
const uint32_t special_f32[] = {
    0x00000000, 0x80000000, 0x7f800000, 0xff800000, 0x7fc00000, 0xffc00000,
    0x7f800001, 0x00000001, 0x807fffff, 0x00800000, 0x7f7fffff, 0xff7fffff,
    0x3f800000, 0xbf800000, 0x3f000000, 0x40000000, 0x3fc00000, 0x40200000,
    0x3effffff, 0x3f7fffff, 0x3f800001, 0x4b800000, 0x4b800001, 0x4f000000,
    0xcf000000, 0x4f800000, 0x5f000000, 0xdf000000, 0x5f800000, 0x42c80000};
const uint64_t special_f64[] = {
    0x0000000000000000ull, 0x8000000000000000ull, 0x7ff0000000000000ull,
    0xfff0000000000000ull, 0x7ff8000000000000ull, 0x7ff0000000000001ull,
    0x0000000000000001ull, 0x000fffffffffffffull, 0x0010000000000000ull,
    0x7fefffffffffffffull, 0x3ff0000000000000ull, 0xbff0000000000000ull,
    0x3fe0000000000000ull, 0x3ff8000000000000ull, 0x4004000000000000ull,
    0x3fdfffffffffffffull, 0x3ff0000000000001ull, 0x4340000000000000ull,
    0x41e0000000000000ull, 0xc1e0000000000000ull, 0x41f0000000000000ull,
    0x43e0000000000000ull, 0xc3e0000000000000ull, 0x43f0000000000000ull,
    0x47efffffe0000000ull, 0x36a0000000000000ull, 0x4059000000000000ull};

uint32_t gen_u32(rng &r) {
  switch (r.below(8)) {
  case 0:
  case 1:
    return special_u32[r.below(std::size(special_u32))];
  case 2:
    return uint32_t(int32_t(r.below(41)) - 20);
  case 3:
    return uint32_t(r.next()) >> r.below(32);
  default:
    return uint32_t(r.next());
  }
}
uint64_t gen_u64(rng &r) {
  switch (r.below(6)) {
  case 0:
    return uint64_t(int64_t(int32_t(gen_u32(r))));
  case 1:
    return uint64_t(1) << r.below(64);
  case 2:
    return r.next() >> r.below(64);
  default:
    return r.next();
  }
}
float gen_f32(rng &r) {
  switch (r.below(10)) {
  case 0:
  case 1:
    return std::bit_cast<float>(special_f32[r.below(std::size(special_f32))]);
  case 2:
    return std::bit_cast<float>(uint32_t(r.next()));
  case 3:
    return float(int32_t(r.below(513)) - 256) * 0.25f;
  case 4:
    return std::bit_cast<float>(uint32_t(r.next()) & 0x807fffffu);
  default: { // log-uniform over [2^-30, 2^40)
    float m = std::ldexp(float(1.0 + r.unit()), int(r.below(70)) - 30);
    return r.below(2) ? -m : m;
  }
  }
}
double gen_f64(rng &r) {
  switch (r.below(10)) {
  case 0:
  case 1:
    return std::bit_cast<double>(special_f64[r.below(std::size(special_f64))]);
  case 2:
    return std::bit_cast<double>(r.next());
  case 3:
    return double(int32_t(r.below(513)) - 256) * 0.25;
  case 4:
    return double(gen_f32(r));
  default: {
    double m = std::ldexp(1.0 + r.unit(), int(r.below(140)) - 60);
    return r.below(2) ? -m : m;
  }
  }
}

void fill(In &in, rng &r) {
  std::memset(&in, 0, sizeof in);
  for (auto &v : in.d)
    v = gen_f64(r);
  for (auto &v : in.q)
    v = gen_u64(r);
  for (auto &v : in.u)
    v = gen_u32(r);
  for (auto &v : in.i)
    v = int32_t(gen_u32(r));
  for (auto &v : in.f)
    v = gen_f32(r);
}

std::string describe(const In &in) {
  char b[512];
  std::snprintf(
      b, sizeof b,
      "d={%a,%a,%a} q={0x%" PRIx64 ",0x%" PRIx64 "} u={0x%x,0x%x,0x%x} "
      "i={%d,%d,%d} f={%a,%a,%a}",
      in.d[0], in.d[1], in.d[2], in.q[0], in.q[1], in.u[0], in.u[1], in.u[2],
      in.i[0], in.i[1], in.i[2], double(in.f[0]), double(in.f[1]),
      double(in.f[2]));
  return b;
}

struct options {
  bool self_check = false, all = false;
  size_t inputs = 4096;
  uint64_t seed = 1;
  unsigned timeout_s = 300;
  std::string filter;
};

// Runs group g (on the GPU, or twice on the host) and prints a MISMATCH
// line per differing function. Returns the mismatching (function, input)
// pairs; sets gpu_error when the context may be unusable.
uint64_t run_group(const fz::group_info &g, const std::vector<In> &in,
                   const options &opt, gpu::context *ctx, bool &gpu_error) {
  const size_t n = in.size(), total = n * g.count;
  std::vector<Out> host(total), other(total);
  for (uint32_t k = 0; k < g.count; ++k)
    for (size_t i = 0; i < n; ++i)
      g.host(k, in[i], host[k * n + i]);
  if (opt.self_check) {
    for (uint32_t k = 0; k < g.count; ++k)
      for (size_t i = 0; i < n; ++i)
        g.host(k, in[i], other[k * n + i]);
  } else {
    auto &stream = ctx->default_stream();
    auto run = [&]() -> gpu::result<void> {
      auto in_d = gpu::device_buffer<In>::from_host(stream, in);
      if (!in_d)
        return std::unexpected(in_d.error());
      auto out_d = gpu::device_buffer<Out>::zeroed(stream, total);
      if (!out_d)
        return std::unexpected(out_d.error());
      if (auto done = g.gpu(*ctx, stream, *in_d, *out_d); !done)
        return done;
      return out_d->copy_to_host(stream, other);
    };
    if (auto done = run(); !done) {
      std::printf("FAILED %s functions %u..%u (seed %" PRIu64
                  "): GPU: %s\n  source: %s\n",
                  g.tu, g.first, g.first + g.count - 1, g.seed,
                  done.error().message().c_str(), g.source);
      gpu_error = done.error().code() < 100000;
      return total;
    }
  }
  uint64_t mismatches = 0;
  for (uint32_t k = 0; k < g.count; ++k) {
    bool constant = true;
    for (size_t i = 1; i < n && constant; ++i)
      constant = std::memcmp(&host[k * n + i], &host[k * n], sizeof(Out)) == 0;
    constant_functions += constant;
    size_t bad = 0, shown = 0;
    for (size_t i = 0; i < n; ++i) {
      const Out &h = host[k * n + i], &o = other[k * n + i];
      if (std::memcmp(&h, &o, sizeof h) == 0)
        continue;
      if (bad++ == 0 || (opt.all && shown < 8)) {
        if (shown == 0)
          std::printf(
              "MISMATCH %s.f%u (generator seed %" PRIu64 ")\n"
              "  reproduce: python3 test/fuzz/gen.py --seed %" PRIu64
              " --tu %s --only %u --out DIR\n  source: %s (namespace %s::f%u)\n",
              g.tu, g.first + k, g.seed, g.seed, g.tu + 2, g.first + k,
              g.source, g.tu, g.first + k);
        ++shown;
        std::printf("  input #%zu: %s\n    host w={0x%016" PRIx64
                    ",0x%016" PRIx64 ",0x%016" PRIx64 "}\n    %s  w={0x%016" PRIx64
                    ",0x%016" PRIx64 ",0x%016" PRIx64 "}\n",
                    i, describe(in[i]).c_str(), h.w[0], h.w[1], h.w[2],
                    opt.self_check ? "host" : "gpu ", o.w[0], o.w[1], o.w[2]);
      }
    }
    if (bad)
      std::printf("  %s.f%u: %zu of %zu inputs differ\n", g.tu, g.first + k,
                  bad, n);
    mismatches += bad;
  }
  std::fflush(stdout);
  return mismatches;
}

std::vector<In> make_inputs(const options &opt) {
  std::vector<In> in(opt.inputs);
  rng r{opt.seed * 0x9e3779b97f4a7c15ull + 12345};
  for (auto &v : in)
    fill(v, r);
  return in;
}

// Worker: groups start.. in this process; "@@ INDEX MISMATCHES" after each
// on fd; exit 3 after a GPU error, 2 without a GPU.
int worker(const std::vector<fz::group_info> &groups, size_t start,
           const options &opt, int fd) {
  auto created = gpu::context::create(0);
  if (!created) {
    std::fprintf(stderr, "fuzz-differential: no GPU: %s\n",
                 created.error().message().c_str());
    return 2;
  }
  gpu::context ctx = std::move(*created);
  if (start == 0)
    std::printf("fuzz-differential: on %s (sm_%d%d)\n",
                ctx.device().name().c_str(),
                ctx.device().compute_capability().major,
                ctx.device().compute_capability().minor);
  const auto in = make_inputs(opt);
  for (size_t gi = start; gi < groups.size(); ++gi) {
    bool gpu_error = false;
    uint64_t m = run_group(groups[gi], in, opt, &ctx, gpu_error);
    std::fflush(stdout);
    dprintf(fd, "@@ %zu %" PRIu64 "\n", gi, m);
    if (gpu_error)
      return 3;
  }
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  options opt;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    const char *v = i + 1 < argc ? argv[i + 1] : nullptr;
    if (a == "--self-check")
      opt.self_check = true;
    else if (a == "--all")
      opt.all = true;
    else if ((a == "--inputs" || a == "--seed" || a == "--timeout") && v) {
      unsigned long long x = std::strtoull(v, nullptr, 0);
      ++i;
      if (a == "--inputs")
        opt.inputs = x ? size_t(x) : 1;
      else if (a == "--seed")
        opt.seed = x;
      else
        opt.timeout_s = x ? unsigned(x) : 1;
    } else if (a == "--filter" && v) {
      opt.filter = v;
      ++i;
    } else {
      std::fprintf(stderr,
                   "usage: %s [--self-check] [--inputs N] [--seed S] "
                   "[--filter tuK] [--all] [--timeout S]\n",
                   argv[0]);
      return 2;
    }
  }
  std::vector<fz::group_info> groups;
  for (const auto &g : fz::registry())
    if (opt.filter.empty() || opt.filter == g.tu)
      groups.push_back(g);
  std::sort(groups.begin(), groups.end(), [](const auto &l, const auto &r) {
    int c = std::strcmp(l.tu, r.tu);
    return c != 0 ? c < 0 : l.first < r.first;
  });
  size_t functions = 0;
  std::vector<std::string> tus;
  for (const auto &g : groups) {
    functions += g.count;
    if (tus.empty() || tus.back() != g.tu)
      tus.push_back(g.tu);
  }
  std::printf("fuzz-differential: %zu functions in %zu translation units "
              "(generator seed %" PRIu64 "), %zu kernels, input seed %" PRIu64
              "%s\n",
              functions, tus.size(), groups.empty() ? 0 : groups[0].seed,
              groups.size(), opt.seed,
              opt.self_check ? ", self-check on the host" : "");
  std::fflush(stdout);

  uint64_t mismatches = 0;
  size_t failed_groups = 0;
  if (opt.self_check) {
    const auto in = make_inputs(opt);
    for (const auto &g : groups) {
      bool e = false;
      mismatches += run_group(g, in, opt, nullptr, e);
    }
    std::printf("fuzz-differential: %zu functions give the same result for "
                "every input\n",
                constant_functions);
  } else {
    size_t next = 0;
    while (next < groups.size()) {
      int fds[2];
      if (pipe(fds) != 0) {
        std::perror("pipe");
        return 2;
      }
      std::fflush(stdout);
      pid_t pid = fork();
      if (pid < 0) {
        std::perror("fork");
        return 2;
      }
      if (pid == 0) {
        close(fds[0]);
        int rc = worker(groups, next, opt, fds[1]);
        std::fflush(stdout);
        _exit(rc);
      }
      close(fds[1]);
      std::string pending;
      bool timed_out = false;
      const size_t start = next;
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
        char buf[512];
        ssize_t got = read(fds[0], buf, sizeof buf);
        if (got <= 0)
          break;
        pending.append(buf, size_t(got));
        size_t nl;
        while ((nl = pending.find('\n')) != std::string::npos) {
          size_t index = 0;
          unsigned long long m = 0;
          if (std::sscanf(pending.c_str(), "@@ %zu %llu", &index, &m) == 2) {
            mismatches += m;
            next = index + 1;
          }
          pending.erase(0, nl + 1);
        }
      }
      close(fds[0]);
      int status = 0;
      waitpid(pid, &status, 0);
      if (WIFEXITED(status) && WEXITSTATUS(status) == 2 && next == start)
        return 2; // no GPU: the worker said so
      if (WIFEXITED(status) && WEXITSTATUS(status) == 3) {
        ++failed_groups; // reported by the worker, counted in its @@ line
        continue;
      }
      if (next < groups.size()) {
        const auto &g = groups[next];
        std::printf("FAILED %s functions %u..%u (seed %" PRIu64 "): %s\n"
                    "  source: %s\n",
                    g.tu, g.first, g.first + g.count - 1, g.seed,
                    timed_out ? "no answer in time (a hung kernel?); killed"
                    : WIFSIGNALED(status) ? "the worker died of a signal"
                                          : "the worker exited early",
                    g.source);
        mismatches += uint64_t(g.count) * opt.inputs;
        ++failed_groups;
        ++next;
      }
    }
  }
  if (failed_groups)
    std::printf("fuzz-differential: %zu kernels failed to run\n",
                failed_groups);
  std::printf("fuzz-differential: %zu functions, %zu inputs each, %" PRIu64
              " mismatches\n",
              functions, opt.inputs, mismatches);
  const bool ok = mismatches == 0 && failed_groups == 0 && functions > 0;
  std::printf("%s\n", ok ? "PASSED" : "FAILED");
  return ok ? 0 : 1;
}
