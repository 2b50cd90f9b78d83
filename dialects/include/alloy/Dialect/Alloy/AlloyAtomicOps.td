//===- AlloyAtomicOps.td - Alloy atomics and warp operations -*- tablegen -*-===//
//
// Included by AlloyOps.td.
//
//===----------------------------------------------------------------------===//

#ifndef ALLOY_DIALECT_ALLOY_ALLOYATOMICOPS_TD
#define ALLOY_DIALECT_ALLOY_ALLOYATOMICOPS_TD

#endif // ALLOY_DIALECT_ALLOY_ALLOYATOMICOPS_TD
