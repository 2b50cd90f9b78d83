// alloy port parses helper_cuda.h as this.
#include "alloy_port_cuda.h"
