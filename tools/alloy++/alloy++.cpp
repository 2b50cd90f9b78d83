//===- alloy++.cpp - The Alloy compiler driver ----------------------------===//
//
// A clang++-compatible driver: runs clang++ with the user's arguments plus
// Alloy's include directory, the Alloy plugin and, when linking, the runtime.
// Plain C++17 on purpose: it must not depend on LLVM.
//
//===----------------------------------------------------------------------===//

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <filesystem>
#include <set>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

#include "Options.h"
#include "PrecompiledHeader.h"

namespace fs = std::filesystem;

using alloy_driver::readFile;
using alloy_driver::startsWith;
using alloy_driver::takesSeparateValue;

namespace {

using Args = std::vector<std::string>;

bool endsWith(const std::string &S, const char *P) {
  size_t N = std::strlen(P);
  return S.size() >= N && S.compare(S.size() - N, N, P) == 0;
}

int fail(const std::string &Msg) {
  std::fprintf(stderr, "alloy++: %s\n", Msg.c_str());
  return 1;
}

std::string envOr(const char *Name, const std::string &Default) {
  const char *V = std::getenv(Name);
  return V && *V ? std::string(V) : Default;
}

// Where Alloy's pieces are: the install layout next to this executable, else
// the build tree it was built in; ALLOY_* environment variables override.
struct Paths {
  std::string ClangXX, IncludeDir, Plugin, Runtime;
};

Paths locate(const char *Argv0) {
  std::error_code EC;
  fs::path Self = fs::read_symlink("/proc/self/exe", EC);
  if (EC)
    Self = fs::absolute(Argv0, EC);
  fs::path Prefix = Self.parent_path().parent_path();
  Paths P{ALLOY_DEFAULT_CLANGXX, ALLOY_BUILD_INCLUDE_DIR, ALLOY_BUILD_PLUGIN,
          ALLOY_BUILD_RUNTIME};
  if (fs::exists(Prefix / "lib/AlloyPlugin.so", EC) &&
      fs::exists(Prefix / "include/gpu/gpu.hpp", EC)) {
    P.IncludeDir = (Prefix / "include").string();
    P.Plugin = (Prefix / "lib/AlloyPlugin.so").string();
    P.Runtime = (Prefix / "lib/liballoy_runtime.a").string();
  }
  P.ClangXX = envOr("ALLOY_CLANGXX", P.ClangXX);
  P.IncludeDir = envOr("ALLOY_INCLUDE_DIR", P.IncludeDir);
  P.Plugin = envOr("ALLOY_PLUGIN", P.Plugin);
  P.Runtime = envOr("ALLOY_RUNTIME_LIB", P.Runtime);
  return P;
}

// Splits a response file the way GNU tools do (quotes and backslashes).
Args readResponseFile(const std::string &Path) {
  std::string Text = readFile(Path), Cur;
  Args Out;
  bool InWord = false;
  char Quote = 0;
  for (size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    if (C == '\\' && I + 1 < Text.size() && Quote != '\'') {
      Cur += Text[++I];
      InWord = true;
    } else if (Quote) {
      if (C == Quote)
        Quote = 0;
      else
        Cur += C;
    } else if (C == '\'' || C == '"') {
      Quote = C;
      InWord = true;
    } else if (std::isspace(static_cast<unsigned char>(C))) {
      if (InWord)
        Out.push_back(Cur);
      Cur.clear();
      InWord = false;
    } else {
      Cur += C;
      InWord = true;
    }
  }
  if (InWord)
    Out.push_back(Cur);
  return Out;
}

// The user's arguments with response files expanded, for inspection only:
// clang still gets the @file itself.
void expand(const Args &In, Args &Out, int Depth = 0) {
  for (const std::string &A : In) {
    if (A.size() > 1 && A[0] == '@' && Depth < 8 && fs::exists(A.substr(1)))
      expand(readResponseFile(A.substr(1)), Out, Depth + 1);
    else
      Out.push_back(A);
  }
}

bool isObjectOrLibrary(const std::string &F) {
  static const char *const Exts[] = {".o",  ".obj",   ".a",  ".so",
                                     ".lo", ".dylib", ".lib"};
  for (const char *E : Exts)
    if (endsWith(F, E))
      return true;
  size_t So = F.rfind(".so."); // libfoo.so.1.2
  return So != std::string::npos &&
         F.find_first_not_of("0123456789.", So + 4) == std::string::npos;
}

// What the user's command does, as far as alloy++ needs to know.
struct Invocation {
  bool HasStd = false;     // -std= given
  bool NonCxxLang = false; // -x LANG for a language other than C++
  bool LangForced = false; // any -x
  bool NoLink = false;     // -c, -S, -E, -fsyntax-only, -M, -MM, ...
  bool Compiles = false;   // some input is a source (not an object/library)
  bool HasInputs = false;
  // .cu inputs with no -x before them: compiled as C++ (clang would make
  // them CUDA, with its own CUDA headers).
  std::set<std::string> CudaFiles;
};

Invocation analyze(const Args &UserArgs) {
  Args All;
  expand(UserArgs, All);
  Invocation Inv;
  auto addInput = [&](const std::string &F) {
    Inv.HasInputs = true;
    if (!Inv.LangForced && F.size() > 3 &&
        F.compare(F.size() - 3, 3, ".cu") == 0)
      Inv.CudaFiles.insert(F);
    if (Inv.LangForced || !isObjectOrLibrary(F))
      Inv.Compiles = true;
  };
  auto setLang = [&](const std::string &L) {
    Inv.LangForced = L != "none";
    if (Inv.LangForced && !startsWith(L, "c++"))
      Inv.NonCxxLang = true;
  };
  for (size_t I = 0; I < All.size(); ++I) {
    const std::string &A = All[I];
    if (A == "--") {
      for (++I; I < All.size(); ++I)
        addInput(All[I]);
      break;
    }
    if (A == "-" || A.empty() || A[0] != '-') {
      addInput(A);
      continue;
    }
    std::string Value; // the value of a separate-value option
    if (takesSeparateValue(A) && I + 1 < All.size())
      Value = All[++I];
    if (startsWith(A, "-std=") || startsWith(A, "--std=") || A == "--std")
      Inv.HasStd = true;
    else if (A == "-x" || A == "--language")
      setLang(Value);
    else if (startsWith(A, "-x"))
      setLang(A.substr(2));
    else if (A == "-c" || A == "-S" || A == "-E" || A == "-fsyntax-only" ||
             A == "-M" || A == "-MM" || A == "--precompile" ||
             A == "-emit-ast" || A == "--preprocess" || A == "--compile" ||
             A == "--assemble")
      Inv.NoLink = true;
  }
  return Inv;
}

std::string shellQuote(const std::string &S) {
  if (!S.empty() &&
      S.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                          "0123456789_-+=/.,:@%") == std::string::npos)
    return S;
  std::string Out = "'";
  for (char C : S)
    Out += C == '\'' ? std::string("'\\''") : std::string(1, C);
  return Out + "'";
}

