// alloy port parses cooperative_groups.h as this.
#include "alloy_port_cuda.h"
