// alloy port parses mma.h as this.
#include "alloy_port_cuda.h"
