#include "NVPTXBackend.h"
#include "DevicePasses.h"
#include "DisjointOrsAsAdds.h"
#include "RevertMachineSinks.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SCCIterator.h"
#include "llvm/Analysis/CallGraph.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/Linker/Linker.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/RegisterTargetPassConfigCallback.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/IPO/Internalize.h"
#include "llvm/Transforms/Scalar/SCCP.h"

extern "C" void LLVMInitializeNVPTXTargetInfo();
extern "C" void LLVMInitializeNVPTXTarget();
extern "C" void LLVMInitializeNVPTXTargetMC();
extern "C" void LLVMInitializeNVPTXAsmPrinter();

namespace alloy {

static const char *kTriple = "nvptx64-nvidia-cuda";
static const char *kPtxIsaAttr = "alloy-ptx-isa";
static const char *kPtxIsaFlag = "alloy.ptx-isa";

static void initializeNVPTX() {
  static bool initialized = [] {
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTarget();
    LLVMInitializeNVPTXTargetMC();
    LLVMInitializeNVPTXAsmPrinter();
    // 32-bit pointers to shared, constant and local memory, as nvcc's: the
    // data layout the target machine gives then says p3:32, and addresses
    // of shared memory take one register and 32-bit arithmetic.
    auto &options = llvm::cl::getRegisteredOptions();
    if (auto it = options.find("nvptx-short-ptr"); it != options.end())
      if (auto *shortPtr = static_cast<llvm::cl::opt<bool> *>(it->second))
        shortPtr->setValue(true);
    return true;
  }();
  (void)initialized;
}

// LLVM's NVPTX target, initialized; null with `error` set when absent.
static const llvm::Target *nvptxTarget(std::string &error) {
  initializeNVPTX();
  return llvm::TargetRegistry::lookupTarget(llvm::Triple(kTriple), error);
}

// The NVPTX subtarget of `arch` (a processor LLVM knows), or null.
static std::unique_ptr<llvm::MCSubtargetInfo>
subtargetInfo(llvm::StringRef arch) {
  llvm::Triple triple(kTriple);
  std::string error;
  const llvm::Target *target = nvptxTarget(error);
  if (!target)
    return nullptr;
  // Asked of a known processor, so that an unknown name draws no warning.
  std::unique_ptr<llvm::MCSubtargetInfo> known(
      target->createMCSubtargetInfo(triple, "sm_80", ""));
  if (!known || !known->isCPUStringValid(arch))
    return nullptr;
  return std::unique_ptr<llvm::MCSubtargetInfo>(
      target->createMCSubtargetInfo(triple, arch, ""));
}

bool isKnownNVPTXArch(llvm::StringRef arch) {
  return subtargetInfo(arch) != nullptr;
}

// LLVM's PTX ISA for a target, the ptxNN feature its processor implies
// (7.8 for sm_89 and sm_90, 8.0 for sm_90a, 8.6 and more from sm_100).
// A lower +ptxNN would override it (and sm_90a with PTX 7.8 is an LLVM
// fatal error), so only a newer one is ever asked for.
static unsigned defaultPtxIsa(llvm::StringRef arch) {
  std::unique_ptr<llvm::MCSubtargetInfo> sti = subtargetInfo(arch);
  if (!sti)
    return 0;
  unsigned isa = 0;
  for (const llvm::SubtargetFeatureKV &kv : sti->getAllProcessorFeatures()) {
    llvm::StringRef key = kv.Key;
    unsigned v = 0;
    if (key.consume_front("ptx") && !key.getAsInteger(10, v) &&
        sti->checkFeatures("+" + std::string(kv.Key)))
      isa = std::max(isa, v);
  }
  return isa;
}

static llvm::Expected<std::unique_ptr<llvm::TargetMachine>>
createTargetMachine(const std::string &arch, const llvm::Module &module) {
  llvm::Triple triple(kTriple);
  std::string error;
  const llvm::Target *target = nvptxTarget(error);
  if (!target)
    return llvm::createStringError("NVPTX target unavailable: " + error);
  llvm::TargetOptions options;
  // A newer PTX ISA than LLVM's minimum for the target, where an instruction
  // needs it (prepareForNVPTX's module flag).
  std::string features;
  if (auto *isa = llvm::mdconst::extract_or_null<llvm::ConstantInt>(
          module.getModuleFlag(kPtxIsaFlag)))
    if (isa->getZExtValue() > defaultPtxIsa(arch))
      features = "+ptx" + std::to_string(isa->getZExtValue());
  std::unique_ptr<llvm::TargetMachine> tm(target->createTargetMachine(
      triple, arch, features, options, std::nullopt, std::nullopt,
      llvm::CodeGenOptLevel::Aggressive));
  if (!tm)
    return llvm::createStringError("cannot create an NVPTX target for " + arch);
  return tm;
}

llvm::Error prepareForNVPTX(llvm::Module &module, const std::string &arch) {
  // The newest PTX ISA a function's instructions need (the lowering's
  // "alloy-ptx-isa" attribute: 84 for an fp8 mma), kept as a module flag
  // since inlining drops function attributes.
  unsigned isa = 0;
  for (llvm::Function &f : module) {
    unsigned v = 0;
    if (f.hasFnAttribute(kPtxIsaAttr) &&
        !f.getFnAttribute(kPtxIsaAttr).getValueAsString().getAsInteger(10, v))
      isa = std::max(isa, v);
  }
  if (isa && !module.getModuleFlag(kPtxIsaFlag))
    module.addModuleFlag(llvm::Module::Max, kPtxIsaFlag, isa);
  auto tm = createTargetMachine(arch, module);
  if (!tm)
    return tm.takeError();
  module.setTargetTriple(llvm::Triple(kTriple));
  module.setDataLayout((*tm)->createDataLayout());
  return llvm::Error::success();
}

// libdevice asks __nvvm_reflect("__CUDA_PREC_SQRT") and "__CUDA_PREC_DIV"
// whether to round correctly; LLVM's NVVMReflect answers 0 (approximate)
// to names it has no flag for. Alloy promises CUDA's default accuracy, so
// answer 1 here, before NVVMReflect runs (0 in fast-math mode, as nvcc's
// -prec-sqrt=false -prec-div=false).
static void resolvePrecisionReflects(llvm::Module &module, bool precise) {
  llvm::Function *reflect = module.getFunction("__nvvm_reflect");
  if (!reflect)
    return;
  for (llvm::User *user : llvm::make_early_inc_range(reflect->users())) {
    auto *call = llvm::dyn_cast<llvm::CallInst>(user);
    if (!call || call->arg_size() != 1)
      continue;
    auto *gv = llvm::dyn_cast<llvm::GlobalVariable>(
        call->getArgOperand(0)->stripPointerCasts());
    if (!gv || !gv->hasInitializer())
      continue;
    auto *data =
        llvm::dyn_cast<llvm::ConstantDataSequential>(gv->getInitializer());
    if (!data || !data->isCString())
      continue;
    llvm::StringRef name = data->getAsCString();
    if (name != "__CUDA_PREC_SQRT" && name != "__CUDA_PREC_DIV")
      continue;
    call->replaceAllUsesWith(
        llvm::ConstantInt::get(call->getType(), precise ? 1 : 0));
    call->eraseFromParent();
  }
}

llvm::Error linkLibdevice(llvm::Module &module, const std::string &path,
                          const llvm::StringSet<> &kernels, bool fastMath) {
  bool needed = false;
  for (const llvm::Function &f : module)
    if (f.isDeclaration() && f.getName().starts_with("__nv_"))
      needed = true;
  if (needed) {
    auto buffer = llvm::MemoryBuffer::getFile(path);
    if (!buffer)
      return llvm::createStringError("cannot read libdevice '" + path +
                                     "': " + buffer.getError().message());
    auto lib = llvm::parseBitcodeFile((*buffer)->getMemBufferRef(),
                                      module.getContext());
    if (!lib)
      return lib.takeError();
    (*lib)->setTargetTriple(module.getTargetTriple());
    (*lib)->setDataLayout(module.getDataLayout());
    if (llvm::Linker::linkModules(module, std::move(*lib),
                                  llvm::Linker::Flags::LinkOnlyNeeded))
      return llvm::createStringError("cannot link libdevice");
  }
  // libdevice reads this through __nvvm_reflect: flush-to-zero only in
  // fast-math mode.
  module.addModuleFlag(llvm::Module::Override, "nvvm-reflect-ftz",
                       uint32_t(fastMath ? 1 : 0));
  resolvePrecisionReflects(module, !fastMath);
  // Kernels and device globals (which the host finds by name) stay visible.
  llvm::internalizeModule(module, [&](const llvm::GlobalValue &gv) {
    const auto *var = llvm::dyn_cast<llvm::GlobalVariable>(&gv);
    return kernels.contains(gv.getName()) ||
           (var && var->isExternallyInitialized());
  });
  return llvm::Error::success();
}

// Recursive functions are optimized for size: unrolling a loop around a
// recursive call keeps many values live across it, and every value live
// across a call is a stack spill in each frame (a two-way recursive
// binomial got 64-byte frames, nvcc's 32; 32 with this).
static void optimizeRecursionForSize(llvm::Module &module) {
  llvm::CallGraph graph(module);
  for (auto scc = llvm::scc_begin(&graph); !scc.isAtEnd(); ++scc) {
    if (!scc.hasCycle())
      continue;
    for (llvm::CallGraphNode *node : *scc)
      if (llvm::Function *f = node->getFunction(); f && !f->isDeclaration())
        f->addFnAttr(llvm::Attribute::OptimizeForSize);
  }
}

llvm::StringSet<> recursiveKernels(llvm::Module &module) {
  llvm::CallGraph graph(module);
  llvm::DenseSet<const llvm::Function *> cyclic;
  for (auto scc = llvm::scc_begin(&graph); !scc.isAtEnd(); ++scc)
    if (scc.hasCycle())
      for (llvm::CallGraphNode *node : *scc)
        if (llvm::Function *f = node->getFunction())
          cyclic.insert(f);
  llvm::StringSet<> result;
  for (llvm::Function &kernel : module) {
    if (kernel.getCallingConv() != llvm::CallingConv::PTX_Kernel)
      continue;
    llvm::SmallVector<const llvm::CallGraphNode *, 16> work{graph[&kernel]};
    llvm::DenseSet<const llvm::CallGraphNode *> seen{work.front()};
    while (!work.empty()) {
      const llvm::CallGraphNode *node = work.pop_back_val();
      if (node->getFunction() && cyclic.contains(node->getFunction())) {
        result.insert(kernel.getName());
        break;
      }
      for (const auto &edge : *node)
        if (seen.insert(edge.second).second)
          work.push_back(edge.second);
    }
  }
  return result;
}

// The operations through which threads wait for, or exchange with, each
// other: barriers, warp shuffles, votes and reductions, elect, mbarriers,
// tensor-core collectives; as intrinsic-name and PTX-mnemonic stems.
static constexpr llvm::StringLiteral collectiveStems[] = {
    "barrier",  "bar.",          "mbarrier",   "shfl.",
    "vote.",    "match.",        "redux.",     "elect.",
    "mma.",     "wmma.",         "wgmma.",     "ldmatrix",
    "stmatrix", "cp.async.bulk", "setmaxnreg", "activemask"};

// Whether a call makes its thread wait for, or exchange with, other
// threads: a collective intrinsic, an inline asm naming one (libdevice's
// `rcp.approx` does not), or an indirect call.
static bool waitsForOthers(const llvm::CallBase &call) {
  if (const auto *asmCall =
          llvm::dyn_cast<llvm::InlineAsm>(call.getCalledOperand())) {
    llvm::StringRef text = asmCall->getAsmString();
    return llvm::any_of(collectiveStems, [&](llvm::StringRef stem) {
      return text.contains(stem);
    });
  }
  const llvm::Function *f = call.getCalledFunction();
  if (!f)
    return true;
  if (!f->isIntrinsic())
    return false; // a device function (walked) or the C library
  llvm::StringRef name = f->getName();
  if (!name.consume_front("llvm.nvvm."))
    return false;
  return llvm::any_of(collectiveStems, [&](llvm::StringRef stem) {
    return name.starts_with(stem);
  });
}

// Whether `kernel` or a device function it calls (transitively) makes a
// call for which `matches` holds.
static bool
reachesCall(const llvm::Function &kernel,
            llvm::function_ref<bool(const llvm::CallBase &)> matches) {
  llvm::SmallVector<const llvm::Function *, 16> work{&kernel};
  llvm::DenseSet<const llvm::Function *> seen{&kernel};
  while (!work.empty()) {
    const llvm::Function *f = work.pop_back_val();
    for (const llvm::Instruction &i : llvm::instructions(*f)) {
      const auto *call = llvm::dyn_cast<llvm::CallBase>(&i);
      if (!call)
        continue;
      if (matches(*call))
        return true;
      const llvm::Function *callee = call->getCalledFunction();
      if (callee && !callee->isDeclaration() && seen.insert(callee).second)
        work.push_back(callee);
    }
  }
  return false;
}

// The kernels (by symbol) for which `select` holds.
static llvm::StringSet<>
kernelsWhere(llvm::Module &module,
             llvm::function_ref<bool(const llvm::Function &)> select) {
  llvm::StringSet<> result;
  for (const llvm::Function &kernel : module)
    if (kernel.getCallingConv() == llvm::CallingConv::PTX_Kernel &&
        select(kernel))
      result.insert(kernel.getName());
  return result;
}

llvm::StringSet<> independentKernels(llvm::Module &module) {
  return kernelsWhere(module, [](const llvm::Function &kernel) {
    return !reachesCall(kernel, waitsForOthers);
  });
}

llvm::StringSet<> gridSyncKernels(llvm::Module &module) {
  return kernelsWhere(module, [](const llvm::Function &kernel) {
    return reachesCall(kernel, [](const llvm::CallBase &call) {
      const auto *text =
          llvm::dyn_cast<llvm::InlineAsm>(call.getCalledOperand());
      return text && text->getAsmString().find("%envreg1") != std::string::npos;
    });
  });
}

llvm::Error optimize(llvm::Module &module, const std::string &arch,
                     bool fastMath) {
  auto tm = createTargetMachine(arch, module);
  if (!tm)
    return tm.takeError();
  optimizeRecursionForSize(module);
  if (fastMath)
    for (llvm::Function &f : module)
      if (!f.isDeclaration())
        f.addFnAttr("denormal-fp-math-f32", "preserve-sign,preserve-sign");
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  llvm::PassBuilder pb(tm->get());
  pb.registerModuleAnalyses(mam);
  pb.registerCGSCCAnalyses(cgam);
  pb.registerFunctionAnalyses(fam);
  pb.registerLoopAnalyses(lam);
  pb.crossRegisterProxies(lam, fam, cgam, mam);
  // After inlining and each instcombine: the contract's facts reach the
  // special registers read in inlined helpers.
  pb.registerPeepholeEPCallback(
      [](llvm::FunctionPassManager &fpm, llvm::OptimizationLevel) {
        fpm.addPass(LaunchFactsPass());
      });
  // Before the last SimplifyCFG and instcombine of function simplification.
  pb.registerScalarOptimizerLateEPCallback(
      [](llvm::FunctionPassManager &fpm, llvm::OptimizationLevel) {
        fpm.addPass(HoistAnticipatedLoadsPass());
      });
  // Before the full-unroll pass: register tiles get unrolled into registers.
  pb.registerLateLoopOptimizationsEPCallback(
      [](llvm::LoopPassManager &lpm, llvm::OptimizationLevel) {
        lpm.addPass(UnrollIndexedArraysPass());
      });
  llvm::ModulePassManager mpm;
  mpm.addPass(AssumeConvergentPass());
  // Alloy hands LLVM SSA values, not allocas, so the first SimplifyCFG
  // folds short branches into selects before IPSCCP can use their
  // conditions: `if (++stage == 2) stage = 0;` loses stage's range {0, 1}.
  // SCCP first keeps what clang's alloca-then-SROA order finds.
  mpm.addPass(llvm::createModuleToFunctionPassAdaptor(llvm::SCCPPass()));
  mpm.addPass(pb.buildPerModuleDefaultPipeline(llvm::OptimizationLevel::O3));
  // After the last GVN (RecomputeAfterLoops.cpp says why).
  mpm.addPass(
      llvm::createModuleToFunctionPassAdaptor(RecomputeAfterLoopsPass()));
  // After inlining: wgmma accumulators are SSA values to follow.
  mpm.addPass(llvm::createModuleToFunctionPassAdaptor(CheckWgmmaPass()));
  // Last, once nothing folds the guarded moves and conditions away again.
  mpm.addPass(llvm::createModuleToFunctionPassAdaptor(SignedZeroSelectsPass()));
  mpm.addPass(llvm::createModuleToFunctionPassAdaptor(PackHalvesPass()));
  mpm.addPass(llvm::createModuleToFunctionPassAdaptor(ExactNegationPass()));
  mpm.addPass(llvm::createModuleToFunctionPassAdaptor(PtxasFPBitsGuardPass()));
  mpm.run(module, mam);
  return llvm::Error::success();
}

llvm::Expected<std::string> emitPTX(llvm::Module &module,
                                    const std::string &arch) {
  auto tm = createTargetMachine(arch, module);
  if (!tm)
    return tm.takeError();
  // MachineSink's moves that cost ptxas undone (RevertMachineSinks.h).
  auto revertSinks = revertMachineSinks();
  // ptxas folds adds into its address arithmetic, not ors
  // (DisjointOrsAsAdds.h).
  auto orsAsAdds = disjointOrsAsAdds();
  std::string ptx;
  {
    llvm::raw_string_ostream os(ptx);
    llvm::buffer_ostream bos(os);
    llvm::legacy::PassManager pm;
    if ((*tm)->addPassesToEmitFile(pm, bos, nullptr,
                                   llvm::CodeGenFileType::AssemblyFile))
      return llvm::createStringError("the NVPTX backend cannot emit PTX");
    pm.run(module);
  }
  return ptx;
}

} // namespace alloy
