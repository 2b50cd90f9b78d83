// alloy port parses cuda_bf16.h as this.
#include "alloy_port_cuda.h"
