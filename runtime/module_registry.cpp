// The process-wide registry of module images.
#include "module_registry.hpp"

#include "errors.hpp"

#include <mutex>
#include <unordered_map>
#include <unordered_set>

namespace gpu::detail {
namespace {

struct registry {
  std::mutex mutex;
  std::unordered_set<const alloy_module_image *> images;
  std::vector<std::unique_ptr<module_record>> modules;
  std::unordered_map<const void *, const kernel_record *> kernels;
  std::unordered_map<const void *, const global_record *> globals;
  // Kernels of malformed images, with the reason.
  std::unordered_map<const void *, gpu::error> broken;
};

// Function-local: images register from global constructors, in any order.
registry &the_registry() {
  static registry r;
  return r;
}

} // namespace

void register_module(const alloy_module_image *image) {
  if (!image)
    return;
  registry &r = the_registry();
  std::lock_guard lock(r.mutex);
  if (!r.images.insert(image).second)
    return;
  auto parsed = parse_module(*image);
  if (!parsed) {
    if (image->host_functions)
      for (uint32_t i = 0; i < image->kernel_count; ++i)
        r.broken.emplace(image->host_functions[i], parsed.error());
    return;
  }
  // A kernel template instantiated in several files is in several images;
  // the first one registered serves.
  for (const kernel_record &k : (*parsed)->kernels) {
    auto [it, inserted] = r.kernels.emplace(k.host_function, &k);
    // Two different kernels at one address cannot be told apart: refuse
    // both rather than launch the wrong one.
    if (!inserted && it->second->symbol != k.symbol)
      r.broken.emplace(k.host_function,
                       make_error(errc::invalid_module,
                                  "kernels '" + it->second->name + "' and '" +
                                      k.name +
                                      "' share one host address; launching "
                                      "either would be ambiguous"));
  }
  // A variable has one definition, so one image; a second one means two
  // definitions the linker merged (an inline variable), which Sema rejects.
  for (const global_record &g : (*parsed)->globals)
    r.globals.emplace(g.host_variable, &g);
  r.modules.push_back(std::move(*parsed));
}

bool find_global_containing(uintptr_t address, uintptr_t &start, size_t &size) {
  registry &r = the_registry();
  std::lock_guard lock(r.mutex);
  for (const auto &[host, g] : r.globals) {
    uintptr_t begin = reinterpret_cast<uintptr_t>(host);
    if (address >= begin && address - begin < g->size) {
      start = begin;
      size = g->size;
      return true;
    }
  }
  return false;
}

result<const global_record *> find_global(const void *host) {
  registry &r = the_registry();
  std::lock_guard lock(r.mutex);
  if (auto it = r.globals.find(host); it != r.globals.end())
    return it->second;
  return fail(errc::kernel_not_compiled,
              "this variable is not a device global of any module: declare "
              "it [[gpu::device]] or [[gpu::constant]] (CUDA's __device__, "
              "__constant__) in a file with kernels, compiled by alloy++");
}

result<const kernel_record *> find_kernel(const kernel_key &key) {
  registry &r = the_registry();
  std::lock_guard lock(r.mutex);
  if (auto it = r.broken.find(key.address); it != r.broken.end())
    return fail(errc::invalid_module,
                "kernel '" + tagged_kernel_name(key.static_name, key.tag) +
                    "' cannot be used: " + it->second.message());
  if (auto it = r.kernels.find(key.address); it != r.kernels.end())
    return it->second;
  return fail(errc::kernel_not_compiled,
              "kernel '" + tagged_kernel_name(key.static_name, key.tag) +
                  "' was not compiled for the GPU: compile its file with "
                  "alloy++ (the Alloy clang plugin)");
}

} // namespace gpu::detail

extern "C" void __alloy_register_module(const alloy_module_image *image) {
  gpu::detail::register_module(image);
}
