// alloy port parses cuda.h as this.
#include "alloy_port_cuda.h"
