# lit configuration for Alloy's compiler tests.
import os

import lit.formats

config.name = "Alloy"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir", ".cpp", ".test", ".ll"]
config.excludes = ["Inputs", "unit", "cmake", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.alloy_binary_dir, "test")

path = [config.alloy_tools_dir, config.llvm_tools_dir, config.environment.get("PATH", os.environ.get("PATH", ""))]
config.environment["PATH"] = os.pathsep.join(path)
# alloy++'s precompiled <gpu/gpu.hpp> (and alloy run's cache) stay in the
# build tree; the tests then compile with it as users do.
config.environment["ALLOY_CACHE_DIR"] = os.path.join(config.alloy_binary_dir, "test", "alloy-cache")

# A sanitizer build (ALLOY_SANITIZE): every test process gets the
# sanitizer's runtime preloaded, which the plugin inside the uninstrumented
# clang needs (instrumented programs load the same shared runtime). clang,
# FileCheck and cmake leak on purpose: no leak checks here; the unit tests,
# run by ctest directly, keep them.
if config.alloy_sanitizer_runtime:
    config.environment["LD_PRELOAD"] = config.alloy_sanitizer_runtime
    # allow_user_poisoning=0: LLVM's bump allocators, inlined into the
    # instrumented plugin and into the uninstrumented libMLIR, would
    # disagree about which bytes are poisoned (tools/alloy++ says more).
    config.environment["ASAN_OPTIONS"] = "detect_leaks=0:allow_user_poisoning=0"
    config.available_features.add("sanitizer")

include_dir = os.path.join(config.alloy_source_dir, "include")
plugin = os.path.join(config.alloy_lib_dir, "AlloyPlugin.so")

# Plain clang++ in C++23 with Alloy's headers, no plugin.
clangxx = f"{config.alloy_clangxx} -std=c++23 -I{include_dir} -Wno-unknown-attributes"
config.substitutions.append(("%clangxx", clangxx))
# The same with the Alloy plugin loaded (what alloy++ does for a compile).
config.substitutions.append(
    ("%alloy_cc1", f"{config.alloy_clangxx} -std=c++23 -I{include_dir} "
     f"-fplugin={plugin} -fpass-plugin={plugin}"))
config.substitutions.append(("%alloy_include", include_dir))
# What a program links for the runtime (with a sanitizer build's flags).
config.substitutions.append(
    ("%alloy_runtime_link", os.path.join(config.alloy_lib_dir, "liballoy_runtime.a") +
     " -ldl " + config.alloy_sanitize_link))
config.substitutions.append(("%alloy_plugin", plugin))
config.substitutions.append(
    ("%alloy_llvm_passes", os.path.join(config.alloy_lib_dir, "AlloyLLVMPasses.so")))
config.substitutions.append(("%alloy_src", config.alloy_source_dir))
config.substitutions.append(("%alloy_build", config.alloy_binary_dir))
config.substitutions.append(("%alloy_lib", config.alloy_lib_dir))

if config.alloy_ptxas and os.path.exists(config.alloy_ptxas):
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", config.alloy_ptxas))
if os.path.exists(plugin):
    config.available_features.add("plugin")
if os.path.exists(os.path.join(config.alloy_lib_dir, "liballoy_runtime.a")):
    config.available_features.add("runtime")
