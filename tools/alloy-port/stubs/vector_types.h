// alloy port parses vector_types.h as this.
#include "alloy_port_cuda.h"
