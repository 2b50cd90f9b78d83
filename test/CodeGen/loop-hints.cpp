// Loop pragmas reach LLVM as loop metadata (an llvm.loop_annotation on each
// loop's back edges) and are honoured: the llm.c-style 8x8 register tile
// keeps its accumulator in registers, with no local memory.
// RUN: %alloy_cc1 -fsyntax-only -fplugin-arg-alloy-print-alloy %s | FileCheck %s --check-prefix=IR
// RUN: rm -rf %t && %alloy_cc1 -O2 -c %s -o %t.o -fplugin-arg-alloy-gpu-arch=sm_90 -fplugin-arg-alloy-trace=%t
// RUN: FileCheck %s --check-prefix=LLVM < %t/loop-hints.ll
// RUN: FileCheck %s --check-prefix=PTX < %t/loop-hints.ptx
// The traces parse back (each loop's range is a tagged FusedLoc).
// RUN: alloy-opt %t/loop-hints.alloy.mlir | FileCheck %s --check-prefix=REPARSE
// RUN: alloy-opt %t/loop-hints.alloy.inlined.mlir -o /dev/null
// REPARSE-DAG: startLoc = #{{.*}}, endLoc = #{{.*}}>
// REPARSE-DAG: loc(fused<"loop">[
#include <gpu/gpu.hpp>

// IR-DAG: #[[ENABLE:.*]] = #llvm.loop_unroll<disable = false>
// IR-DAG: #[[COUNT4:.*]] = #llvm.loop_unroll<count = 4 : i32>
// IR-DAG: #[[DISABLE:.*]] = #llvm.loop_unroll<disable = true>
// IR-DAG: #[[FULL:.*]] = #llvm.loop_unroll<full = true>
// IR-DAG: #[[NOVEC:.*]] = #llvm.loop_vectorize<disable = true>
// IR-DAG: #[[IL2:.*]] = #llvm.loop_interleave<count = 2 : i32>
// IR-DAG: #[[COUNT3:.*]] = #llvm.loop_unroll<count = 3 : i32>
// IR-DAG: #[[A0:loop_annotation[0-9]*]] = #llvm.loop_annotation<unroll = #[[ENABLE]], startLoc
// IR-DAG: #[[A1:loop_annotation[0-9]*]] = #llvm.loop_annotation<unroll = #[[COUNT4]], startLoc
// IR-DAG: #[[A2:loop_annotation[0-9]*]] = #llvm.loop_annotation<unroll = #[[DISABLE]], startLoc
// IR-DAG: #[[A3:loop_annotation[0-9]*]] = #llvm.loop_annotation<unroll = #[[FULL]], startLoc
// IR-DAG: #[[A4:loop_annotation[0-9]*]] = #llvm.loop_annotation<vectorize = #[[NOVEC]], interleave = #[[IL2]], unroll = #loop_unroll{{[0-9]*}}, startLoc
// IR-DAG: #[[A5:loop_annotation[0-9]*]] = #llvm.loop_annotation<unroll = #[[COUNT3]], startLoc

// IR-LABEL: alloy.kernel @_Z5hintsPfi
[[gpu::kernel]] void hints(float *out, int n) {
  float acc = 0;
  // IR: cf.br ^bb{{[0-9]+}} {loop_annotation = #[[A0]]}
#pragma unroll
  for (int i = 0; i < 8; ++i)
    acc += out[i];
  // IR: cf.br ^bb{{[0-9]+}} {loop_annotation = #[[A1]]}
#pragma unroll 4
  for (int i = 0; i < n; ++i)
    acc += out[i];
  // IR: cf.br ^bb{{[0-9]+}} {loop_annotation = #[[A2]]}
#pragma nounroll
  for (int i = 0; i < n; ++i)
    acc *= out[i];
  int k = 0;
  // The continue edge carries the annotation too.
  // IR-COUNT-3: cf.br ^bb{{[0-9]+}} {loop_annotation = #[[A3]]}
#pragma clang loop unroll(full)
  while (k < 16) {
    acc -= out[k];
    ++k;
    if (acc > 100)
      continue;
  }
  // IR: cf.br ^bb{{[0-9]+}} {loop_annotation = #[[A4]]}
#pragma clang loop vectorize(disable) interleave_count(2) unroll_count(2)
  for (int i = 0; i < n; ++i)
    acc += 1;
  // IR: cf.br ^bb{{[0-9]+}} {loop_annotation = #[[A5]]}
#pragma GCC unroll 3
  do {
    acc += 2;
  } while (--n > 0);
  out[0] = acc;
}

