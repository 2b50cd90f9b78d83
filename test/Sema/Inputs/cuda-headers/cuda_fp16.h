// A stand-in for CUDA's cuda_fp16.h (its contents do not matter).
#pragma once