// Checks sm_XX / sm_XXX with XX >= 80, or the arch-specific sm_XXa /
// sm_XXXa from sm_90a (the plugin's Basic/GpuArch.cpp reads the same);
// returns an error message or "".
std::string checkOneArch(const std::string &Arch) {
  std::string Digits = startsWith(Arch, "sm_") ? Arch.substr(3) : "";
  bool ArchSpecific = endsWith(Digits, "a");
  if (ArchSpecific)
    Digits.pop_back();
  if (Digits.size() < 2 || Digits.size() > 3 ||
      Digits.find_first_not_of("0123456789") != std::string::npos)
    return "--gpu-arch=" + Arch +
           ": expected sm_ and a compute capability, for example sm_80, or "
           "an arch-specific target such as sm_90a";
  if (std::stoi(Digits) < 80)
    return "--gpu-arch=" + Arch + ": Alloy supports sm_80 and newer";
  if (ArchSpecific && std::stoi(Digits) < 90)
    return "--gpu-arch=" + Arch +
           ": arch-specific targets (the 'a' suffix) begin with sm_90a";
  return "";
}

// A comma-separated list of architectures.
std::string checkArch(const std::string &Archs) {
  size_t Start = 0;
  while (true) {
    size_t Comma = Archs.find(',', Start);
    std::string Err = checkOneArch(Archs.substr(Start, Comma - Start));
    if (!Err.empty() || Comma == std::string::npos)
      return Err;
    Start = Comma + 1;
  }
}

