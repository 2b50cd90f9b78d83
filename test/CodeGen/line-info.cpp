// Line info: with -g (or the plugin's line-info, nvcc's -lineinfo) the PTX
// names this file and the kernel's lines in .file/.loc directives, at -O2,
// and is otherwise the same code as without it.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %alloy_cc1 -O2 -c %s -o %t/plain.o -fplugin-arg-alloy-gpu-arch=sm_90 -fplugin-arg-alloy-trace=%t/plain
// RUN: %alloy_cc1 -O2 -c %s -o %t/lineinfo.o -fplugin-arg-alloy-gpu-arch=sm_90 -fplugin-arg-alloy-line-info -fplugin-arg-alloy-trace=%t/lineinfo
// RUN: %alloy_cc1 -O2 -g -c %s -o %t/g.o -fplugin-arg-alloy-gpu-arch=sm_90 -fplugin-arg-alloy-trace=%t/g
// RUN: FileCheck %s < %t/lineinfo/line-info.ptx
// RUN: FileCheck %s < %t/g/line-info.ptx
// RUN: FileCheck %s --check-prefix=PLAIN < %t/plain/line-info.ptx
// The code without the directives, their labels and the empty debug
// section is the code without line info.
// RUN: grep -v -e '^\s*\.loc' -e '^\s*\.file' -e '^\$L__tmp' -e '^\$L__func' -e 'debug_macinfo' %t/lineinfo/line-info.ptx > %t/stripped.ptx
// RUN: diff %t/stripped.ptx %t/plain/line-info.ptx
// RUN: grep -v -e '^\s*\.loc' -e '^\s*\.file' -e '^\$L__tmp' -e '^\$L__func' -e 'debug_macinfo' %t/g/line-info.ptx > %t/stripped-g.ptx
// RUN: diff %t/stripped-g.ptx %t/plain/line-info.ptx
// The cubin still assembles.
// RUN: test -s %t/lineinfo.o
#include <gpu/gpu.hpp>

// CHECK: .loc [[FILE:[0-9]+]] [[@LINE+7]]
// CHECK: .loc [[FILE]] [[@LINE+7]]
// CHECK: .file [[FILE]] "{{.*}}line-info.cpp"
// PLAIN-NOT: .loc
// PLAIN-NOT: .file
namespace kernels {
[[gpu::kernel, gpu::launch_contract(1, 256)]] void scale(float *out, float k) {
  float v = out[gpu::thread_idx().x] * k;
  out[gpu::thread_idx().x] = v + 1.0f;
}
} // namespace kernels
