// alloy port parses cuda_runtime_api.h as this.
#include "alloy_port_cuda.h"
