#include "PrecompiledHeader.h"
#include "Options.h"

#include <cctype>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

namespace fs = std::filesystem;

namespace alloy_driver {
namespace {

using Args = std::vector<std::string>;

bool isSourceFile(const std::string &F) {
  static const char *const Exts[] = {".cpp", ".cc", ".cxx", ".c++",
                                     ".cp",  ".C",  ".CPP"};
  std::string Ext = fs::path(F).extension().string();
  for (const char *E : Exts)
    if (Ext == E)
      return true;
  return false;
}

// Options after which a PCH would change what the compile does, or that
// make it not a compile to an object.
bool excludesPch(const std::string &A) {
  static const char *const Exact[] = {
      "-E",        "-fsyntax-only", "-M",         "-MM",
      "-x",        "--language",    "-include",   "--include",
      "-imacros",  "-include-pch",  "--precompile", "-emit-ast",
      "-fmodules", "--preprocess",  "-",          "--",
      "-fplugin-arg-alloy-print-alloy"};
  for (const char *E : Exact)
    if (A == E)
      return true;
  return startsWith(A, "-x") || startsWith(A, "-include") ||
         startsWith(A, "-fmodule") || startsWith(A, "-save-temps");
}

// Options that only name outputs or link inputs: left out of the PCH's
// build and of its key. (Value-taking ones drop their value too.)
bool outputOnly(const std::string &A) {
  static const char *const Exact[] = {"-o",  "-c",  "-S",  "-MD", "-MMD",
                                      "-MF", "-MT", "-MQ", "-MJ", "-MP",
                                      "-Xlinker", "-rpath", "--output"};
  for (const char *E : Exact)
    if (A == E)
      return true;
  return startsWith(A, "-l") || startsWith(A, "-L") || startsWith(A, "-Wl,") ||
         startsWith(A, "-fuse-ld=") || startsWith(A, "-fplugin-arg-alloy-") ||
         startsWith(A, "-fpass-plugin=") || A == "-shared" ||
         A == "-static" || A == "-pie" || A == "-no-pie" || A == "-rdynamic";
}

std::string fileStamp(const std::string &Path) {
  std::error_code EC;
  auto Size = fs::file_size(Path, EC);
  auto Time = fs::last_write_time(Path, EC);
  return Path + ":" + std::to_string(EC ? 0 : Size) + ":" +
         std::to_string(Time.time_since_epoch().count());
}

std::uint64_t fnv1a(const std::string &Text) {
  std::uint64_t H = 1469598103934665603ull;
  for (unsigned char C : Text)
    H = (H ^ C) * 1099511628211ull;
  return H;
}

std::string cacheDir() {
  auto Env = [](const char *Name) -> std::string {
    const char *V = std::getenv(Name);
    return V && *V ? V : "";
  };
  if (std::string D = Env("ALLOY_CACHE_DIR"); !D.empty())
    return D + "/pch";
  if (std::string D = Env("XDG_CACHE_HOME"); !D.empty())
    return D + "/alloy/pch";
  if (std::string D = Env("HOME"); !D.empty())
    return D + "/.cache/alloy/pch";
  return "";
}

// Creates `Dir` private (mode 700; its missing parents as the umask has
// them) and checks that it is safe to load code from: a directory that
// another user owns or can write lets that user plant the PCH that the
// next compile loads. Returns why not, or "".
std::string privateDirectory(const std::string &Dir) {
  std::error_code EC;
  fs::path Parent = fs::path(Dir).parent_path();
  if (!Parent.empty() && !fs::is_directory(Parent, EC))
    fs::create_directories(Parent, EC);
  if (mkdir(Dir.c_str(), 0700) != 0 && errno != EEXIST)
    return "cannot create " + Dir + ": " + std::strerror(errno);
  struct stat St;
  if (stat(Dir.c_str(), &St) != 0 || !S_ISDIR(St.st_mode))
    return Dir + " is not a directory";
  if (St.st_uid != geteuid())
    return "refusing the cache directory " + Dir +
           ": it belongs to another user (set ALLOY_CACHE_DIR to a "
           "directory of your own)";
  if (St.st_mode & (S_IWGRP | S_IWOTH)) {
    char Mode[8];
    std::snprintf(Mode, sizeof Mode, "%o", unsigned(St.st_mode & 0777));
    return "refusing the cache directory " + Dir +
           ": other users can write it (mode " + Mode +
           "); make it private (chmod 700 " + Dir +
           ") or set ALLOY_CACHE_DIR to a directory of your own";
  }
  return "";
}

// The files a make-style dependency file lists.
Args dependencies(const std::string &DepFile) {
  std::string Text = readFile(DepFile);
  size_t Colon = Text.find(": ");
  Args Files;
  if (Colon == std::string::npos)
    return Files;
  std::string Cur;
  for (size_t I = Colon + 2; I < Text.size(); ++I) {
    char C = Text[I];
    if (C == '\\' && I + 1 < Text.size() && Text[I + 1] == '\n') {
      ++I;
    } else if (C == '\\' && I + 1 < Text.size() && Text[I + 1] == ' ') {
      Cur += ' ';
      ++I;
    } else if (C == ' ' || C == '\n' || C == '\t') {
      if (!Cur.empty())
        Files.push_back(Cur);
      Cur.clear();
    } else {
      Cur += C;
    }
  }
  if (!Cur.empty())
    Files.push_back(Cur);
  return Files;
}

// A PCH is current when it and its dependency list exist and nothing it
// was built from is newer.
bool isCurrent(const std::string &Pch, const std::string &DepFile) {
  std::error_code EC;
  if (!fs::exists(Pch, EC) || !fs::exists(DepFile, EC) ||
      fs::file_size(Pch, EC) == 0)
    return false;
  auto Built = fs::last_write_time(Pch, EC);
  Args Files = dependencies(DepFile);
  if (Files.empty())
    return false;
  for (const std::string &F : Files) {
    auto T = fs::last_write_time(F, EC);
    if (EC || T > Built)
      return false;
  }
  return true;
}

int runQuietly(const Args &Cmd, const std::string &Log) {
  pid_t Pid = fork();
  if (Pid < 0)
    return -1;
  if (Pid == 0) {
    int Fd = open(Log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (Fd >= 0) {
      dup2(Fd, 1);
      dup2(Fd, 2);
      close(Fd);
    }
    std::vector<char *> CArgs;
    for (const std::string &A : Cmd)
      CArgs.push_back(const_cast<char *>(A.c_str()));
    CArgs.push_back(nullptr);
    execvp(CArgs[0], CArgs.data());
    _exit(127);
  }
  int Status = 0;
  while (waitpid(Pid, &Status, 0) < 0)
    ;
  return WIFEXITED(Status) ? WEXITSTATUS(Status) : -1;
}

// A name that only a header's include guard would have: FOO_H, FOO_HPP_,
// _REDUCE_KERNEL_H_, BAR_CUH, BAZ_INCLUDED. Defining it before
// <gpu/gpu.hpp> cannot change that header, whose own guards are GPU_*.
bool isIncludeGuardName(std::string Name) {
  if (Name.rfind("GPU_", 0) == 0 || Name.rfind("ALLOY_", 0) == 0 ||
      Name.rfind("__", 0) == 0 || Name.rfind("_GLIBCXX", 0) == 0)
    return false;
  while (!Name.empty() && Name.back() == '_')
    Name.pop_back();
  size_t Sep = Name.rfind('_');
  if (Sep == std::string::npos || Sep == 0)
    return false;
  std::string Suffix = Name.substr(Sep + 1);
  for (char &C : Suffix)
    C = static_cast<char>(std::toupper(static_cast<unsigned char>(C)));
  for (const char *S : {"H", "HH", "HPP", "HXX", "CUH", "INCLUDED"})
    if (Suffix == S)
      return true;
  return false;
}

} // namespace

std::vector<std::string> leadingGpuHeaders(const std::string &S) {
  size_t I = 0, N = S.size();
  auto SkipBlank = [&] {
    while (I < N) {
      if (S[I] == ' ' || S[I] == '\t' || S[I] == '\n' || S[I] == '\r')
        ++I;
      else if (S.compare(I, 2, "//") == 0)
        I = S.find('\n', I) == std::string::npos ? N : S.find('\n', I);
      else if (S.compare(I, 2, "/*") == 0)
        I = S.find("*/", I + 2) == std::string::npos ? N
                                                      : S.find("*/", I + 2) + 2;
      else
        break;
    }
  };
  auto SkipSpaces = [&] {
    while (I < N && (S[I] == ' ' || S[I] == '\t'))
      ++I;
  };
  auto IsAlloyHeader = [](const std::string &T) {
    return T.rfind("gpu/", 0) == 0 && T.size() > 8 &&
           T.compare(T.size() - 4, 4, ".hpp") == 0;
  };
  std::string OpenGuard;           // after #ifndef NAME: expects #define NAME
  std::vector<std::string> Before; // the <...> includes before gpu.hpp
  bool OnlyAlloyBefore = true;
  std::vector<std::string> Run; // from <gpu/gpu.hpp> on
  for (;;) {
    SkipBlank();
    if (I >= N || S[I] != '#')
      return Run;
    ++I;
    SkipSpaces();
    size_t WordEnd = I;
    while (WordEnd < N && std::isalpha(static_cast<unsigned char>(S[WordEnd])))
      ++WordEnd;
    std::string Directive = S.substr(I, WordEnd - I);
    I = WordEnd;
    SkipSpaces();
    size_t LineEnd = S.find('\n', I);
    if (LineEnd == std::string::npos)
      LineEnd = N;
    std::string Rest = S.substr(I, LineEnd - I);
    while (!Rest.empty() && (Rest.back() == ' ' || Rest.back() == '\t' ||
                             Rest.back() == '\r'))
      Rest.pop_back();
    if (!Rest.empty() && Rest.back() == '\\')
      return Run; // a continued directive: not worth understanding
    if (!OpenGuard.empty()) {
      if (Directive != "define" || Rest != OpenGuard)
        return Run;
      OpenGuard.clear();
      I = LineEnd;
      continue;
    }
    if (Directive == "pragma" && Rest == "once" && Run.empty()) {
      I = LineEnd;
      continue;
    }
    // An include guard around the file (#ifndef FOO_H / #define FOO_H).
    if (Directive == "ifndef" && Run.empty() && isIncludeGuardName(Rest)) {
      OpenGuard = Rest;
      I = LineEnd;
      continue;
    }
    if (Directive != "include" || Rest.empty())
      return Run;
    char Close = Rest[0] == '<' ? '>' : Rest[0] == '"' ? '"' : 0;
    size_t End = Close ? Rest.find(Close, 1) : std::string::npos;
    if (End == std::string::npos)
      return Run;
    std::string Target = Rest.substr(1, End - 1);
    if (!Run.empty()) {
      // Alloy headers right after it join the PCH.
      if (!OnlyAlloyBefore || Close != '>' || !IsAlloyHeader(Target))
        return Run;
      Run.push_back(Target);
    } else if (Target == "gpu/gpu.hpp") {
      // Only Alloy headers before it: they join too, in their order, and
      // so do those after it. Otherwise gpu.hpp alone, which moves it
      // before standard headers (it includes them anyway), but not
      // cuda_compat.hpp's macros.
      if (OnlyAlloyBefore)
        Run = Before;
      Run.push_back(Target);
    } else {
      // A standard header first is harmless; a quoted one may define macros.
      if (Close != '>')
        return Run;
      Before.push_back(Target);
      OnlyAlloyBefore = OnlyAlloyBefore && IsAlloyHeader(Target);
    }
    I = LineEnd;
  }
}

PchResult precompiledGpuHeader(const PchRequest &R) {
  PchResult Out;
  const char *Env = std::getenv("ALLOY_PCH");
  if (Env && std::string(Env) == "0") {
    Out.Note = "ALLOY_PCH=0";
    return Out;
  }
  // The flags the PCH is built with: the command's, less its inputs,
  // outputs and link-only options.
  Args Flags;
  std::string Source;
  bool RelativePaths = false;
  for (size_t I = 0; I < R.Args.size(); ++I) {
    const std::string &A = R.Args[I];
    if (excludesPch(A)) {
      Out.Note = "not with " + A;
      return Out;
    }
    bool HasValue = takesSeparateValue(A) && I + 1 < R.Args.size();
    if (A.empty() || A[0] != '-') {
      if (isSourceFile(A)) {
        if (!Source.empty()) {
          Out.Note = "more than one source file";
          return Out;
        }
        Source = A;
      }
      continue; // objects and libraries to link
    }
    if (outputOnly(A)) {
      I += HasValue;
      continue;
    }
    Flags.push_back(A);
    if (HasValue)
      Flags.push_back(R.Args[++I]);
    // Relative include paths make the PCH depend on the directory.
    for (const char *P : {"-I", "-isystem", "-iquote", "-idirafter"}) {
      if (!startsWith(A, P))
        continue;
      std::string Value = HasValue ? Flags.back() : A.substr(std::strlen(P));
      if (!Value.empty() && Value[0] != '/')
        RelativePaths = true;
    }
  }
  if (Source.empty()) {
    Out.Note = "no C++ source file";
    return Out;
  }
  std::vector<std::string> Headers = leadingGpuHeaders(readFile(Source));
  if (Headers.empty()) {
    Out.Note = Source + " does not start with #include <gpu/gpu.hpp>";
    return Out;
  }
  std::string Dir = cacheDir();
  std::error_code EC;
  if (Dir.empty()) {
    Out.Note = "no cache directory (set ALLOY_CACHE_DIR)";
    return Out;
  }
  if (std::string Why = privateDirectory(Dir); !Why.empty()) {
    Out.Note = Why;
    if (Why.rfind("refusing", 0) == 0)
      Out.Refusal = Why;
    return Out;
  }

  std::string KeyText = "alloy-pch-1\n" + fileStamp(R.ClangXX) + "\n" +
                        fileStamp(R.Plugin) + "\n" + R.IncludeDir + "\n";
  if (RelativePaths)
    KeyText += fs::current_path(EC).string() + "\n";
  for (const std::string &F : Flags)
    KeyText += F + '\0';
  // The header the PCH is built from when it is more than gpu.hpp.
  std::string Includes;
  for (const std::string &H : Headers)
    Includes += "#include <" + H + ">\n";
  KeyText += Includes;
  char Key[17];
  std::snprintf(Key, sizeof Key, "%016llx",
                static_cast<unsigned long long>(fnv1a(KeyText)));
  std::string Stem = Dir + "/gpu-" + Key;
  std::string Pch = Stem + ".pch", DepFile = Stem + ".d";
  std::string WarningsFile = Stem + ".warnings";
  if (isCurrent(Pch, DepFile)) {
    Out.Path = Pch;
    Out.Note = "using " + Pch;
    Out.Warnings = readFile(WarningsFile);
    return Out;
  }
  if (fs::exists(Stem + ".failed", EC)) {
    Out.Note = "an earlier build of " + Pch + " failed (" + Stem + ".failed)";
    return Out;
  }
  if (!R.MayBuild) {
    Out.Note = "no current " + Pch;
    return Out;
  }
  // One process builds it; the others compile without it meanwhile.
  int Lock = open((Stem + ".lock").c_str(), O_RDWR | O_CREAT, 0644);
  if (Lock < 0 || flock(Lock, LOCK_EX | LOCK_NB) != 0) {
    if (Lock >= 0)
      close(Lock);
    Out.Note = "another compile is building " + Pch;
    return Out;
  }
  if (isCurrent(Pch, DepFile)) {
    close(Lock);
    Out.Path = Pch;
    Out.Note = "using " + Pch;
    Out.Warnings = readFile(WarningsFile);
    return Out;
  }
  std::string Tmp = Stem + "." + std::to_string(getpid());
  // <gpu/gpu.hpp> itself, or a header of the source's leading includes,
  // written once: the PCH records its time, so it is never rewritten.
  std::string Input = R.IncludeDir + "/gpu/gpu.hpp";
  if (Headers.size() > 1 || Headers[0] != "gpu/gpu.hpp") {
    Input = Stem + ".hpp";
    if (readFile(Input) != Includes) {
      if (FILE *F = std::fopen((Tmp + ".hpp").c_str(), "w")) {
        std::fputs(Includes.c_str(), F);
        std::fclose(F);
        fs::rename(Tmp + ".hpp", Input, EC);
      }
    }
  }
  Args Cmd{R.ClangXX};
  Cmd.insert(Cmd.end(), Flags.begin(), Flags.end());
  Cmd.insert(Cmd.end(),
             {"-fpch-instantiate-templates", "-x", "c++-header", Input, "-o",
              Tmp + ".pch", "-MD", "-MF", Tmp + ".d", "-MT", Pch});
  int Rc = runQuietly(Cmd, Stem + ".log");
  // The log holds only diagnostics; kept before the PCH is published, so
  // that every compile that finds the PCH also finds them.
  std::string Log = readFile(Stem + ".log");
  bool Warned = Log.find("warning:") != std::string::npos;
  if (Warned)
    fs::copy_file(Stem + ".log", WarningsFile,
                  fs::copy_options::overwrite_existing, EC);
  else
    fs::remove(WarningsFile, EC);
  if (Rc == 0 && fs::exists(Tmp + ".pch", EC)) {
    fs::rename(Tmp + ".d", DepFile, EC);
    if (!EC)
      fs::rename(Tmp + ".pch", Pch, EC);
  }
  fs::remove(Tmp + ".pch", EC);
  fs::remove(Tmp + ".d", EC);
  // (A header dated in the future keeps it "not current"; it is still
  // what clang just built from the headers as they are.)
  if (Rc != 0 || !fs::exists(Pch, EC)) {
    fs::copy_file(Stem + ".log", Stem + ".failed",
                  fs::copy_options::overwrite_existing, EC);
    close(Lock);
    Out.Note = "building " + Pch + " failed (see " + Stem + ".failed)";
    return Out;
  }
  close(Lock);
  Out.Path = Pch;
  Out.Note = "built " + Pch;
  if (Warned)
    Out.Warnings = Log;
  return Out;
}

} // namespace alloy_driver
