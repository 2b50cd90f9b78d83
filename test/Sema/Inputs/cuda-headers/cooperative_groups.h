// A stand-in for CUDA's mma.h (its contents do not matter).
#pragma once
