// The Rewriter's walk over types and names (CUDA's types and cudaDeviceProp's
// fields), what stays untranslated, and where things are in the original text.
#include "Rewriter.h"

#include "clang/Lex/Lexer.h"

#include <map>
#include <string>

using namespace clang;

namespace alloy::port {

bool Rewriter::VisitDeclRefExpr(DeclRefExpr *e) {
  if (handled.count(e) || !inMain(e->getLocation()) ||
      !isStubDecl(sm, e->getDecl()))
    return true;
  std::string name = e->getNameInfo().getAsString();
  size_t written = spelled(e->getLocation());
  if (name.rfind("__alloy_port", 0) == 0 ||
      (written != npos && st.isCovered(written)))
    return true;
  if (isa<EnumConstantDecl>(e->getDecl()) &&
      name.rfind("cudaDevAttr", 0) == 0 && written != npos) {
    // cudaDevAttrComputeCapabilityMajor:
    // gpu::device_attribute::compute_capability_major.
    std::string gpuName;
    for (size_t i = 11; i < name.size(); ++i) {
      char c = name[i];
      if (std::isupper((unsigned char)c) && i > 11 &&
          (std::islower((unsigned char)name[i - 1]) ||
           std::isdigit((unsigned char)name[i - 1])))
        gpuName += '_';
      gpuName += char(std::tolower((unsigned char)c));
    }
    st.replace(written, written + name.size(),
               "gpu::device_attribute::" + gpuName);
    return true;
  }
  if (isa<EnumConstantDecl>(e->getDecl()) && name == "cudaSuccess")
    st.note(original(e->getLocation()),
            "cudaSuccess: Alloy's calls return gpu::result<void>, which "
            "converts to true on success");
  else
    st.note(original(e->getLocation()),
            name + ": no Alloy form yet (see docs/porting.md)");
  return true;
}

bool Rewriter::VisitTypedefTypeLoc(TypedefTypeLoc tl) {
  const TypedefNameDecl *d = tl.getDecl();
  if (!isStubDecl(sm, d) || !inMain(tl.getNameLoc()))
    return true;
  static const std::map<std::string, std::string> types = {
      {"cudaError_t", "gpu::result<void>"},
      {"cudaStream_t", "gpu::stream"},
      {"cudaEvent_t", "gpu::event"}};
  auto it = types.find(d->getName().str());
  size_t b = spelled(tl.getNameLoc());
  if (it == types.end() || b == npos) {
    st.note(original(tl.getNameLoc()),
            d->getName().str() + ": no Alloy form yet");
    return true;
  }
  st.replace(b, b + d->getName().size(), it->second);
  return true;
}

bool Rewriter::VisitTagTypeLoc(TagTypeLoc tl) {
  if (!isStubDecl(sm, tl.getDecl()) || !inMain(tl.getNameLoc()))
    return true;
  size_t b = spelled(tl.getNameLoc());
  std::string name = tl.getDecl()->getName().str();
  if (name == "cudaDeviceProp" && b != npos)
    st.replace(b, b + name.size(), "gpu::device_properties");
  else
    st.note(original(tl.getNameLoc()), name + ": no Alloy form yet");
  return true;
}

bool Rewriter::VisitMemberExpr(MemberExpr *m) {
  const auto *field = dyn_cast<FieldDecl>(m->getMemberDecl());
  if (!field || !isStubDecl(sm, field) || !inMain(m->getMemberLoc()))
    return true;
  static const std::map<std::string, std::string> fields = {
      {"name", "name.c_str()"},
      {"major", "compute_capability.major"},
      {"minor", "compute_capability.minor"},
      {"multiProcessorCount", "multiprocessor_count"},
      {"warpSize", "warp_size"},
      {"maxThreadsPerBlock", "max_threads_per_block"},
      {"maxThreadsPerMultiProcessor", "max_threads_per_multiprocessor"},
      {"regsPerBlock", "registers_per_block"},
      {"sharedMemPerBlock", "shared_memory_per_block"},
      {"sharedMemPerBlockOptin", "shared_memory_per_block_optin"},
      {"sharedMemPerMultiprocessor", "shared_memory_per_multiprocessor"},
      {"l2CacheSize", "l2_cache_bytes"},
      {"clockRate", "clock_rate_khz"},
      {"memoryClockRate", "memory_clock_rate_khz"},
      {"memoryBusWidth", "memory_bus_width_bits"},
      {"totalGlobalMem", "total_memory"},
      {"totalConstMem", "total_constant_memory"},
      {"maxThreadsDim", "max_block_dim"},
      {"maxGridSize", "max_grid_dim"},
      {"asyncEngineCount", "async_engine_count"},
      {"deviceOverlap", "async_engine_count"},
      {"concurrentKernels", "concurrent_kernels"},
      {"integrated", "integrated"},
      {"canMapHostMemory", "can_map_host_memory"},
      {"cooperativeLaunch", "cooperative_launch"}};
  std::string name = field->getName().str();
  size_t b = spelled(m->getMemberLoc());
  auto it = fields.find(name);
  if (it == fields.end() || b == npos) {
    st.note(original(m->getMemberLoc()),
            "cudaDeviceProp::" + name +
                ": gpu::device_properties has no such field");
    return true;
  }
  st.replace(b, b + name.size(), it->second);
  return true;
}

bool Rewriter::VisitParmVarDecl(ParmVarDecl *p) {
  if (!inMain(p->getLocation()) || p->getLocation().isMacroID())
    return true;
  QualType t = p->getType();
  if ((isNamedType(t, "cudaStream_t") || isNamedType(t, "cudaEvent_t")) &&
      !p->getName().empty())
    st.insert(original(p->getLocation()), "&");
  // `cudaStream_t s = 0`: the default stream.
  if (isNamedType(t, "cudaStream_t") && p->hasDefaultArg() &&
      !p->hasUninstantiatedDefaultArg() && !p->hasUnparsedDefaultArg())
    defaultStreamFor(p->getDefaultArg());
  return true;
}

bool Rewriter::VisitUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr *e) {
  if (!inMain(e->getBeginLoc()) || e->getKind() != UETT_SizeOf)
    return true;
  QualType t = e->getTypeOfArgument();
  if (isNamedType(t, "cudaStream_t") || isNamedType(t, "cudaEvent_t"))
    st.note(original(e->getBeginLoc()),
            "sizeof a stream or event: gpu::stream and gpu::event are "
            "objects, not handles (keep them in a std::vector or an "
            "array, not in malloc'd memory)");
  return true;
}

