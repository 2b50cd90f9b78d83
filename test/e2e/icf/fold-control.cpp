// Control for icf.test: the linker does fold identical functions.
#include <cstdio>
[[gnu::noinline]] int one(int *p) { return *p + 1; }
[[gnu::noinline]] int two(int *p) { return *p + 1; }
int main() {
  int (*volatile a)(int *) = one;
  int (*volatile b)(int *) = two;
  std::printf("%s\n", a == b ? "folded" : "distinct");
}
