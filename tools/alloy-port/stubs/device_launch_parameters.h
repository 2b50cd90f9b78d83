// alloy port parses device_launch_parameters.h as this.
#include "alloy_port_cuda.h"
