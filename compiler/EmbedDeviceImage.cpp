#include "EmbedDeviceImage.h"
#include "DeviceImageStore.h"

#include "gpu/detail/module_abi.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

using namespace llvm;

namespace alloy {

// Each part goes to a section of its own so that tools can pull it out of an
// object file: llvm-objcopy --dump-section .alloy_ptx=out.ptx vecadd.o
static GlobalVariable *addBytes(Module &m, StringRef name, StringRef section,
                                StringRef bytes, bool addNull, unsigned align) {
  Constant *data = ConstantDataArray::getString(m.getContext(), bytes, addNull);
  auto *gv = new GlobalVariable(m, data->getType(), /*isConstant=*/true,
                                GlobalValue::PrivateLinkage, data, name);
  gv->setAlignment(Align(align));
  gv->setSection(section);
  return gv;
}

PreservedAnalyses EmbedDeviceImagePass::run(Module &m,
                                            ModuleAnalysisManager &) {
  std::optional<DeviceImage> image = takeDeviceImage();
  if (!image)
    return PreservedAnalyses::all();
  LLVMContext &ctx = m.getContext();
  Type *i32 = Type::getInt32Ty(ctx);
  Type *i64 = Type::getInt64Ty(ctx);
  PointerType *ptr = PointerType::getUnqual(ctx);

  // Only kernels whose host function this object defines or declares can
  // be launched through it.
  std::vector<KernelInfo> present;
  std::vector<Constant *> hostFunctions;
  for (KernelInfo &k : image->kernels)
    if (Function *f = m.getFunction(k.symbol)) {
      // The runtime finds a kernel by its host function's address, so each
      // must keep a body of its own: optimized, a host kernel that touches
      // device-only state (a null dynamic_shared()) can shrink to nothing
      // and share its address with the next function.
      if (!f->isDeclaration()) {
        f->addFnAttr(Attribute::NoInline);
        f->addFnAttr(Attribute::OptimizeNone);
      }
      hostFunctions.push_back(f);
      present.push_back(k);
    }
  if (present.empty())
    return PreservedAnalyses::all();

  std::string metadata = serializeKernelMetadata(present, image->arch);
  StringRef cubin(reinterpret_cast<const char *>(image->cubin.data()),
                  image->cubin.size());
  GlobalVariable *ptx =
      addBytes(m, "__alloy_ptx", ".alloy_ptx", image->ptx, true, 1);
  GlobalVariable *meta =
      addBytes(m, "__alloy_metadata", ".alloy_metadata", metadata, true, 1);
  Constant *cubinPtr = ConstantPointerNull::get(ptr);
  if (!cubin.empty())
    cubinPtr = addBytes(m, "__alloy_cubin", ".alloy_cubin", cubin, false, 8);
  auto *tableType = ArrayType::get(ptr, hostFunctions.size());
  auto *table = new GlobalVariable(
      m, tableType, true, GlobalValue::PrivateLinkage,
      ConstantArray::get(tableType, hostFunctions), "__alloy_host_functions");

  // struct alloy_module_image
  auto *imageType =
      StructType::get(ctx, {i32, i32, ptr, ptr, i64, ptr, i64, ptr, i64});
  Constant *fields[] = {ConstantInt::get(i32, ALLOY_MODULE_ABI_VERSION),
                        ConstantInt::get(i32, present.size()),
                        table,
                        meta,
                        ConstantInt::get(i64, metadata.size()),
                        ptx,
                        ConstantInt::get(i64, image->ptx.size()),
                        cubinPtr,
                        ConstantInt::get(i64, cubin.size())};
  auto *imageVar = new GlobalVariable(
      m, imageType, true, GlobalValue::PrivateLinkage,
      ConstantStruct::get(imageType, fields), "__alloy_module_image");

  FunctionCallee registerFn = m.getOrInsertFunction(
      "__alloy_register_module",
      FunctionType::get(Type::getVoidTy(ctx), {ptr}, false));
  Function *ctor = Function::Create(
      FunctionType::get(Type::getVoidTy(ctx), false),
      GlobalValue::InternalLinkage, "__alloy_register_device_image", m);
  IRBuilder<> b(BasicBlock::Create(ctx, "entry", ctor));
  b.CreateCall(registerFn, {imageVar});
  b.CreateRetVoid();
  appendToGlobalCtors(m, ctor, /*Priority=*/65535);
  return PreservedAnalyses::none();
}

} // namespace alloy
