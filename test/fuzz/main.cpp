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
//   --timeout S   a worker that gives no answer within S s (default 60) is
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
#include "inputs.hpp"

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
using fz::describe;

struct options {
  bool self_check = false, all = false;
  size_t inputs = 4096;
  uint64_t seed = 1;
  unsigned timeout_s = 60; // a group takes milliseconds
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
  const auto in = fz::make_inputs(opt.inputs, opt.seed);
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
    const auto in = fz::make_inputs(opt.inputs, opt.seed);
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
