// Parsing of a module image's metadata text (format: module_abi.h).
#include "errors.hpp"
#include "module_registry.hpp"

#include <charconv>

namespace gpu::detail {
namespace {

// Splits at single spaces; `limit` fields at most, the last taking the rest.
std::vector<std::string_view> split(std::string_view line, size_t limit) {
  std::vector<std::string_view> fields;
  while (fields.size() + 1 < limit) {
    size_t space = line.find(' ');
    if (space == std::string_view::npos)
      break;
    fields.push_back(line.substr(0, space));
    line.remove_prefix(space + 1);
  }
  fields.push_back(line);
  return fields;
}

template <class N> bool parse_number(std::string_view text, N &out) {
  if (text.empty())
    return false;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && end == text.data() + text.size();
}

std::optional<param_kind> parse_kind(std::string_view text) {
  if (text == "input")
    return param_kind::input;
  if (text == "output")
    return param_kind::output;
  if (text == "raw_output")
    return param_kind::raw_output;
  if (text == "scalar")
    return param_kind::scalar;
  return std::nullopt;
}

// "0:8,8:8" -> leaves, each inside [0, size).
bool parse_leaves(std::string_view text, uint64_t size,
                  std::vector<param_leaf> &leaves) {
  if (text == "-") // no PTX parameters (an empty class)
    return true;
  while (!text.empty()) {
    size_t comma = text.find(',');
    std::string_view leaf = text.substr(0, comma);
    size_t colon = leaf.find(':');
    param_leaf parsed{};
    if (colon == std::string_view::npos ||
        !parse_number(leaf.substr(0, colon), parsed.offset) ||
        !parse_number(leaf.substr(colon + 1), parsed.size) ||
        parsed.size == 0 || uint64_t(parsed.offset) + parsed.size > size)
      return false;
    leaves.push_back(parsed);
    if (comma == std::string_view::npos)
      break;
    text.remove_prefix(comma + 1);
    if (text.empty())
      return false; // a trailing comma
  }
  return true;
}

// Parses one record into `module`; an empty string on success, else why not.
std::string parse_record(std::string_view line, module_record &module,
                         bool &have_arch) {
  std::vector<std::string_view> f = split(line, 2);
  std::string_view keyword = f[0];
  kernel_record *kernel =
      module.kernels.empty() ? nullptr : &module.kernels.back();
  if (keyword == "arch") {
    if (have_arch)
      return "a second 'arch' record";
    std::optional<sm_version> v =
        f.size() == 2 ? parse_arch(f[1]) : std::nullopt;
    if (!v)
      return "'arch' needs an architecture such as sm_80";
    module.arch = std::string(f[1]);
    module.arch_version = *v;
    have_arch = true;
    return {};
  }
  if (keyword == "no_cpu_device") {
    if (f.size() != 1)
      return "'no_cpu_device' takes nothing";
    if (!module.kernels.empty() || !module.globals.empty())
      return "'no_cpu_device' after a 'kernel' or 'global' record";
    module.cpu_device = false;
    return {};
  }
  if (keyword == "kernel") {
    f = split(line, 3);
    if (f.size() != 3 || f[1].empty() || f[2].empty())
      return "'kernel' needs SYMBOL NAME";
    kernel_record k;
    k.symbol = std::string(f[1]);
    k.name = std::string(f[2]);
    module.kernels.push_back(std::move(k));
    return {};
  }
  if (keyword == "global") {
    f = split(line, 5);
    global_record g;
    if (f.size() != 5 || f[1].empty() || f[4].empty() ||
        (f[2] != "global" && f[2] != "constant") ||
        !parse_number(f[3], g.size) || g.size == 0)
      return "'global' needs SYMBOL SPACE SIZE NAME";
    g.symbol = std::string(f[1]);
    g.constant = f[2] == "constant";
    g.name = std::string(f[4]);
    module.globals.push_back(std::move(g));
    return {};
  }
  if (!kernel)
    return "'" + std::string(keyword) + "' before any 'kernel' record";
  if (!module.globals.empty())
    return "'" + std::string(keyword) + "' after a 'global' record";
  if (keyword == "contract") {
    f = split(line, 6);
    contract_record c{};
    if (f.size() != 5 || !parse_number(f[1], c.domain) ||
        !parse_number(f[2], c.block[0]) || !parse_number(f[3], c.block[1]) ||
        !parse_number(f[4], c.block[2]))
      return "'contract' needs DOMAIN BX BY BZ";
    if (c.domain < 1 || c.domain > 3 || !c.block[0] || !c.block[1] ||
        !c.block[2] || uint64_t(c.block[0]) * c.block[1] * c.block[2] > 1024)
      return "'contract' out of range (DOMAIN 1-3, 1 to 1024 threads)";
    if (kernel->contract)
      return "a second 'contract' for kernel " + kernel->name;
    kernel->contract = c;
    return {};
  }
  if (keyword == "recursive") {
    if (f.size() != 1)
      return "'recursive' takes nothing";
    kernel->recursive = true;
    return {};
  }
  if (keyword == "grid_sync") {
    if (f.size() != 1)
      return "'grid_sync' takes nothing";
    kernel->grid_sync = true;
    return {};
  }
  if (keyword == "independent") {
    if (f.size() != 1)
      return "'independent' takes nothing";
    kernel->independent = true;
    return {};
  }
  if (keyword == "cluster") {
    f = split(line, 5);
    uint32_t *c = kernel->cluster;
    if (f.size() != 4 || !parse_number(f[1], c[0]) ||
        !parse_number(f[2], c[1]) || !parse_number(f[3], c[2]) || !c[0] ||
        !c[1] || !c[2] || uint64_t(c[0]) * c[1] * c[2] > 8)
      return "'cluster' needs X Y Z, 1 to 8 blocks";
    return {};
  }
  if (keyword == "bounds") {
    f = split(line, 4);
    if (f.size() != 3 || !parse_number(f[1], kernel->max_threads) ||
        !parse_number(f[2], kernel->min_blocks))
      return "'bounds' needs MAX_THREADS MIN_BLOCKS";
    return {};
  }
  if (keyword == "param") {
    f = split(line, 6);
    param_record p{};
    std::optional<param_kind> kind =
        f.size() >= 4 ? parse_kind(f[2]) : std::nullopt;
    // LEAVES may be absent for a parameter without PTX parameters.
    if (f.size() < 4 || f.size() > 5 || f[1].empty() || !kind ||
        !parse_number(f[3], p.size) ||
        (f.size() == 5 && !parse_leaves(f[4], p.size, p.leaves)))
      return "'param' needs NAME KIND SIZE OFFSET:SIZE,...";
    p.name = std::string(f[1]);
    p.kind = *kind;
    kernel->params.push_back(std::move(p));
    return {};
  }
  if (keyword == "may_alias") {
    if (f.size() != 1)
      return "'may_alias' takes nothing";
    if (kernel->params.empty())
      return "'may_alias' before any 'param'";
    kernel->params.back().may_alias = true;
    return {};
  }
  return "unknown record '" + std::string(keyword) + "'";
}

} // namespace

std::optional<sm_version> parse_arch(std::string_view arch) {
  if (!arch.starts_with("sm_"))
    return std::nullopt;
  arch.remove_prefix(3);
  // An arch-specific suffix (sm_90a, sm_100f) does not change the version.
  while (!arch.empty() && arch.back() >= 'a' && arch.back() <= 'z')
    arch.remove_suffix(1);
  unsigned number = 0;
  if (!parse_number(arch, number) || number < 10)
    return std::nullopt;
  return sm_version{int(number / 10), int(number % 10)};
}

result<std::unique_ptr<module_record>>
parse_module(const alloy_module_image &image) {
  if (image.abi_version != ALLOY_MODULE_ABI_VERSION)
    return fail(errc::invalid_module,
                "module ABI version " + std::to_string(image.abi_version) +
                    ", this runtime reads version " +
                    std::to_string(ALLOY_MODULE_ABI_VERSION) +
                    ": rebuild with a matching Alloy");
  if (!image.metadata && image.metadata_size)
    return fail(errc::invalid_module, "module metadata is missing");
  if (image.kernel_count && !image.host_functions)
    return fail(errc::invalid_module, "module host function table is missing");
  if (!image.ptx && !image.cubin)
    return fail(errc::invalid_module, "module has neither PTX nor a cubin");

  auto module = std::make_unique<module_record>();
  module->image = &image;
  std::string_view text(image.metadata ? image.metadata : "",
                        image.metadata_size);
  bool have_arch = false;
  for (size_t line_no = 1; !text.empty(); ++line_no) {
    size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
    if (!line.empty() && line.back() == '\r')
      line.remove_suffix(1);
    if (line.empty())
      continue;
    std::string why = parse_record(line, *module, have_arch);
    if (!why.empty())
      return fail(errc::invalid_module, "module metadata line " +
                                            std::to_string(line_no) + ": " +
                                            why);
  }
  if (!have_arch)
    return fail(errc::invalid_module, "module metadata has no 'arch' record");
  if (module->kernels.size() != image.kernel_count)
    return fail(
        errc::invalid_module,
        "module metadata lists " + std::to_string(module->kernels.size()) +
            " kernels, its image " + std::to_string(image.kernel_count));
  for (uint32_t i = 0; i < image.kernel_count; ++i) {
    module->kernels[i].module = module.get();
    module->kernels[i].host_function = image.host_functions[i];
  }
  if (module->globals.size() != image.global_count ||
      (image.global_count && !image.host_globals))
    return fail(
        errc::invalid_module,
        "module metadata lists " + std::to_string(module->globals.size()) +
            " device globals, its image " + std::to_string(image.global_count));
  for (uint32_t i = 0; i < image.global_count; ++i) {
    module->globals[i].module = module.get();
    module->globals[i].host_variable = image.host_globals[i];
  }
  return module;
}

} // namespace gpu::detail
