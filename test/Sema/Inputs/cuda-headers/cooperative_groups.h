// A stand-in for CUDA's cooperative_groups.h (its contents do not matter).
#pragma once
