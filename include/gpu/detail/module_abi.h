// The contract between the Alloy plugin and the runtime: what the plugin
// embeds in every object file that holds kernels, and how it registers it.
//
// For each translation unit with kernels the plugin adds to the host object
//   - one `alloy_module_image` (below), pointing at constant data in the
//     same object, and
//   - a global constructor that calls `__alloy_register_module(&image)`.
// The runtime keeps every registered image and finds a kernel by the address
// of its host-side function (the `K` of `gpu::prepare<K>`), and a device
// global by the address of its host variable.
#ifndef GPU_DETAIL_MODULE_ABI_H
#define GPU_DETAIL_MODULE_ABI_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define ALLOY_MODULE_ABI_VERSION 3

// One cubin of a multi-architecture image (ABI 2).
struct alloy_cubin {
  uint32_t sm; // 80 for sm_80, 90 for sm_90
  uint32_t arch_specific; // 1 for sm_90a and the like: that device only
  const uint8_t *data;
  uint64_t size;
};

struct alloy_module_image {
  uint32_t abi_version; // ALLOY_MODULE_ABI_VERSION
  uint32_t kernel_count;
  // kernel_count entries: the host-side address of each kernel function, in
  // the order of the `kernel` lines of `metadata`.
  const void *const *host_functions;
  // Text, one record per line, fields separated by single spaces:
  //   arch sm_80                      the GPU architecture compiled for
  //   kernel SYMBOL NAME              a kernel: its PTX entry name and its
  //                                   qualified C++ name (may hold spaces:
  //                                   it runs to the end of the line)
  //   contract DOMAIN BX BY BZ        the kernel's launch contract, if any
  //   bounds MAX_THREADS MIN_BLOCKS   its launch bounds, if any (0: none)
  //   cluster X Y Z                   its [[gpu::cluster_dims]], if any
  //   recursive                       the kernel reaches a cycle of calls,
  //                                   so ptxas cannot size its stack
  //   grid_sync                       the kernel reaches cooperative
  //                                   groups' grid.sync(): it needs a
  //                                   cooperative launch
  //   global SYMBOL SPACE SIZE NAME   a device global (after the kernels):
  //                                   its PTX name, `global` or `constant`,
  //                                   its size in bytes and its qualified
  //                                   C++ name
  //   param NAME KIND SIZE LEAVES     one C++ parameter, in order. KIND is
  //                                   input, output, raw_output or scalar;
  //                                   SIZE is sizeof the C++ type; LEAVES is
  //                                   OFFSET:SIZE,OFFSET:SIZE,... : each leaf
  //                                   is one PTX parameter, read from that
  //                                   byte range of the C++ argument object.
  // `contract`, `bounds`, `cluster`, `recursive`, `grid_sync` and `param`
  // lines belong to the kernel line above.
  const char *metadata;
  uint64_t metadata_size;
  const char *ptx;      // NUL-terminated PTX text
  uint64_t ptx_size;    // without the NUL
  const uint8_t *cubin; // ptxas output for `arch`, or null
  uint64_t cubin_size;
  // ABI 2: every cubin, one per architecture compiled for (--gpu-arch=
  // sm_80,sm_90), the lowest first; `cubin` above is the first of them.
  // The PTX is the lowest architecture's.
  uint32_t cubin_count;
  uint32_t reserved;
  const struct alloy_cubin *cubins;
  // ABI 3: global_count entries: the host address of each device global
  // ([[gpu::device]], [[gpu::constant]]), in the order of the `global`
  // lines of `metadata`.
  uint32_t global_count;
  uint32_t reserved2;
  const void *const *host_globals;
};

// Defined by the runtime (liballoy_runtime).
void __alloy_register_module(const struct alloy_module_image *image);

#ifdef __cplusplus
}
#endif

#endif // GPU_DETAIL_MODULE_ABI_H
