// Several GPUs: each one runs Alloy kernels on its own shard, and NCCL
// all-reduces the partial results (gpu::nccl, <gpu/nccl.hpp>). The program
// checks both results against the CPU and measures the all-reduce's bus
// bandwidth on a 256 MiB buffer as NCCL's own tests do. NCCL is loaded
// with dlopen: without it, one GPU still runs (an all-reduce over one rank
// is the identity), and several GPUs fail with the reason.
//
//   alloy++ -O2 multigpu_allreduce.cpp -o multigpu_allreduce && ./multigpu_allreduce
#include <gpu/gpu.hpp>
#include <gpu/nccl.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace kernels {
// Element i of the global vector whose squares are summed.
inline float value_at(uint64_t i) { return float(i % 1000) * 0.001f - 0.5f; }

// total += the sum of squares of elements [begin, begin + count).
[[gpu::kernel, gpu::launch_contract(1, 256)]]
void sum_of_squares(uint64_t begin, uint64_t count, double *total) {
  uint64_t i = gpu::thread::index_1d().get();
  double square = 0.0;
  if (i < count) {
    double x = value_at(begin + i);
    square = x * x;
  }
  double block_total = gpu::block::sum(square);
  if (gpu::thread_idx().x == 0)
    gpu::atomic_add(total, block_total);
}

// Rank r's vector: element i is (r + 1) * (i % 17 + 1), so the sum over n
// ranks is (i % 17 + 1) * n (n + 1) / 2, exact in float.
[[gpu::kernel, gpu::launch_contract(1, 256)]]
void fill_rank(gpu::disjoint_span<float> out, uint32_t rank) {
  auto i = gpu::thread::index_1d();
  if (float *o = out.get_mut(i))
    *o = float((rank + 1) * uint32_t(i.get() % 17 + 1));
}
} // namespace kernels

