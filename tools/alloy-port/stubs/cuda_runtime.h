// alloy port parses cuda_runtime.h as this.
#include "alloy_port_cuda.h"