void Rewriter::finish() {
  for (size_t i = 0; i < st.parsed.launches().size(); ++i)
    if (!launched.count(i))
      st.note(st.parsed.launches()[i].open,
              "a launch that alloy port could not rewrite (its kernel "
              "call did not parse)");
}

bool Rewriter::inMain(SourceLocation loc) const {
  return loc.isValid() && sm.isInMainFile(sm.getExpansionLoc(loc));
}

size_t Rewriter::parsedOffset(SourceLocation loc) const {
  loc = sm.getFileLoc(loc);
  auto [file, offset] = sm.getDecomposedLoc(loc);
  return file == sm.getMainFileID() ? offset : npos;
}

size_t Rewriter::original(SourceLocation loc) const {
  size_t p = parsedOffset(sm.getExpansionLoc(loc));
  return p == npos ? npos : st.parsed.toOriginal(p);
}

size_t Rewriter::spelled(SourceLocation loc) const {
  size_t p = parsedOffset(sm.getSpellingLoc(loc));
  return p == npos ? npos : st.parsed.toOriginal(p);
}

size_t Rewriter::endOfToken(SourceLocation loc) const {
  if (loc.isMacroID() && !sm.isMacroArgExpansion(loc)) {
    SourceLocation s0 = sm.getSpellingLoc(loc);
    if (!sm.isInMainFile(s0))
      return npos;
    size_t b = spelled(loc);
    return b == npos ? npos : b + Lexer::MeasureTokenLength(s0, sm, lo);
  }
  SourceLocation end = Lexer::getLocForEndOfToken(loc, 0, sm, lo);
  if (end.isInvalid())
    return npos;
  size_t p = parsedOffset(end);
  return p == npos ? npos : st.parsed.endToOriginal(p);
}

bool Rewriter::range(SourceRange r, size_t &b, size_t &e) const {
  CharSourceRange cr =
      Lexer::makeFileCharRange(CharSourceRange::getTokenRange(r), sm, lo);
  if (cr.isInvalid()) { // within one macro's body: where it is written
    SourceLocation b0 = sm.getSpellingLoc(r.getBegin()),
                   e0 = sm.getSpellingLoc(r.getEnd());
    if (!sm.isInMainFile(b0) || !sm.isInMainFile(e0) ||
        sm.isBeforeInTranslationUnit(e0, b0))
      return false;
    cr = CharSourceRange::getCharRange(
        b0, Lexer::getLocForEndOfToken(e0, 0, sm, lo));
  }
  auto [fb, pb] = sm.getDecomposedLoc(cr.getBegin());
  auto [fe, pe] = sm.getDecomposedLoc(cr.getEnd());
  if (fb != sm.getMainFileID() || fe != fb)
    return false;
  b = st.parsed.toOriginal(pb);
  e = st.parsed.endToOriginal(pe);
  return b != npos && e != npos && b <= e;
}

std::string Rewriter::text(const Expr *x) const {
  size_t b, e;
  if (!range(x->getSourceRange(), b, e))
    return "";
  return st.original.substr(b, e - b);
}

bool Rewriter::isNull(const Expr *x) const {
  return x->isNullPointerConstant(ctx, Expr::NPC_ValueDependentIsNotNull) !=
         Expr::NPCK_NotNull;
}

std::string Rewriter::streamText(const Expr *x) const {
  if (!x || isa<CXXDefaultArgExpr>(x) || isNull(x))
    return "gpu::default_stream()";
  return text(x);
}

unsigned Rewriter::writtenArgs(const CallExpr *e) const {
  unsigned n = 0;
  for (const Expr *a : e->arguments())
    if (!isa<CXXDefaultArgExpr>(a))
      ++n;
  return n;
}

} // namespace alloy::port
