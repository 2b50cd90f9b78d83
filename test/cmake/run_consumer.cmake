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
