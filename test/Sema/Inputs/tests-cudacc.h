// A library header that picks its host code by __CUDACC__: no warning.
#ifdef __CUDACC__
#define LIB_HD __host__ __device__
#else
#define LIB_HD
#endif
