#include "Port.h"
#include "Rewriter.h"
#include "State.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <fstream>
#include <sstream>

namespace alloy::port {
namespace {

class Consumer : public ASTConsumer {
public:
  explicit Consumer(State &st) : st(st) {}
  void HandleTranslationUnit(ASTContext &ctx) override {
    Rewriter v(ctx, st);
    v.TraverseDecl(ctx.getTranslationUnitDecl());
    v.finish();
    for (const State::MacroUse &m : st.pendingMacros)
      if (m.written == npos || !st.isCovered(m.written))
        st.note(m.at, m.name + ": no Alloy form yet");
    const SourceManager &sm = ctx.getSourceManager();
    for (auto it = sm.fileinfo_begin(); it != sm.fileinfo_end(); ++it)
      if (it->first.getName().ends_with("helper_string.h"))
        st.sawHelperString = true;
  }

private:
  State &st;
};

class Diagnostics : public DiagnosticConsumer {
public:
  explicit Diagnostics(State &st) : st(st) {}
  void HandleDiagnostic(DiagnosticsEngine::Level level,
                        const Diagnostic &info) override {
    DiagnosticConsumer::HandleDiagnostic(level, info);
    if (level < DiagnosticsEngine::Error)
      return;
    ++st.result.parseErrors;
    if (st.result.errorLines.size() >= 5)
      return;
    llvm::SmallString<128> message;
    info.FormatDiagnostic(message);
    std::string where;
    if (info.hasSourceManager() && info.getLocation().isValid()) {
      const SourceManager &sm = info.getSourceManager();
      SourceLocation loc = sm.getFileLoc(info.getLocation());
      auto [file, offset] = sm.getDecomposedLoc(loc);
      if (file == sm.getMainFileID()) {
        size_t o = st.parsed.toOriginal(offset);
        if (o != npos) {
          unsigned line, column;
          st.lineColumn(o, line, column);
          where = std::to_string(line) + ":" + std::to_string(column) + ": ";
        }
      } else {
        where = sm.getFilename(loc).str() + ": ";
      }
    }
    st.result.errorLines.push_back(where + message.str().str());
  }

private:
  State &st;
};

// Uses of the stubs' macros (cudaHostAllocMapped, cudaDeviceMapHost, ...)
// that no rewrite removed: reported once the rewrites are known.
class MacroUses : public PPCallbacks {
public:
  MacroUses(State &st, const SourceManager &sm) : st(st), sm(sm) {}
  void MacroExpands(const Token &name, const MacroDefinition &md, SourceRange,
                    const MacroArgs *) override {
    const MacroInfo *mi = md.getMacroInfo();
    if (mi && name.getIdentifierInfo()->getName() == "__global__") {
      SourceLocation at = sm.getSpellingLoc(name.getLocation());
      if (sm.isInMainFile(at))
        st.globals.push_back(sm.getFileOffset(at));
      return;
    }
    if (!mi ||
        !sm.getFilename(mi->getDefinitionLoc()).ends_with("alloy_port_cuda.h"))
      return;
    std::string id = name.getIdentifierInfo()->getName().str();
    if (id == "checkCudaErrors" || id == "getLastCudaError")
      return;
    SourceLocation loc = sm.getExpansionLoc(name.getLocation());
    auto [file, offset] = sm.getDecomposedLoc(loc);
    auto [wfile, woffset] =
        sm.getDecomposedLoc(sm.getSpellingLoc(name.getLocation()));
    if (file == sm.getMainFileID())
      st.pendingMacros.push_back(
          {st.parsed.toOriginal(offset),
           wfile == file ? st.parsed.toOriginal(woffset) : npos, id});
  }

private:
  State &st;
  const SourceManager &sm;
};

class Action : public ASTFrontendAction {
public:
  explicit Action(State &st) : st(st) {}
  bool BeginSourceFileAction(CompilerInstance &ci) override {
    ci.getPreprocessor().addPPCallbacks(
        std::make_unique<MacroUses>(st, ci.getSourceManager()));
    return true;
  }
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &ci,
                                                 llvm::StringRef) override {
    ci.getDiagnostics().setClient(new Diagnostics(st), true);
    return std::make_unique<Consumer>(st);
  }

private:
  State &st;
};

} // namespace

bool portFile(const PortOptions &options, PortResult &result,
              std::string &error) {
  std::ifstream in(options.file, std::ios::binary);
  if (!in) {
    error = "cannot read " + options.file;
    return false;
  }
  std::stringstream buffer;
  buffer << in.rdbuf();
  const std::string original = buffer.str();
  ParsedText parsed(original);
  State st(original, parsed, result);
  for (const SkippedLaunch &s : parsed.skipped())
    st.note(s.offset, s.why + ": rewrite it by hand");

  std::vector<std::string> args = {"-x",
                                   "c++",
                                   "-std=c++23",
                                   "-fsyntax-only",
                                   "-ferror-limit=0",
                                   "-Wno-everything",
                                   // nvcc's: the CUDA branch of a file is
                                   // the one ported (ArchConditions.cpp).
                                   "-D__CUDACC__",
                                   "-resource-dir",
                                   options.resourceDir,
                                   "-I" + options.stubDir,
                                   "-I" + options.includeDir,
                                   "-include",
                                   options.stubDir + "/alloy_port_cuda.h"};
  args.insert(args.end(), options.extraArgs.begin(), options.extraArgs.end());
  llvm::SmallString<256> path(options.file);
  llvm::sys::fs::make_absolute(path);
  // The headers beside the file that launch kernels parse with their
  // launch configurations blanked (they are ported on their own).
  clang::tooling::FileContentMappings headers;
  std::error_code ec;
  llvm::StringRef dir = llvm::sys::path::parent_path(path);
  for (llvm::sys::fs::directory_iterator it(dir, ec), end; it != end && !ec;
       it.increment(ec)) {
    if (it->path() == path.str() ||
        it->type() != llvm::sys::fs::file_type::regular_file)
      continue;
    std::ifstream h(it->path(), std::ios::binary);
    std::stringstream text;
    text << h.rdbuf();
    if (text.str().find("<<<") != npos)
      headers.push_back({it->path(), blankLaunches(text.str())});
  }
  clang::tooling::runToolOnCodeWithArgs(
      std::make_unique<Action>(st), parsed.text(), args, path.str(),
      "alloy-port", std::make_shared<PCHContainerOperations>(), headers);
  rewriteIncludes(st);
  rewriteArchConditions(st);
  rewriteKeywords(st);
  std::sort(result.untranslated.begin(), result.untranslated.end(),
            [](const Note &a, const Note &b) {
              return std::tie(a.line, a.column) < std::tie(b.line, b.column);
            });
  std::vector<size_t> dropped;
  result.output = st.edits.apply(original, dropped);
  for (size_t offset : dropped) {
    Note n;
    st.lineColumn(offset, n.line, n.column);
    n.message = "a rewrite here overlapped another and was left out (an "
                "alloy port bug: please report it with the file)";
    result.untranslated.push_back(std::move(n));
  }
  return true;
}

} // namespace alloy::port
