// Each host header stands alone: included first and by itself, it compiles
// (no include in the middle of another header, no cycle through
// <gpu/runtime.hpp>).
// RUN: %clangxx -fsyntax-only -Wno-unknown-attributes -DHEADER='<gpu/context.hpp>' %s
// RUN: %clangxx -fsyntax-only -Wno-unknown-attributes -DHEADER='<gpu/device_buffer.hpp>' %s
// RUN: %clangxx -fsyntax-only -Wno-unknown-attributes -DHEADER='<gpu/launch_config.hpp>' %s
// RUN: %clangxx -fsyntax-only -Wno-unknown-attributes -DHEADER='<gpu/launch.hpp>' %s
// RUN: %clangxx -fsyntax-only -Wno-unknown-attributes -DHEADER='<gpu/graph.hpp>' %s
// RUN: %clangxx -fsyntax-only -Wno-unknown-attributes -DHEADER='<gpu/pinned_buffer.hpp>' %s
// RUN: %clangxx -fsyntax-only -Wno-unknown-attributes -DHEADER='<gpu/symbols.hpp>' %s
// RUN: %clangxx -fsyntax-only -Wno-unknown-attributes -DHEADER='<gpu/device_memory.hpp>' %s
// RUN: %clangxx -fsyntax-only -Wno-unknown-attributes -DHEADER='<gpu/transfers.hpp>' %s
// RUN: %clangxx -fsyntax-only -Wno-unknown-attributes -DHEADER='<gpu/device_properties.hpp>' %s
// RUN: %clangxx -fsyntax-only -Wno-unknown-attributes -DHEADER='<gpu/runtime.hpp>' %s
#include HEADER

