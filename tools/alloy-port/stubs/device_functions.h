// alloy port parses device_functions.h as this.
#include "alloy_port_cuda.h"
