// alloy port parses cooperative_groups/scan.h as this.
#include "../alloy_port_cuda.h"
