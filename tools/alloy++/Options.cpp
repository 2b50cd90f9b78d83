#include "Options.h"

#include <fstream>
#include <iterator>

namespace alloy_driver {

bool startsWith(const std::string &S, const char *P) {
  return S.rfind(P, 0) == 0;
}

std::string readFile(const std::string &Path) {
  std::ifstream In(Path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(In), {});
}

// Clang options whose value is the next argument when not joined.
bool takesSeparateValue(const std::string &A) {
  static const std::string Opts =
      " -o -I -D -U -x -include -imacros -isystem -iquote -idirafter -iprefix"
      " -iwithprefix -iwithprefixbefore -isysroot -cxx-isystem -MF -MT -MQ -MJ"
      " -L -l -Xlinker -Xclang -Xassembler -Xpreprocessor -Xarch_host"
      " -Xarch_device -Xopenmp-target -Xanalyzer -Xoffload-linker -T -u -z"
      " -target -arch -mllvm -F -e -B -include-pch -ivfsoverlay"
      " -dependency-file -dependency-dot -serialize-diagnostics"
      " --serialize-diagnostics -working-directory --sysroot -rpath --output"
      " --include-directory --define-macro --language --std"
      " --library-directory --include --param -framework ";
  return A.find(' ') == std::string::npos &&
         Opts.find(" " + A + " ") != std::string::npos;
}

} // namespace alloy_driver
