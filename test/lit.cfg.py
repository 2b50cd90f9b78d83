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
