// The LLVM pass that puts the device image into the host object: the PTX,
// the cubin, the kernel metadata, a table of the kernels' host functions,
// and a constructor that registers them with the runtime
// (include/gpu/detail/module_abi.h).
#include "Basic/GpuArch.h"
#include "DeviceImageStore.h"
#include "HostPasses.h"

#include "gpu/detail/module_abi.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Cloning.h"
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

// Identical-code folding (lld or gold --icf=all with -ffunction-sections)
// merges functions whose bodies and relocations are the same, and two host
// kernels with the same body would then share the address the runtime
// finds them by. A volatile read of a writable byte of its own (writable
// data is never folded) makes every kernel's body unique.
static void makeUnfoldable(Module &m, Function &f) {
  Type *i8 = Type::getInt8Ty(m.getContext());
  auto *id = new GlobalVariable(
      m, i8, /*isConstant=*/false, GlobalValue::PrivateLinkage,
      ConstantInt::get(i8, 0), "__alloy_kernel_id." + f.getName());
  IRBuilder<> b(&*f.getEntryBlock().getFirstInsertionPt());
  b.CreateLoad(i8, id, /*isVolatile=*/true);
}

// Empties `f`; returns its new, empty entry block.
static BasicBlock *newBody(Function &f) {
  for (BasicBlock &bb : f)
    bb.dropAllReferences();
  while (!f.empty())
    f.begin()->eraseFromParent();
  return BasicBlock::Create(f.getContext(), "", &f);
}

// Replaces the body of `f` by a trap.
static void trapBody(Function &f) {
  IRBuilder<> b(newBody(f));
  b.CreateIntrinsic(Intrinsic::trap, {});
  b.CreateUnreachable();
}

// Replaces the body of `f` by a call of `callee`, which has its type.
static void forwardTo(Function &f, Function &callee) {
  IRBuilder<> b(newBody(f));
  SmallVector<Value *, 8> args;
  for (Argument &a : f.args())
    args.push_back(&a);
  CallInst *call = b.CreateCall(&callee, args);
  call->setCallingConv(callee.getCallingConv());
  call->setAttributes(callee.getAttributes());
  // (With -g, a call between functions with debug info needs a location.)
  if (DISubprogram *sp = f.getSubprogram())
    call->setDebugLoc(DILocation::get(f.getContext(), sp->getLine(), 0, sp));
  if (f.getReturnType()->isVoidTy())
    b.CreateRetVoid();
  else
    b.CreateRet(call);
}

// Direct calls of kernel `f`, and the CPU device's entries
// (host_entry<K>::invoke and invoke_blocks, which pass `f` to the loops
// that they inline), call a copy of it that the optimizer may inline and
// optimize (`f` itself, whose address identifies the kernel, is kept
// unoptimized below). What the CPU device never runs is compiled to a
// trap, so that the optimizer neither inlines nor compiles the kernel
// there (most of the host object's size and compile time in a file of many
// kernel instances):
// - the block loops (host_entry<K>::invoke_blocks) of a kernel whose
//   threads wait for each other, which the CPU device runs a thread at a
//   time, through host_entry<K>::invoke;
// - every host_entry<K> member, and `f`, in an object built without the
//   CPU device (--no-cpu-device).
static void callOptimizedCopy(Function &f, bool independent, bool cpuDevice) {
  SmallVector<Use *, 4> calls;
  SmallPtrSet<Function *, 2> neverRun;
  for (Use &u : f.uses()) {
    auto *call = dyn_cast<CallBase>(u.getUser());
    if (!call)
      continue;
    std::string member = hostEntryMember(*call->getFunction());
    if (!call->isCallee(&u) && member.empty())
      continue;
    if ((!cpuDevice && !member.empty()) ||
        (!independent && member == "invoke_blocks"))
      neverRun.insert(call->getFunction());
    else
      calls.push_back(&u);
  }
  for (Function *caller : neverRun)
    trapBody(*caller);
  Function *copy = nullptr;
  if (!calls.empty()) {
    ValueToValueMapTy map;
    copy = CloneFunction(&f, map);
    copy->setName(f.getName() + ".alloy_cpu");
    copy->setLinkage(GlobalValue::InternalLinkage);
    copy->setComdat(nullptr);
    for (Use *u : calls)
      u->set(copy);
  }
  if (!cpuDevice) {
    trapBody(f);
  } else if (copy && !independent) {
    // Run a thread at a time: inlining the kernel into host_entry<K>::call
    // would gain nothing but a second optimization of its body. The copy
    // is compiled once, and `f`, whose address is all that is used,
    // forwards to it instead of holding an unoptimized body of its own.
    copy->addFnAttr(Attribute::NoInline);
    forwardTo(f, *copy);
  }
}