// --query-gpus (for `alloy doctor`): what the CUDA driver reports, one
// fact per line: "driver CUDA_VERSION" (12080 for 12.8), then per GPU
// "gpu ORDINAL sm_XY MEMORY_BYTES NAME"; "error TEXT" when there is no
// driver or no GPU. Exit status 0 when at least one GPU answered.
int queryGpus() {
  // The runtime's override of the driver's path, honoured here too.
  const char *Path = std::getenv("ALLOY_CUDA_DRIVER");
  void *Lib =
      dlopen(Path && *Path ? Path : "libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!Lib) {
    std::printf("error no CUDA driver: %s\n", dlerror());
    return 1;
  }
  using InitFn = int (*)(unsigned);
  using VersionFn = int (*)(int *);
  using CountFn = int (*)(int *);
  using GetFn = int (*)(int *, int);
  using AttrFn = int (*)(int *, int, int);
  using NameFn = int (*)(char *, int, int);
  using MemFn = int (*)(size_t *, int);
  auto Init = reinterpret_cast<InitFn>(dlsym(Lib, "cuInit"));
  auto Version = reinterpret_cast<VersionFn>(dlsym(Lib, "cuDriverGetVersion"));
  auto Count = reinterpret_cast<CountFn>(dlsym(Lib, "cuDeviceGetCount"));
  auto Get = reinterpret_cast<GetFn>(dlsym(Lib, "cuDeviceGet"));
  auto Attr = reinterpret_cast<AttrFn>(dlsym(Lib, "cuDeviceGetAttribute"));
  auto Name = reinterpret_cast<NameFn>(dlsym(Lib, "cuDeviceGetName"));
  auto Mem = reinterpret_cast<MemFn>(dlsym(Lib, "cuDeviceTotalMem_v2"));
  int V = 0;
  if (Version && Version(&V) == 0)
    std::printf("driver %d\n", V);
  int N = 0;
  if (!Init || !Count || !Get || !Attr || !Name || !Mem) {
    std::printf("error the CUDA driver lacks a function Alloy needs\n");
    return 1;
  }
  if (int Rc = Init(0); Rc != 0) {
    std::printf("error cuInit failed with CUDA error %d\n", Rc);
    return 1;
  }
  if (Count(&N) != 0 || N == 0) {
    std::printf("error the CUDA driver reports no GPU\n");
    return 1;
  }
  for (int I = 0; I < N; ++I) {
    int Dev = 0, Major = 0, Minor = 0;
    char DevName[256] = {};
    size_t Bytes = 0;
    if (Get(&Dev, I) != 0 || Attr(&Major, 75, Dev) != 0 ||
        Attr(&Minor, 76, Dev) != 0 ||
        Name(DevName, sizeof(DevName), Dev) != 0 || Mem(&Bytes, Dev) != 0)
      continue;
    std::printf("gpu %d sm_%d%d %zu %s\n", I, Major, Minor, Bytes, DevName);
  }
  return 0;
}

