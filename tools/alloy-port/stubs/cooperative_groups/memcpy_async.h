// alloy port parses cooperative_groups/memcpy_async.h as this.
#include "../alloy_port_cuda.h"
