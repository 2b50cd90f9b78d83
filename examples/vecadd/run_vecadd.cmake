# Compiles, checks and runs examples/vecadd (see examples/CMakeLists.txt).
cmake_policy(VERSION 3.25)
function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "failed (${rc}): ${ARGN}")
  endif()
endfunction()

message(STATUS "alloy++ -O2 vecadd.cpp -o ${OUT}")
run("${ALLOYXX}" -O2 -c "${SOURCE}" -o "${OUT}.o")
run("${ALLOYXX}" "${OUT}.o" -o "${OUT}")

# The PTX the plugin embedded (section .alloy_ptx, NUL-terminated).
run("${OBJCOPY}" --dump-section ".alloy_ptx=${OUT}.ptx.raw" "${OUT}.o")
file(SIZE "${OUT}.ptx.raw" size)
math(EXPR size "${size} - 1")
file(READ "${OUT}.ptx.raw" ptx LIMIT ${size})
file(WRITE "${OUT}.ptx" "${ptx}")
string(REGEX MATCH "\\.target sm_[0-9]+" target "${ptx}")
if(NOT ptx MATCHES "\\.entry _ZN7kernels6vecadd")
  message(FATAL_ERROR "the object file holds no PTX entry for kernels::vecadd")
endif()
message(STATUS "embedded PTX: ${OUT}.ptx (${target})")
if(PTXAS)
  string(REGEX REPLACE "\\.target " "" arch "${target}")
  run("${PTXAS}" "-arch=${arch}" "${OUT}.ptx" -o "${OUT}.cubin")
  message(STATUS "ptxas accepts it for ${arch}")
else()
  message(STATUS "ptxas not found: PTX not assembled here")
endif()

# On the GPU, or, on a machine without one, on the CPU device; the program
# says which device ran it.
execute_process(COMMAND "${OUT}" RESULT_VARIABLE rc OUTPUT_VARIABLE out
                ERROR_VARIABLE err)
if(rc EQUAL 0)
  string(STRIP "${err}${out}" said)
  message(STATUS "${OUT}:\n${said}")
else()
  message(FATAL_ERROR "${OUT} failed (${rc}): ${out}${err}")
endif()
