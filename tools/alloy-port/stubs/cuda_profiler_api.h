// alloy port parses cuda_profiler_api.h as this.
#include "alloy_port_cuda.h"
