// Atomics and warp operations on the GPU, checked against the host: every
// gpu::atomic_* on global and shared memory, warp reductions with each
// shuffle on every value type, votes, and masks that name part of a warp.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <gpu/gpu.hpp>
#include <numeric>
#include <vector>

namespace {
constexpr uint32_t kBlock = 256;
constexpr uint32_t kBlocks = 64;
constexpr uint32_t kN = kBlock * kBlocks; // whole warps only
constexpr uint32_t kBins = 64;

// The inputs both sides compute.
inline uint32_t key(uint32_t i) { return (i * 2654435761u) >> 7; }
inline int32_t signed_value(uint32_t i) {
  return int32_t(key(i) % 200001) - 100000;
}
inline bool pred(uint32_t i) { return key(i) % 3 == 0; }
// True in every lane of about 60% of the warps; in some lane of about 40%.
inline bool common(uint32_t i) { return key(i) % 64 != 0; }
inline bool rare(uint32_t i) { return key(i) % 61 == 0; }
} // namespace

namespace kernels {
// Global histograms (int and float), a shared-memory histogram, and one
// counter per remaining operation.
[[gpu::kernel, gpu::launch_contract(1, 256)]] void
histogram(uint32_t *bins, float *fbins, double *dbins, uint32_t *sbins,
          uint64_t *u64bins) {
  gpu::shared_array<uint32_t, kBins> local;
  uint32_t t = gpu::thread_idx().x;
  if (t < kBins)
    local[t] = 0;
  gpu::sync_threads();
  uint32_t i = uint32_t(gpu::thread::index_1d().get());
  uint32_t b = key(i) % kBins;
  gpu::atomic_add(bins + b, 1);
  gpu::atomic_add(fbins + b, 0.5f);
  gpu::atomic_add(dbins + b, 0.25);
  gpu::atomic_add(u64bins + b, uint64_t(1) << 33);
  gpu::atomic_add(&local[b], 1u);
  gpu::sync_threads();
  if (t < kBins)
    gpu::atomic_add(sbins + t, local[t]);
}

// [0] min, [1] max (int32); [2] sub counter; and/or/xor (uint32); min/max
// (int64, uint64).
[[gpu::kernel, gpu::launch_contract(1, 256)]] void
reduce(int32_t *i32, uint32_t *u32, long long *i64, uint64_t *u64) {
  uint32_t i = uint32_t(gpu::thread::index_1d().get());
  int32_t v = signed_value(i);
  gpu::atomic_min(i32 + 0, v);
  gpu::atomic_max(i32 + 1, v);
  gpu::atomic_sub(i32 + 2, 3);
  gpu::atomic_and(u32 + 0, ~(1u << (i % 32)) | (key(i) & 1u));
  gpu::atomic_or(u32 + 1, 1u << (key(i) % 32));
  gpu::atomic_xor(u32 + 2, key(i));
  gpu::atomic_min(u32 + 3, key(i));
  gpu::atomic_max(u32 + 4, key(i));
  gpu::atomic_min(i64 + 0, (long long)v * 100000);
  gpu::atomic_max(i64 + 1, (long long)v * 100000);
  gpu::atomic_min(u64 + 0, uint64_t(key(i)) << 20);
  gpu::atomic_max(u64 + 1, uint64_t(key(i)) << 20);
}

// Tickets: a CAS loop (32- and 64-bit) and exch hand out old values; each
// thread records what it got, so the host sees the old-value semantics.
[[gpu::kernel, gpu::launch_contract(1, 256)]] void
tickets(uint32_t *counter, uint64_t *counter64, float *slot, uint32_t *got,
        uint64_t *got64, float *got_exch) {
  uint32_t i = uint32_t(gpu::thread::index_1d().get());
  uint32_t old = 0;
  for (;;) {
    uint32_t seen = gpu::atomic_cas(counter, old, old + 1);
    if (seen == old)
      break;
    old = seen;
  }
  got[i] = old;
  uint64_t old64 = 0;
  for (;;) {
    uint64_t seen = gpu::atomic_cas(counter64, old64, old64 + 7);
    if (seen == old64)
      break;
    old64 = seen;
  }
  got64[i] = old64;
  got_exch[i] = gpu::atomic_exch(slot, float(i));
}

// 16-bit CAS loops on two counters that share a 32-bit word (each thread
// counts on one), beside a guard that must keep its value.
[[gpu::kernel, gpu::launch_contract(1, 256)]] void tickets16(uint16_t *c) {
  uint32_t i = uint32_t(gpu::thread::index_1d().get());
  uint16_t *mine = c + i % 2, old = *mine;
  for (;;) {
    uint16_t seen = gpu::atomic_cas(mine, old, uint16_t(old + 1));
    if (seen == old)
      break;
    old = seen;
  }
}

// Warp sums by shfl_down (lane 0 has it) and by shfl_xor (every lane has
// it), for int, float, double and 64-bit integers.
[[gpu::kernel, gpu::launch_contract(1, 256)]] void
warp_sums(int32_t *isum, float *fsum, double *dsum, long long *lsum,
          uint64_t *usum) {
  uint32_t i = uint32_t(gpu::thread::index_1d().get());
  int32_t iv = signed_value(i);
  float fv = float(key(i) % 1000);
  double dv = double(key(i)) * 1024.0 + 0.5;
  long long lv = (long long)signed_value(i) << 24;
  uint64_t uv = (uint64_t(key(i)) << 31) | 3u;
  for (uint32_t o = gpu::warp::size / 2; o > 0; o /= 2) {
    iv += gpu::warp::shfl_down(iv, o);
    fv += gpu::warp::shfl_xor(fv, o);
    dv += gpu::warp::shfl_xor(dv, o);
    lv += gpu::warp::shfl_down(lv, o);
    uv += gpu::warp::shfl_xor(uv, o);
  }
  isum[i] = iv;
  fsum[i] = fv;
  dsum[i] = dv;
  lsum[i] = lv;
  usum[i] = uv;
}

// Element-wise shuffles, votes, partial masks and __syncwarp.
[[gpu::kernel, gpu::launch_contract(1, 256)]] void
warp_ops(uint32_t *idx, double *up, long long *down, uint32_t *votes,
         uint32_t *partial, float *partial_shfl, uint32_t *synced) {
  gpu::shared_array<uint32_t, 256> scratch;
  uint32_t i = uint32_t(gpu::thread::index_1d().get());
  uint32_t t = gpu::thread_idx().x;
  uint32_t lane = gpu::warp::lane_id();
  idx[i] = gpu::warp::shfl(key(i), (lane * 7 + 3) % 32);
  up[i] = gpu::warp::shfl_up(double(key(i)) * 0.5, 3);
  down[i] = gpu::warp::shfl_down((long long)key(i) << 30, 5);
  bool p = pred(i);
  votes[3 * i] = gpu::warp::ballot(p);
  votes[3 * i + 1] = gpu::warp::all(common(i));
  votes[3 * i + 2] = gpu::warp::any(rare(i));
  // Only lanes 0-15 take part.
  partial[2 * i] = 0xdeadbeefu;
  partial[2 * i + 1] = 0xdeadbeefu;
  partial_shfl[i] = -1.0f;
  if (lane < 16) {
    partial[2 * i] = gpu::warp::ballot(p, 0x0000ffffu);
    partial[2 * i + 1] = gpu::warp::all(common(i), 0x0000ffffu);
    partial_shfl[i] = gpu::warp::shfl_xor(float(lane), 1, 0x0000ffffu);
  }
  scratch[t] = key(i);
  gpu::warp::sync();
  synced[i] = scratch[t ^ 1];
}
} // namespace kernels

