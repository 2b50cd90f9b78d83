// The element-by-element comparison of a pair's outputs (bench/hgemm,
// bench/wmma_gemm), shared by the Alloy and nvcc sides (plain C++). Both
// programs print, before their BENCH line,
//
//   input hash: <16 hex digits>    (the inputs, as the floats the check uses)
//   output hash: <16 hex digits>   (every element of the output)
//
// 64-bit FNV-1a over the bytes of the floats. Where the two kernels
// accumulate in the same order, the outputs are bit-identical and so are
// the hashes; run.sh compares them per pair. When BENCH_DUMP_DIR is set,
// the output is also written, raw, to $BENCH_DUMP_DIR/<impl>_<name>.f32,
// for run.sh to count the differing elements when the hashes differ.
#ifndef BENCH_COMMON_OUTPUT_HASH_HPP
#define BENCH_COMMON_OUTPUT_HASH_HPP

#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace bench {

// 64-bit FNV-1a of `bytes` bytes, continuing from `h`.
inline uint64_t fnv1a(const void *data, size_t bytes,
                      uint64_t h = 0xcbf29ce484222325ull) {
  const unsigned char *p = static_cast<const unsigned char *>(data);
  for (size_t i = 0; i < bytes; ++i)
    h = (h ^ p[i]) * 0x100000001b3ull;
  return h;
}

// "input hash: ..." of the inputs `a` then `b` (as floats).
inline void print_input_hash(const std::vector<float> &a,
                             const std::vector<float> &b) {
  uint64_t h = fnv1a(a.data(), a.size() * sizeof(float));
  h = fnv1a(b.data(), b.size() * sizeof(float), h);
  std::printf("input hash: %016" PRIx64 "\n", h);
  std::fflush(stdout);
}

// "output hash: ..." of `c`, and its dump when BENCH_DUMP_DIR is set.
inline void print_output_hash(const std::string &name, const char *impl,
                              const std::vector<float> &c) {
  std::printf("output hash: %016" PRIx64 "\n",
              fnv1a(c.data(), c.size() * sizeof(float)));
  std::fflush(stdout);
  const char *dir = std::getenv("BENCH_DUMP_DIR");
  if (!dir || !*dir)
    return;
  std::string path = std::string(dir) + "/" + impl + "_" + name + ".f32";
  std::FILE *f = std::fopen(path.c_str(), "wb");
  bool ok = f && std::fwrite(c.data(), sizeof(float), c.size(), f) == c.size();
  if (f)
    ok = std::fclose(f) == 0 && ok;
  if (!ok)
    std::fprintf(stderr, "could not write the output to %s\n", path.c_str());
}

} // namespace bench

#endif // BENCH_COMMON_OUTPUT_HASH_HPP
