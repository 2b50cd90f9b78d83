#include "KernelABI.h"
#include "Basic/ASTUtils.h"
#include "TypeLowering.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/RecordLayout.h"

#include <sstream>

using namespace clang;

namespace alloy {
namespace {

void collectLeaves(TypeLowering &types, ASTContext &ast, QualType t,
                   uint64_t offset, KernelParamInfo &info,
                   llvm::SmallVectorImpl<KernelLeafType> &leafTypes) {
  t = t.getCanonicalType();
  if (t->isPointerType()) {
    leafTypes.push_back({types.globalPointerType(), true});
    info.leaves.push_back({offset, 8});
    return;
  }
  if (types.isScalar(t)) {
    leafTypes.push_back({types.memoryType(t), false});
    info.leaves.push_back({offset, types.sizeOf(t)});
    return;
  }
  if (const auto *at = ast.getAsConstantArrayType(t)) {
    QualType elem = at->getElementType();
    uint64_t size = types.sizeOf(elem);
    for (uint64_t i = 0, n = at->getZExtSize(); i < n; ++i)
      collectLeaves(types, ast, elem, offset + i * size, info, leafTypes);
    return;
  }
  const auto *rd = t->getAsCXXRecordDecl();
  const ASTRecordLayout &layout = ast.getASTRecordLayout(rd);
  for (const CXXBaseSpecifier &base : rd->bases()) {
    const CXXRecordDecl *bd = base.getType()->getAsCXXRecordDecl();
    collectLeaves(types, ast, base.getType(),
                  offset + layout.getBaseClassOffset(bd).getQuantity(), info,
                  leafTypes);
  }
  for (const FieldDecl *f : rd->fields()) {
    uint64_t fieldOffset =
        ast.toCharUnitsFromBits(layout.getFieldOffset(f->getFieldIndex()))
            .getQuantity();
    collectLeaves(types, ast, f->getType(), offset + fieldOffset, info,
                  leafTypes);
  }
}

} // namespace

KernelParamInfo
lowerKernelParam(TypeLowering &types, const ParmVarDecl *param,
                 llvm::SmallVectorImpl<KernelLeafType> &leafTypes) {
  KernelParamInfo info;
  QualType t = param->getType();
  info.name = param->getName().str();
  if (info.name.empty())
    info.name = "_";
  info.kind = classifyKernelParam(t);
  info.size = types.sizeOf(t);
  info.mayAlias = isMayAliasParam(param);
  if (isGridConstantType(t)) {
    // One leaf: the whole object, passed in place.
    uint64_t align =
        param->getASTContext().getTypeAlignInChars(t).getQuantity();
    leafTypes.push_back({types.pointerType(), false, info.size, align});
    info.leaves.push_back({0, info.size});
    return info;
  }
  collectLeaves(types, param->getASTContext(), t, 0, info, leafTypes);
  return info;
}

std::string
serializeKernelMetadata(const std::vector<KernelInfo> &kernels,
                        const std::vector<DeviceGlobalInfo> &globals,
                        const std::string &arch, bool cpuDevice) {
  std::ostringstream os;
  os << "arch " << arch << "\n";
  if (!cpuDevice)
    os << "no_cpu_device\n";
  for (const KernelInfo &k : kernels) {
    os << "kernel " << k.symbol << " " << k.qualifiedName << "\n";
    if (k.recursive)
      os << "recursive\n";
    if (k.independent)
      os << "independent\n";
    if (k.gridSync)
      os << "grid_sync\n";
    if (k.contract)
      os << "contract " << k.contract->domain << " " << k.contract->block[0]
         << " " << k.contract->block[1] << " " << k.contract->block[2] << "\n";
    if (k.cluster)
      os << "cluster " << k.cluster->blocks[0] << " " << k.cluster->blocks[1]
         << " " << k.cluster->blocks[2] << "\n";
    if (k.bounds)
      os << "bounds " << k.bounds->maxThreads << " " << k.bounds->minBlocks
         << "\n";
    for (const KernelParamInfo &p : k.params) {
      os << "param " << p.name << " " << paramKindName(p.kind) << " " << p.size
         << " ";
      for (size_t i = 0; i < p.leaves.size(); ++i)
        os << (i ? "," : "") << p.leaves[i].offset << ":" << p.leaves[i].size;
      if (p.leaves.empty())
        os << "-";
      os << "\n";
      if (p.mayAlias)
        os << "may_alias\n";
    }
  }
  for (const DeviceGlobalInfo &g : globals)
    os << "global " << g.symbol << " " << (g.constant ? "constant" : "global")
       << " " << g.size << " " << g.qualifiedName << "\n";
  return os.str();
}

} // namespace alloy