namespace {
int failures = 0;
void check(bool ok, const char *what) {
  std::printf("%s: %s\n", ok ? "PASSED" : "FAILED", what);
  failures += !ok;
}
} // namespace

int main() {
  auto ctx = gpu::context::create(0);
  if (!ctx) {
    std::fprintf(stderr, "%s\n", ctx.error().message().c_str());
    return 2;
  }
  auto &s = ctx->default_stream();
  const gpu::launch_config_1d cfg{kBlocks, kBlock};

  { // Histograms.
    auto bins = gpu::device_buffer<uint32_t>::zeroed(s, kBins).value();
    auto fbins = gpu::device_buffer<float>::zeroed(s, kBins).value();
    auto dbins = gpu::device_buffer<double>::zeroed(s, kBins).value();
    auto sbins = gpu::device_buffer<uint32_t>::zeroed(s, kBins).value();
    auto ubins = gpu::device_buffer<uint64_t>::zeroed(s, kBins).value();
    auto p = gpu::prepare<kernels::histogram>(*ctx, cfg).value();
    gpu::launch(s, p, bins, fbins, dbins, sbins, ubins).value();
    std::vector<uint32_t> expect(kBins);
    for (uint32_t i = 0; i < kN; ++i)
      ++expect[key(i) % kBins];
    auto b = bins.to_host(s).value();
    auto f = fbins.to_host(s).value();
    auto d = dbins.to_host(s).value();
    auto sb = sbins.to_host(s).value();
    auto u = ubins.to_host(s).value();
    bool fok = true, dok = true, uok = true;
    for (uint32_t k = 0; k < kBins; ++k) {
      fok &= f[k] == float(expect[k]) * 0.5f;
      dok &= d[k] == double(expect[k]) * 0.25;
      uok &= u[k] == uint64_t(expect[k]) << 33;
    }
    check(b == expect, "atomic_add uint32_t histogram (global)");
    check(sb == expect, "atomic_add uint32_t histogram (shared memory)");
    check(fok, "atomic_add float histogram");
    check(dok, "atomic_add double histogram");
    check(uok, "atomic_add uint64_t histogram");
  }

  { // min/max/sub/and/or/xor.
    std::vector<int32_t> i32{INT32_MAX, INT32_MIN, 0};
    std::vector<uint32_t> u32{0xffffffffu, 0, 0x12345678u, 0xffffffffu, 0};
    std::vector<long long> i64{INT64_MAX, INT64_MIN};
    std::vector<uint64_t> u64{UINT64_MAX, 0};
    auto di32 = gpu::device_buffer<int32_t>::from_host(s, i32).value();
    auto du32 = gpu::device_buffer<uint32_t>::from_host(s, u32).value();
    auto di64 = gpu::device_buffer<long long>::from_host(s, i64).value();
    auto du64 = gpu::device_buffer<uint64_t>::from_host(s, u64).value();
    auto p = gpu::prepare<kernels::reduce>(*ctx, cfg).value();
    gpu::launch(s, p, di32, du32, di64, du64).value();
    std::vector<int32_t> ei32 = i32;
    std::vector<uint32_t> eu32 = u32;
    std::vector<long long> ei64 = i64;
    std::vector<uint64_t> eu64 = u64;
    for (uint32_t i = 0; i < kN; ++i) {
      int32_t v = signed_value(i);
      ei32[0] = std::min(ei32[0], v);
      ei32[1] = std::max(ei32[1], v);
      ei32[2] -= 3;
      eu32[0] &= ~(1u << (i % 32)) | (key(i) & 1u);
      eu32[1] |= 1u << (key(i) % 32);
      eu32[2] ^= key(i);
      eu32[3] = std::min(eu32[3], key(i));
      eu32[4] = std::max(eu32[4], key(i));
      ei64[0] = std::min(ei64[0], (long long)v * 100000);
      ei64[1] = std::max(ei64[1], (long long)v * 100000);
      eu64[0] = std::min(eu64[0], uint64_t(key(i)) << 20);
      eu64[1] = std::max(eu64[1], uint64_t(key(i)) << 20);
    }
    auto gi32 = di32.to_host(s).value();
    auto gu32 = du32.to_host(s).value();
    check(gi32[0] == ei32[0] && gi32[1] == ei32[1],
          "atomic_min/atomic_max int32_t");
    check(gi32[2] == ei32[2], "atomic_sub int32_t");
    check(gu32[0] == eu32[0] && gu32[1] == eu32[1] && gu32[2] == eu32[2],
          "atomic_and/atomic_or/atomic_xor uint32_t");
    check(gu32[3] == eu32[3] && gu32[4] == eu32[4],
          "atomic_min/atomic_max uint32_t");
    check(di64.to_host(s).value() == ei64, "atomic_min/atomic_max long long");
    check(du64.to_host(s).value() == eu64, "atomic_min/atomic_max uint64_t");
  }

  { // CAS loops and exch: the old values are all different.
    auto counter = gpu::device_buffer<uint32_t>::zeroed(s, 1).value();
    auto counter64 = gpu::device_buffer<uint64_t>::zeroed(s, 1).value();
    std::vector<float> init{-1.0f};
    auto slot = gpu::device_buffer<float>::from_host(s, init).value();
    auto got = gpu::device_buffer<uint32_t>::zeroed(s, kN).value();
    auto got64 = gpu::device_buffer<uint64_t>::zeroed(s, kN).value();
    auto got_exch = gpu::device_buffer<float>::zeroed(s, kN).value();
    auto p = gpu::prepare<kernels::tickets>(*ctx, cfg).value();
    gpu::launch(s, p, counter, counter64, slot, got, got64, got_exch).value();
    auto g = got.to_host(s).value();
    auto g64 = got64.to_host(s).value();
    auto ge = got_exch.to_host(s).value();
    ge.push_back(slot.to_host(s).value()[0]);
    std::sort(g.begin(), g.end());
    std::sort(g64.begin(), g64.end());
    std::sort(ge.begin(), ge.end());
    bool ok = counter.to_host(s).value()[0] == kN;
    bool ok64 = counter64.to_host(s).value()[0] == uint64_t(kN) * 7;
    bool okx = ge[0] == -1.0f;
    for (uint32_t i = 0; i < kN; ++i) {
      ok &= g[i] == i;
      ok64 &= g64[i] == uint64_t(i) * 7;
      okx &= ge[i + 1] == float(i);
    }
    check(ok, "atomic_cas uint32_t loop: every ticket once");
    check(ok64, "atomic_cas uint64_t loop: every ticket once");
    check(okx, "atomic_exch float: every old value once");
  }

  { // 16-bit CAS loops.
    std::vector<uint16_t> init{0, 0, 0xbeef, 0xbeef};
    auto c = gpu::device_buffer<uint16_t>::from_host(s, init).value();
    auto p = gpu::prepare<kernels::tickets16>(*ctx, cfg).value();
    gpu::launch(s, p, c).value();
    std::vector<uint16_t> want{kN / 2, kN / 2, 0xbeef, 0xbeef};
    check(c.to_host(s).value() == want,
          "atomic_cas uint16_t loop: both halves of a word, guard kept");
  }

  { // Warp reductions.
    auto isum = gpu::device_buffer<int32_t>::zeroed(s, kN).value();
    auto fsum = gpu::device_buffer<float>::zeroed(s, kN).value();
    auto dsum = gpu::device_buffer<double>::zeroed(s, kN).value();
    auto lsum = gpu::device_buffer<long long>::zeroed(s, kN).value();
    auto usum = gpu::device_buffer<uint64_t>::zeroed(s, kN).value();
    auto p = gpu::prepare<kernels::warp_sums>(*ctx, cfg).value();
    gpu::launch(s, p, isum, fsum, dsum, lsum, usum).value();
    auto gi = isum.to_host(s).value();
    auto gf = fsum.to_host(s).value();
    auto gd = dsum.to_host(s).value();
    auto gl = lsum.to_host(s).value();
    auto gu = usum.to_host(s).value();
    bool iok = true, fok = true, dok = true, lok = true, uok = true;
    for (uint32_t w = 0; w < kN; w += 32) {
      int32_t ei = 0;
      float ef = 0;
      double ed = 0;
      long long el = 0;
      uint64_t eu = 0;
      for (uint32_t i = w; i < w + 32; ++i) {
        ei += signed_value(i);
        ef += float(key(i) % 1000);
        ed += double(key(i)) * 1024.0 + 0.5;
        el += (long long)signed_value(i) << 24;
        eu += (uint64_t(key(i)) << 31) | 3u;
      }
      iok &= gi[w] == ei;
      lok &= gl[w] == el;
      for (uint32_t i = w; i < w + 32; ++i) {
        fok &= gf[i] == ef;
        dok &= gd[i] == ed;
        uok &= gu[i] == eu;
      }
    }
    check(iok, "warp sum, shfl_down int32_t");
    check(lok, "warp sum, shfl_down long long");
    check(fok, "warp all-reduce, shfl_xor float");
    check(dok, "warp all-reduce, shfl_xor double");
    check(uok, "warp all-reduce, shfl_xor uint64_t");
  }

  { // Element-wise shuffles, votes, masks, sync.
    auto idx = gpu::device_buffer<uint32_t>::zeroed(s, kN).value();
    auto up = gpu::device_buffer<double>::zeroed(s, kN).value();
    auto down = gpu::device_buffer<long long>::zeroed(s, kN).value();
    auto votes = gpu::device_buffer<uint32_t>::zeroed(s, 3 * kN).value();
    auto partial = gpu::device_buffer<uint32_t>::zeroed(s, 2 * kN).value();
    auto pshfl = gpu::device_buffer<float>::zeroed(s, kN).value();
    auto synced = gpu::device_buffer<uint32_t>::zeroed(s, kN).value();
    auto p = gpu::prepare<kernels::warp_ops>(*ctx, cfg).value();
    gpu::launch(s, p, idx, up, down, votes, partial, pshfl, synced).value();
    auto gidx = idx.to_host(s).value();
    auto gup = up.to_host(s).value();
    auto gdown = down.to_host(s).value();
    auto gv = votes.to_host(s).value();
    auto gp = partial.to_host(s).value();
    auto gps = pshfl.to_host(s).value();
    auto gs = synced.to_host(s).value();
    bool shfl_ok = true, up_ok = true, down_ok = true, ballot_ok = true,
         vote_ok = true, part_ok = true, pshfl_ok = true, sync_ok = true;
    for (uint32_t i = 0; i < kN; ++i) {
      uint32_t lane = i % 32, w = i - lane;
      uint32_t ballot = 0, low = 0;
      bool all = true, any = false, low_all = true;
      for (uint32_t l = 0; l < 32; ++l) {
        ballot |= uint32_t(pred(w + l)) << l;
        low |= l < 16 ? uint32_t(pred(w + l)) << l : 0;
        all &= common(w + l);
        any |= rare(w + l);
        low_all &= l >= 16 || common(w + l);
      }
      shfl_ok &= gidx[i] == key(w + (lane * 7 + 3) % 32);
      up_ok &= gup[i] == double(key(lane < 3 ? i : i - 3)) * 0.5;
      down_ok &= gdown[i] == (long long)key(lane + 5 > 31 ? i : i + 5) << 30;
      ballot_ok &= gv[3 * i] == ballot;
      vote_ok &=
          gv[3 * i + 1] == uint32_t(all) && gv[3 * i + 2] == uint32_t(any);
      if (lane < 16) {
        part_ok &= gp[2 * i] == low && gp[2 * i + 1] == uint32_t(low_all);
        pshfl_ok &= gps[i] == float(lane ^ 1);
      } else {
        part_ok &= gp[2 * i] == 0xdeadbeefu && gp[2 * i + 1] == 0xdeadbeefu;
        pshfl_ok &= gps[i] == -1.0f;
      }
      sync_ok &= gs[i] == key(i ^ 1);
    }
    check(shfl_ok, "shfl uint32_t from another lane");
    check(up_ok, "shfl_up double (low lanes keep their own)");
    check(down_ok, "shfl_down long long (high lanes keep their own)");
    check(ballot_ok, "ballot matches the host");
    check(vote_ok, "all/any match the host");
    check(part_ok, "ballot/all with a 16-lane mask");
    check(pshfl_ok, "shfl_xor float with a 16-lane mask");
    check(sync_ok, "warp::sync orders shared memory within the warp");
  }

  if (failures) {
    std::printf("FAILED: %d checks\n", failures);
    return 1;
  }
  std::printf("PASSED: all checks\n");
}