static void trapInlineAsm(Function &f) {
  std::vector<CallInst *> calls;
  for (Instruction &i : instructions(f))
    if (auto *call = dyn_cast<CallInst>(&i); call && call->isInlineAsm())
      calls.push_back(call);
  for (CallInst *call : calls) {
    IRBuilder<> b(call);
    b.CreateIntrinsic(Intrinsic::trap, {});
    call->replaceAllUsesWith(PoisonValue::get(call->getType()));
    call->eraseFromParent();
  }
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

  // A device function's PTX asm cannot run on the host processor (nor
  // assemble for it): its host copy traps where the asm stood.
  for (const std::string &name : image->ptxAsmFunctions)
    if (Function *f = m.getFunction(name))
      trapInlineAsm(*f);

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
        // The CPU device runs the kernel through direct calls (the launch
        // template's host_entry<K>): they go to an optimizable copy.
        callOptimizedCopy(*f, k.independent, image->cpuDevice);
        f->addFnAttr(Attribute::NoInline);
        f->addFnAttr(Attribute::OptimizeNone);
        makeUnfoldable(m, *f);
      }
      hostFunctions.push_back(f);
      present.push_back(k);
    }
  // Device globals, found by their host variables' addresses.
  std::vector<DeviceGlobalInfo> globals;
  std::vector<Constant *> hostGlobals;
  for (const DeviceGlobalInfo &g : image->globals)
    if (GlobalVariable *var = m.getGlobalVariable(g.symbol, true)) {
      hostGlobals.push_back(var);
      globals.push_back(g);
    }
  if (present.empty() && globals.empty())
    return PreservedAnalyses::all();

  std::string metadata =
      serializeKernelMetadata(present, globals, image->arch, image->cpuDevice);
  GlobalVariable *ptx =
      addBytes(m, "__alloy_ptx", ".alloy_ptx", image->ptx, true, 1);
  GlobalVariable *meta =
      addBytes(m, "__alloy_metadata", ".alloy_metadata", metadata, true, 1);
  // struct alloy_cubin, one per architecture.
  auto *cubinType = StructType::get(ctx, {i32, i32, ptr, i64});
  std::vector<Constant *> cubins;
  for (const DeviceCubin &c : image->cubins) {
    StringRef bytes(reinterpret_cast<const char *>(c.data.data()),
                    c.data.size());
    // sm_90a: sm 90, arch-specific (runs on compute capability 9.0 only).
    GpuArch arch = parseGpuArch(c.arch).value_or(GpuArch{});
    unsigned sm = arch.sm;
    bool specific = arch.archSpecific;
    Constant *data =
        addBytes(m, "__alloy_cubin_" + c.arch, ".alloy_cubin", bytes, false, 8);
    cubins.push_back(ConstantStruct::get(
        cubinType, {ConstantInt::get(i32, sm), ConstantInt::get(i32, specific),
                    data, ConstantInt::get(i64, c.data.size())}));
  }
  Constant *cubinPtr = ConstantPointerNull::get(ptr);
  Constant *cubinTable = ConstantPointerNull::get(ptr);
  uint64_t firstCubinSize = 0;
  if (!cubins.empty()) {
    cubinPtr = cubins.front()->getAggregateElement(2u);
    firstCubinSize = image->cubins.front().data.size();
    auto *tableType = ArrayType::get(cubinType, cubins.size());
    cubinTable = new GlobalVariable(
        m, tableType, true, GlobalValue::PrivateLinkage,
        ConstantArray::get(tableType, cubins), "__alloy_cubins");
  }
  auto *tableType = ArrayType::get(ptr, hostFunctions.size());
  auto *table = new GlobalVariable(
      m, tableType, true, GlobalValue::PrivateLinkage,
      ConstantArray::get(tableType, hostFunctions), "__alloy_host_functions");

  auto *globalsType = ArrayType::get(ptr, hostGlobals.size());
  auto *globalsTable = new GlobalVariable(
      m, globalsType, true, GlobalValue::PrivateLinkage,
      ConstantArray::get(globalsType, hostGlobals), "__alloy_host_globals");

  // struct alloy_module_image
  auto *imageType =
      StructType::get(ctx, {i32, i32, ptr, ptr, i64, ptr, i64, ptr, i64, i32,
                            i32, ptr, i32, i32, ptr});
  Constant *fields[] = {ConstantInt::get(i32, ALLOY_MODULE_ABI_VERSION),
                        ConstantInt::get(i32, present.size()),
                        table,
                        meta,
                        ConstantInt::get(i64, metadata.size()),
                        ptx,
                        ConstantInt::get(i64, image->ptx.size()),
                        cubinPtr,
                        ConstantInt::get(i64, firstCubinSize),
                        ConstantInt::get(i32, cubins.size()),
                        ConstantInt::get(i32, 0),
                        cubinTable,
                        ConstantInt::get(i32, hostGlobals.size()),
                        ConstantInt::get(i32, 0),
                        globalsTable};
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
