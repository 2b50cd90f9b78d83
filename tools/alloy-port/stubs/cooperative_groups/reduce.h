// alloy port parses cooperative_groups/reduce.h as this.
#include "../alloy_port_cuda.h"