namespace {

double reference_sum_of_squares(uint64_t n) {
  double total = 0.0;
  for (uint64_t i = 0; i < n; ++i) {
    double x = kernels::value_at(i);
    total += x * x;
  }
  return total;
}

int run() {
  auto count = gpu::device_count();
  if (!count || *count == 0) {
    std::printf("FAILED: no GPU (%s)\n",
                count ? "device_count() is 0" : count.error().message().c_str());
    return 1;
  }
  const int gpus = *count;
  auto nccl_version = gpu::nccl::version();
  const bool use_nccl = bool(nccl_version);
  if (use_nccl) {
    int v = *nccl_version;
    std::printf("NCCL %d.%d.%d, %d GPU%s\n", v / 10000, v / 100 % 100, v % 100,
                gpus, gpus == 1 ? "" : "s");
  } else if (gpus == 1) {
    std::printf("%s\none GPU: the all-reduce over one rank is the identity, "
                "so this runs without NCCL\n",
                nccl_version.error().message().c_str());
  } else {
    std::printf("FAILED: %d GPUs, but the all-reduce needs NCCL: %s\n", gpus,
                nccl_version.error().message().c_str());
    return 1;
  }

  std::vector<gpu::context> contexts;
  std::vector<gpu::stream> streams;
  for (int d = 0; d < gpus; ++d) {
    contexts.push_back(gpu::context::create(d).value());
    streams.push_back(contexts.back().create_stream().value());
    std::printf("rank %d: device %d, %s\n", d, d,
                contexts.back().device().name().c_str());
  }
  gpu::nccl::communicator comm;
  if (use_nccl)
    comm = gpu::nccl::communicator::create_all(contexts).value();
  // One buffer per rank, reduced element-wise into every one of them.
  auto allreduce = [&](auto &buffers) -> gpu::result<void> {
    if (!use_nccl)
      return {}; // one rank: already the sum
    return comm.allreduce(buffers, gpu::nccl::op::sum, streams);
  };

  // 1. A sum of squares over 2^26 elements, a shard per GPU.
  const uint64_t total_elements = uint64_t(1) << 26;
  std::vector<gpu::device_buffer<double>> partial;
  for (int r = 0; r < gpus; ++r) {
    uint64_t begin = total_elements * uint64_t(r) / uint64_t(gpus);
    uint64_t end = total_elements * uint64_t(r + 1) / uint64_t(gpus);
    partial.push_back(gpu::device_buffer<double>::zeroed(streams[r], 1).value());
    auto p = gpu::prepare<kernels::sum_of_squares>(
                 contexts[r], gpu::launch_config_1d{(end - begin + 255) / 256, 256})
                 .value();
    gpu::launch(streams[r], p, begin, end - begin, partial[r]).value();
  }
  allreduce(partial).value();
  const double expected = reference_sum_of_squares(total_elements);
  for (int r = 0; r < gpus; ++r) {
    double got = partial[r].to_host(streams[r]).value()[0];
    // value_at's multiply-add fuses into one fma on the GPU (as with
    // nvcc), not on the host: each element may differ in its last bit.
    if (std::fabs(got - expected) > 1e-6 * expected) {
      std::printf("FAILED: rank %d's sum of squares is %.17g, the CPU's %.17g\n",
                  r, got, expected);
      return 1;
    }
  }
  std::printf("sum of squares of %llu elements over %d GPU%s: %.17g (CPU: "
              "%.17g)\n",
              (unsigned long long)total_elements, gpus, gpus == 1 ? "" : "s",
              partial[0].to_host(streams[0]).value()[0], expected);

  // 2. A 256 MiB vector that each rank fills, summed element by element.
  const size_t bytes = size_t(256) << 20;
  const size_t n = bytes / sizeof(float);
  std::vector<gpu::device_buffer<float>> vectors;
  for (int r = 0; r < gpus; ++r) {
    vectors.push_back(
        gpu::device_buffer<float>::uninitialized(streams[r], n).value());
    auto p = gpu::prepare<kernels::fill_rank>(
                 contexts[r], gpu::launch_config_1d{(n + 255) / 256, 256})
                 .value();
    gpu::launch(streams[r], p, vectors[r], uint32_t(r)).value();
  }
  allreduce(vectors).value();
  const float ranks_sum = float(gpus * (gpus + 1) / 2);
  std::vector<float> host(n);
  for (int r = 0; r < gpus; ++r) {
    vectors[r].copy_to_host(streams[r], host).value();
    for (size_t i = 0; i < n; ++i)
      if (host[i] != float(i % 17 + 1) * ranks_sum) {
        std::printf("FAILED: rank %d, element %zu is %g, expected %g\n", r, i,
                    double(host[i]), double(float(i % 17 + 1) * ranks_sum));
        return 1;
      }
  }
  std::printf("all-reduce of %zu floats: every element of every rank correct\n",
              n);

  // 3. Bus bandwidth, NCCL-tests' definition for all-reduce: algbw = bytes
  // / time, busbw = algbw * 2 (n - 1) / n (what each GPU's links carry).
  if (use_nccl) {
    const int warmup = 5, iterations = 20;
    for (int i = 0; i < warmup; ++i)
      allreduce(vectors).value();
    std::vector<gpu::event> start, stop;
    for (int r = 0; r < gpus; ++r) {
      streams[r].synchronize().value();
      start.push_back(contexts[r].create_event().value());
      stop.push_back(contexts[r].create_event().value());
    }
    for (int r = 0; r < gpus; ++r)
      start[r].record(streams[r]).value();
    for (int i = 0; i < iterations; ++i)
      allreduce(vectors).value();
    for (int r = 0; r < gpus; ++r)
      stop[r].record(streams[r]).value();
    double ms = 0.0;
    for (int r = 0; r < gpus; ++r) {
      stop[r].synchronize().value();
      ms = std::max(ms, double(gpu::elapsed_ms(start[r], stop[r]).value()));
    }
    double seconds = ms / 1e3 / iterations;
    double algbw = double(bytes) / seconds / 1e9;
    double busbw = algbw * 2.0 * (gpus - 1) / gpus;
    std::printf("all-reduce (sum, float32) of %zu MiB over %d GPU%s: %.3f ms, "
                "algbw %.1f GB/s, busbw %.1f GB/s%s\n",
                bytes >> 20, gpus, gpus == 1 ? "" : "s", seconds * 1e3, algbw,
                busbw,
                gpus == 1 ? " (one rank: nothing crosses a link)" : "");
    std::printf("PASSED: all-reduce over %d GPU%s with NCCL\n", gpus,
                gpus == 1 ? "" : "s");
  } else {
    std::printf("busbw: not measured (one GPU, no NCCL)\n");
    std::printf("PASSED: 1 GPU without NCCL (the all-reduce over one rank is "
                "the identity)\n");
  }
  return 0;
}

} // namespace

int main() {
  try {
    return run();
  } catch (const gpu::exception &e) {
    std::printf("FAILED: %s\n", e.what());
    return 1;
  }
}
