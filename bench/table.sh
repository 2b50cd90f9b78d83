#!/bin/sh
# Prints the Markdown table of bench results: RESULTS files of BENCH lines
# (run.sh's results.txt; several runs' files may be joined, a later line of
# a pair replacing an earlier one), the nvcc/Alloy time ratio of each pair,
# their geometric mean over the pairs whose checks are ok (launch and
# startup, host-side, left out), and Alloy's and nvcc's share of cuBLAS
# where a cuBLAS line is there.
# usage: sh table.sh RESULTS...
set -u
awk '
function field(line, key,   n, i, parts, kv) {
  n = split(line, parts, " ")
  for (i = 4; i <= n; ++i) {
    if (split(parts[i], kv, "=") != 2) continue
    if (key == "" && kv[1] != "median_us" && kv[1] != "check") return kv[1]
    if (kv[1] == key) return kv[2]
  }
  return ""
}
$3 == "cublas" {
  if (!($2 in cublas)) cublas_order[++cublas_count] = $2
  cublas[$2] = $0
  next
}
{
  name = $2; impl = $3
  if (!(name in seen)) { seen[name] = 1; order[++count] = name }
  line[name, impl] = $0
}
END {
  print "| kernel | Alloy us | nvcc us | nvcc/Alloy ratio | metric Alloy | metric nvcc | checks |"
  print "|---|---|---|---|---|---|---|"
  for (k = 1; k <= count; ++k) {
    name = order[k]; a = line[name, "alloy"]; v = line[name, "nvcc"]
    au = field(a, "median_us"); vu = field(v, "median_us")
    ac = field(a, "check"); vc = field(v, "check")
    if (ac == "") ac = "FAIL"
    if (vc == "") vc = "FAIL"
    metric = field(a, ""); if (metric == "") metric = field(v, "")
    am = field(a, metric); vm = field(v, metric)
    ratio = "-"
    if (au + 0 > 0 && vu + 0 > 0) {
      r = vu / au; ratio = sprintf("%.2fx", r)
      if (ac == "ok" && vc == "ok" && name != "launch" && name !~ /^startup/) { logsum += log(r); n += 1 }
    }
    printf "| %s | %s | %s | %s | %s | %s | %s |\n", name,
      au == "" ? "FAIL" : au, vu == "" ? "FAIL" : vu, ratio,
      am == "" ? "-" : am " " metric, vm == "" ? "-" : vm " " metric,
      "alloy " ac ", nvcc " vc
  }
  if (n > 0)
    printf "\nGeometric mean of nvcc/Alloy over %d kernels with both checks ok: %.3fx\n", n, exp(logsum / n)
  # Share of cuBLAS: metric / cuBLAS metric (GFLOP/s: higher is better).
  for (k = 1; k <= cublas_count; ++k) {
    name = cublas_order[k]; c = cublas[name]
    metric = field(c, ""); cm = field(c, metric); cc = field(c, "check")
    if (metric == "" || cm + 0 <= 0 || cc != "ok") {
      printf "\nShare of cuBLAS for %s: - (cuBLAS FAIL)\n", name
      continue
    }
    text = ""
    split("alloy nvcc", impls, " ")
    for (j = 1; j <= 2; ++j) {
      l = line[name, impls[j]]; m = field(l, metric)
      share = (m + 0 > 0 && field(l, "check") == "ok") ? \
        sprintf("%.1f%% (%s %s)", 100 * m / cm, m, metric) : "FAIL"
      text = text sprintf("%s%s %s", j > 1 ? ", " : "", impls[j] == "alloy" ? "Alloy" : "nvcc", share)
    }
    printf "\nShare of cuBLAS for %s (cuBLAS %s %s, %s us): %s\n", name, cm, metric, field(c, "median_us"), text
  }
}' "$@"
