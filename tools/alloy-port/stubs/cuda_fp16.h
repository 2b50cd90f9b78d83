// alloy port parses cuda_fp16.h as this.
#include "alloy_port_cuda.h"