// LLVM-DAG: !{!"llvm.loop.unroll.disable"}
// LLVM-DAG: !{!"llvm.loop.unroll.count", i32 4}
// LLVM-DAG: !{!"llvm.loop.unroll.full"}

struct alignas(16) float4 {
  float x, y, z, w;
};
inline float4 ld_vec(const float *p) {
  return *reinterpret_cast<const float4 *>(p);
}
inline void st_vec(float *p, float4 v) { *reinterpret_cast<float4 *>(p) = v; }

// llm.c's matmul_forward_kernel4: each thread accumulates an 8x8 tile.
// PTX-LABEL: .entry _ZN7kernels7matmul4EPfPKfS2_S2_ii
// PTX-NOT: .local
// PTX-NOT: ld.local
// PTX: ret;
namespace kernels {
[[gpu::kernel, gpu::launch_bounds(256), gpu::launch_contract(2, 16, 16)]]
void matmul4(float *out, const float *inp, const float *weight,
             const float *bias, int C, int OC) {
  int oc = 8 * (gpu::block_idx().y * gpu::block_dim().y + gpu::thread_idx().y);
  [[gpu::shared]] float lhs_s[128][32];
  [[gpu::shared]] float rhs_s[128][32];
  inp += 128 * gpu::block_idx().x * C;
  weight += 128 * gpu::block_idx().y * C;
  out += 128 * gpu::block_idx().x * OC + 128 * gpu::block_idx().y;
  float vals[8][8] = {};
  if (bias != nullptr) {
#pragma unroll
    for (int i = 0; i < 8; i++)
#pragma unroll
      for (int j = 0; j < 8; j += 4) {
        float4 b = ld_vec(bias + oc + j);
        vals[i][j + 0] = b.x;
        vals[i][j + 1] = b.y;
        vals[i][j + 2] = b.z;
        vals[i][j + 3] = b.w;
      }
  }
  int tx = gpu::thread_idx().x, ty = gpu::thread_idx().y;
  int si_start = 4 * (16 * ty + tx);
  for (int so = 0; so < C; so += 32) {
    gpu::sync_threads();
    int xmod8 = tx % 8, xby8 = tx / 8, xo = 4 * xmod8;
    for (int y = 2 * ty + xby8; y < 128; y += 32) {
      st_vec(&lhs_s[y][xo], ld_vec(inp + y * C + so + xo));
      st_vec(&rhs_s[y][xo], ld_vec(weight + y * C + so + xo));
    }
    gpu::sync_threads();
    for (int si = si_start; si < si_start + 32; si += 4) {
      float4 rhs[8];
#pragma unroll
      for (int u = 0; u < 8; ++u)
        rhs[u] = ld_vec(&rhs_s[u + 8 * ty][si % 32]);
#pragma unroll
      for (int ii = 0; ii < 8; ++ii) {
        float4 lhs = ld_vec(&lhs_s[ii + 8 * tx][si % 32]);
#pragma unroll
        for (int ji = 0; ji < 8; ++ji) {
          vals[ii][ji] += lhs.x * rhs[ji].x;
          vals[ii][ji] += lhs.y * rhs[ji].y;
          vals[ii][ji] += lhs.z * rhs[ji].z;
          vals[ii][ji] += lhs.w * rhs[ji].w;
        }
      }
    }
  }
#pragma unroll
  for (int i = 0; i < 8; ++i)
#pragma unroll
    for (int j = 0; j < 8; j += 4) {
      float4 result{vals[i][j + 0], vals[i][j + 1], vals[i][j + 2],
                    vals[i][j + 3]};
      st_vec(out + (8 * tx + i) * OC + 8 * ty + j, result);
    }
}
} // namespace kernels
