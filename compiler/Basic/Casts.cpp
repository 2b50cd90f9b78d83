#include "Casts.h"

using namespace clang;

namespace alloy {

bool isScalarConversion(CastKind kind) {
  switch (kind) {
  case CK_IntegralCast:
  case CK_IntegralToBoolean:
  case CK_IntegralToFloating:
  case CK_FloatingToIntegral:
  case CK_FloatingCast:
  case CK_FloatingToBoolean:
  case CK_PointerToBoolean:
  case CK_PointerToIntegral:
  case CK_IntegralToPointer:
    return true;
  default:
    return false;
  }
}

CastSupport classifyCast(CastKind kind) {
  if (isScalarConversion(kind))
    return CastSupport::Supported;
  switch (kind) {
  case CK_LValueToRValue:
  case CK_NoOp:
  case CK_UserDefinedConversion:
  case CK_ConstructorConversion:
  case CK_ToVoid:
  case CK_BooleanToSignedIntegral:
  case CK_NullToPointer:
  case CK_ArrayToPointerDecay:
  case CK_BitCast:
  case CK_LValueBitCast:
  case CK_LValueToRValueBitCast:
  case CK_DerivedToBase:
  case CK_UncheckedDerivedToBase:
  case CK_BaseToDerived:
    return CastSupport::Supported;
  case CK_FunctionToPointerDecay:
  case CK_BuiltinFnToFnPtr:
    return CastSupport::FunctionPointer;
  case CK_Dynamic:
    return CastSupport::Dynamic;
  case CK_NullToMemberPointer:
  case CK_BaseToDerivedMemberPointer:
  case CK_DerivedToBaseMemberPointer:
  case CK_MemberPointerToBoolean:
  case CK_ReinterpretMemberPointer:
    return CastSupport::MemberPointer;
  default:
    return CastSupport::Unsupported;
  }
}

} // namespace alloy