// --gpu-arch=native: the architectures of this machine's GPUs, asked of
// the CUDA driver ("sm_90", or "sm_80,sm_90" for a mixed machine), or an
// error that says why there is none.
std::string nativeArch(std::string &Err) {
  void *Lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!Lib) {
    Err = "--gpu-arch=native: no CUDA driver (libcuda.so.1) on this machine; "
          "name the architecture instead, for example --gpu-arch=sm_80";
    return "";
  }
  using InitFn = int (*)(unsigned);
  using CountFn = int (*)(int *);
  using GetFn = int (*)(int *, int);
  using AttrFn = int (*)(int *, int, int);
  auto Init = reinterpret_cast<InitFn>(dlsym(Lib, "cuInit"));
  auto Count = reinterpret_cast<CountFn>(dlsym(Lib, "cuDeviceGetCount"));
  auto Get = reinterpret_cast<GetFn>(dlsym(Lib, "cuDeviceGet"));
  auto Attr = reinterpret_cast<AttrFn>(dlsym(Lib, "cuDeviceGetAttribute"));
  int N = 0;
  if (!Init || !Count || !Get || !Attr || Init(0) != 0 || Count(&N) != 0 ||
      N == 0) {
    Err = "--gpu-arch=native: the CUDA driver reports no GPU; name the "
          "architecture instead, for example --gpu-arch=sm_80";
    return "";
  }
  std::vector<int> Numbers;
  for (int I = 0; I < N; ++I) {
    int Dev = 0, Major = 0, Minor = 0;
    if (Get(&Dev, I) != 0 || Attr(&Major, 75, Dev) != 0 ||
        Attr(&Minor, 76, Dev) != 0)
      continue;
    int Number = Major * 10 + Minor;
    if (Number < 80) {
      Err = "--gpu-arch=native: GPU " + std::to_string(I) +
            " has compute capability " + std::to_string(Major) + "." +
            std::to_string(Minor) + "; Alloy needs sm_80 or newer";
      return "";
    }
    if (std::find(Numbers.begin(), Numbers.end(), Number) == Numbers.end())
      Numbers.push_back(Number);
  }
  std::sort(Numbers.begin(), Numbers.end());
  std::string Archs;
  for (int Number : Numbers)
    Archs += (Archs.empty() ? "sm_" : ",sm_") + std::to_string(Number);
  return Archs;
}

void printHelp(const Paths &P) {
  std::printf(
      "OVERVIEW: alloy++, the Alloy single-source C++ GPU compiler driver\n\n"
      "USAGE: alloy++ [options] file...\n\n"
      "ALLOY OPTIONS:\n"
      "  --gpu-arch=sm_XX   GPU architecture to compile kernels for (sm_80 "
      "and newer;\n"
      "                     default sm_80). A list (sm_80,sm_90) embeds a "
      "cubin for\n"
      "                     each and PTX for the lowest; native asks the "
      "driver;\n"
      "                     sm_90a is Hopper's arch-specific target (runs "
      "on 9.0 only)\n"
      "  --trace[=DIR]      Dump every compiler stage into DIR (default: "
      "./alloy-trace)\n"
      "  -fmad=false        GPU code: no fused multiply-add contraction "
      "(default true,\n"
      "                     as nvcc); -ffp-contract=fast|on|off sets host and "
      "GPU\n"
      "  --use_fast_math    GPU code: nvcc's fast math (approximate division, "
      "sqrt,\n"
      "                     exp/log/sin/cos..., flush-to-zero); -ffast-math "
      "sets it too\n"
      "  -lineinfo          GPU code: .file/.loc line info in the PTX, for "
      "compute-sanitizer\n"
      "                     and Nsight (-g and -gline-tables-only give it "
      "too)\n"
      "  --library-throw=trap|error\n"
      "                     A throw in the standard library (std::optional::"
      "value(),\n"
      "                     std::get) stops the kernel (trap, the default) or "
      "is an error\n"
      "  --no-cpu-device    No host copies of the kernels: they run on a GPU "
      "only, the\n"
      "                     CPU device refuses them (a smaller object, a "
      "faster compile)\n"
      "  --emit-alloy       Print the kernels' Alloy IR (MLIR) to stdout; "
      "compiles nothing\n"
      "  --alloy-verbose    Print the clang++ command to stderr, then run it\n"
      "  --print-command    Print the clang++ command to stdout, do not run "
      "it\n"
      "  --help             Show this help\n"
      "  --version          Show the Alloy and clang versions\n\n"
      "All other options go to clang++ unchanged (see '%s --help').\n"
      "alloy++ adds -I<Alloy include>, the Alloy plugin, -std=c++23 unless "
      "-std= is given,\n"
      "and when linking the Alloy runtime and -ldl.\n\n"
      "ENVIRONMENT: ALLOY_CLANGXX, ALLOY_PLUGIN, ALLOY_INCLUDE_DIR, "
      "ALLOY_RUNTIME_LIB\n",
      P.ClangXX.c_str());
}

} // namespace

