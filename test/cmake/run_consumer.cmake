# cmake -P script: configures, builds and runs a consumer project of Alloy.
#   -DSOURCE_DIR= -DBINARY_DIR= -DGENERATOR= [-DMAKE_PROGRAM=]
#   [-DALLOY_DIR=] [-DTOOLCHAIN_FILE=] [-DCXX_COMPILER=]
# Passes when vecadd embeds PTX and either prints PASSED (GPU) or exits 2
# saying there is no CUDA driver or device.
foreach(var SOURCE_DIR BINARY_DIR GENERATOR)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "run_consumer.cmake: -D${var}= is required")
  endif()
endforeach()

set(args -G "${GENERATOR}" -S "${SOURCE_DIR}" -B "${BINARY_DIR}")
if(MAKE_PROGRAM)
  list(APPEND args "-DCMAKE_MAKE_PROGRAM=${MAKE_PROGRAM}")
endif()
if(ALLOY_DIR)
  list(APPEND args "-DAlloy_DIR=${ALLOY_DIR}")
endif()
if(TOOLCHAIN_FILE)
  list(APPEND args "-DCMAKE_TOOLCHAIN_FILE=${TOOLCHAIN_FILE}")
endif()
if(CXX_COMPILER)
  list(APPEND args "-DCMAKE_CXX_COMPILER=${CXX_COMPILER}")
endif()

function(run what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${what} failed (${rc}): ${ARGN}")
  endif()
endfunction()

file(REMOVE_RECURSE "${BINARY_DIR}")
run(configure "${CMAKE_COMMAND}" ${args})
run(build "${CMAKE_COMMAND}" --build "${BINARY_DIR}")

# The plugin embeds the kernel's PTX as NUL-terminated text.
set(exe "${BINARY_DIR}/vecadd")
file(STRINGS "${exe}" entries REGEX "\\.entry.*vecadd")
if(NOT entries)
  message(FATAL_ERROR "${exe} has no embedded PTX entry for vecadd")
endif()
message(STATUS "embedded PTX: ${entries}")
# alloy_add_gpu_code(... NO_CPU_DEVICE): the metadata's no_cpu_device
# record after its arch record, which the default build must not have (the
# runtime's own text names the record too).
if(EXISTS "${BINARY_DIR}/vecadd_gpu_only")
  set(record "arch sm_[0-9]+a?\nno_cpu_device\n")
  file(STRINGS "${BINARY_DIR}/vecadd_gpu_only" gpu_only NEWLINE_CONSUME
    REGEX "${record}")
  if(NOT gpu_only)
    message(FATAL_ERROR "vecadd_gpu_only has no no_cpu_device record")
  endif()
  file(STRINGS "${exe}" both NEWLINE_CONSUME REGEX "${record}")
  if(both)
    message(FATAL_ERROR "${exe} has a no_cpu_device record")
  endif()
endif()

execute_process(COMMAND "${exe}" RESULT_VARIABLE rc
  OUTPUT_VARIABLE out ERROR_VARIABLE err)
string(TOLOWER "${err}" err_lower)
if(rc EQUAL 0 AND out MATCHES "PASSED: all 1024 elements correct")
  message(STATUS "vecadd: ${out}")
elseif(rc EQUAL 2 AND err_lower MATCHES "no cuda (driver|device)")
  message(STATUS "vecadd without a GPU, as expected: ${err}")
else()
  message(FATAL_ERROR "vecadd: exit ${rc}\nstdout: ${out}\nstderr: ${err}")
endif()