int main(int Argc, char **Argv) {
  Paths P = locate(Argv[0]);
  Args User;
  std::string Arch, Trace, FPContract, LibraryThrow;
  bool FastMath = false, LineInfo = false, NoCpuDevice = false;
  bool HasTrace = false, Verbose = false, PrintOnly = false, Version = false;
  bool EmitAlloy = false;
  bool PrevTakesValue = false, AfterDashDash = false;
  for (int I = 1; I < Argc; ++I) {
    std::string A = Argv[I];
    bool Own = !PrevTakesValue && !AfterDashDash;
    PrevTakesValue = takesSeparateValue(A);
    AfterDashDash = AfterDashDash || A == "--";
    if (!Own) {
      User.push_back(A);
    } else if (startsWith(A, "--gpu-arch=")) {
      Arch = A.substr(11);
    } else if (A == "--gpu-arch") {
      if (I + 1 == Argc)
        return fail("--gpu-arch: expected a value, for example sm_80");
      Arch = Argv[++I];
    } else if (A == "--trace" || startsWith(A, "--trace=")) {
      HasTrace = true;
      Trace = A.size() > 8 ? A.substr(8) : "alloy-trace";
    } else if (A == "-fmad=true" || A == "--fmad=true" || A == "-fmad=false" ||
               A == "--fmad=false") {
      // nvcc's spelling: the GPU code only.
      FPContract = endsWith(A, "=true") ? "fast" : "off";
    } else if (startsWith(A, "-ffp-contract=")) {
      // clang's: the host code too.
      FPContract = A.substr(14);
      User.push_back(A);
    } else if (A == "--use_fast_math" || A == "-use_fast_math" ||
               A == "--use-fast-math") {
      FastMath = true;
    } else if (startsWith(A, "--library-throw=")) {
      LibraryThrow = A.substr(16);
      if (LibraryThrow != "trap" && LibraryThrow != "error")
        return fail(A + ": expected --library-throw=trap or "
                        "--library-throw=error");
    } else if (A == "-lineinfo" || A == "--generate-line-info") {
      // nvcc's spelling: line info for the GPU code only (-g gives it to
      // both).
      LineInfo = true;
    } else if (A == "-G" || A == "--device-debug") {
      return fail(A + ": Alloy has no device debugging (variables, "
                      "breakpoints in cuda-gdb); -g or -lineinfo give line "
                      "info for profilers and compute-sanitizer");
    } else if (A == "--no-cpu-device") {
      NoCpuDevice = true;
    } else if (A == "--emit-alloy") {
      EmitAlloy = true;
      User.push_back("-fsyntax-only");
    } else if (A == "--alloy-verbose") {
      Verbose = true;
    } else if (A == "--print-command") {
      PrintOnly = true;
    } else if (A == "--help") {
      printHelp(P);
      return 0;
    } else if (A == "--version") {
      Version = true;
    } else if (A == "--query-gpus") {
      return queryGpus();
    } else if (A == "--print-include-dir") {
      std::printf("%s\n", P.IncludeDir.c_str());
      return 0;
    } else if (A == "--print-clang") {
      std::printf("%s\n", P.ClangXX.c_str());
      return 0;
    } else {
      User.push_back(A);
    }
  }
  if (Arch == "native") {
    std::string Err;
    Arch = nativeArch(Err);
    if (!Err.empty())
      return fail(Err);
  }
  if (!Arch.empty()) {
    std::string Err = checkArch(Arch);
    if (!Err.empty())
      return fail(Err);
  }

  Args Cmd{P.ClangXX};
  if (Version) {
    std::printf("Alloy version %s (driving %s)\n", ALLOY_VERSION,
                P.ClangXX.c_str());
    Cmd.push_back("--version");
  } else {
    Invocation Inv = analyze(User);
    bool Links = !Inv.NoLink && Inv.HasInputs;
    std::error_code EC;
    if (Inv.Compiles) {
      if (!fs::is_directory(P.IncludeDir, EC))
        return fail("the Alloy include directory is missing: " + P.IncludeDir +
                    " (set ALLOY_INCLUDE_DIR)");
      if (!fs::exists(P.Plugin, EC))
        return fail("the Alloy plugin is missing: " + P.Plugin +
                    " (build the AlloyPlugin target, or set ALLOY_PLUGIN)");
      Cmd.push_back("-I" + P.IncludeDir);
      if (!Inv.HasStd && !Inv.NonCxxLang)
        Cmd.push_back("-std=c++23");
      Cmd.push_back("-fplugin=" + P.Plugin);
      Cmd.push_back("-fpass-plugin=" + P.Plugin);
      // A pragma Alloy does not honour is never dropped in silence.
      Cmd.insert(Cmd.end(), {"-Wunknown-pragmas", "-Wsource-uses-openmp",
                             "-Wsource-uses-openacc"});
      if (EmitAlloy)
        Cmd.push_back("-fplugin-arg-alloy-print-alloy");
      if (!Arch.empty())
        Cmd.push_back("-fplugin-arg-alloy-gpu-arch=" + Arch);
      if (!FPContract.empty())
        Cmd.push_back("-fplugin-arg-alloy-fp-contract=" + FPContract);
      if (FastMath)
        Cmd.push_back("-fplugin-arg-alloy-fast-math");
      if (LineInfo)
        Cmd.push_back("-fplugin-arg-alloy-line-info");
      if (NoCpuDevice)
        Cmd.push_back("-fplugin-arg-alloy-no-cpu-device");
      if (!LibraryThrow.empty())
        Cmd.push_back("-fplugin-arg-alloy-library-throw=" + LibraryThrow);
      if (HasTrace) {
        Trace = fs::absolute(Trace, EC).lexically_normal().string();
        if (!PrintOnly && !fs::is_directory(Trace, EC) &&
            !fs::create_directories(Trace, EC))
          return fail("--trace: cannot create " + Trace + ": " + EC.message());
        Cmd.push_back("-fplugin-arg-alloy-trace=" + Trace);
      }
    }
    if (Links && !fs::exists(P.Runtime, EC))
      return fail("the Alloy runtime is missing: " + P.Runtime +
                  " (build the alloy_runtime target, or set "
                  "ALLOY_RUNTIME_LIB)");
    bool DashDash = false;
    for (const std::string &A : User) {
      // After "--" everything is an input: -ldl must come before it.
      if (A == "--" && Links && !DashDash)
        Cmd.push_back("-ldl");
      DashDash = DashDash || A == "--";
      if (Inv.CudaFiles.count(A))
        Cmd.insert(Cmd.end(), {"-x", "c++", A, "-x", "none"});
      else
        Cmd.push_back(A);
    }
    if (Links) {
      if (Inv.LangForced && !DashDash)
        Cmd.insert(Cmd.end(), {"-x", "none"}); // the runtime is no source
#ifdef ALLOY_SANITIZE_LINK_FLAGS
      // This build's runtime is instrumented: programs link the sanitizer
      // (before a "--", after which everything is an input).
      auto At = std::find(Cmd.begin(), Cmd.end(), std::string("--"));
      std::istringstream Flags(ALLOY_SANITIZE_LINK_FLAGS);
      for (std::string F; Flags >> F; ++At)
        At = Cmd.insert(At, F);
#endif
      Cmd.push_back(P.Runtime);
      if (!DashDash)
        Cmd.push_back("-ldl");
#ifdef ALLOY_BUILTINS_LIB
      // __truncsfbf2 (float to __bf16 on the host), missing from libgcc 12.
      if (!DashDash && fs::exists(ALLOY_BUILTINS_LIB, EC))
        Cmd.push_back(ALLOY_BUILTINS_LIB);
#endif
    }
  }

#ifdef ALLOY_SANITIZER_RUNTIME
  // This build's plugin is instrumented and clang is not: clang needs the
  // sanitizer's runtime preloaded, and leaks on purpose (-disable-free).
  // LLVM's bump allocators poison their free space from the plugin's
  // (instrumented) inline copies but not from libMLIR's, which reads as
  // use-after-poison: user poisoning is off (heap, stack and globals are
  // still checked).
  {
    std::string Preload = ALLOY_SANITIZER_RUNTIME;
    if (const char *Old = std::getenv("LD_PRELOAD"); Old && *Old)
      Preload += std::string(":") + Old;
    setenv("LD_PRELOAD", Preload.c_str(), 1);
    std::string Asan = "detect_leaks=0:allow_user_poisoning=0";
    if (const char *Old = std::getenv("ASAN_OPTIONS"); Old && *Old)
      Asan = std::string(Old) + ":" + Asan;
    setenv("ASAN_OPTIONS", Asan.c_str(), 1);
  }
#endif

  // The precompiled <gpu/gpu.hpp>, built on first use (PrecompiledHeader.h).
  if (!Version && !EmitAlloy && Cmd.size() > 1) {
    alloy_driver::PchRequest Request{P.ClangXX, P.IncludeDir, P.Plugin,
                                     Args(Cmd.begin() + 1, Cmd.end()),
                                     !PrintOnly};
    bool Compiles =
        std::find(Cmd.begin(), Cmd.end(), "-fplugin=" + P.Plugin) != Cmd.end();
    if (Compiles) {
      alloy_driver::PchResult Pch = alloy_driver::precompiledGpuHeader(Request);
      if (Verbose)
        std::fprintf(stderr, "alloy++: precompiled <gpu/gpu.hpp>: %s\n",
                     Pch.Note.c_str());
      else if (!Pch.Refusal.empty())
        std::fprintf(stderr, "alloy++: warning: %s\n", Pch.Refusal.c_str());
      if (!Pch.Path.empty()) {
        Cmd.insert(Cmd.begin() + 1, {"-include-pch", Pch.Path});
        std::fputs(Pch.Warnings.c_str(), stderr);
      }
    }
  }

  if (Verbose || PrintOnly) {
    std::string Line;
    for (const std::string &A : Cmd)
      Line += (Line.empty() ? "" : " ") + shellQuote(A);
    std::fprintf(PrintOnly ? stdout : stderr, "%s\n", Line.c_str());
    if (PrintOnly)
      return 0;
  }
  std::fflush(stdout);
  std::fflush(stderr);
  std::vector<char *> CArgs;
  for (std::string &A : Cmd)
    CArgs.push_back(A.data());
  CArgs.push_back(nullptr);
  execvp(CArgs[0], CArgs.data());
  return fail("cannot run " + P.ClangXX + ": " + std::strerror(errno) +
              " (set ALLOY_CLANGXX)");
}
