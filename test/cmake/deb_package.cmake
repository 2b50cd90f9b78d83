# cmake -P script: builds the .deb with CPack, checks its control data and
# file list (dpkg-deb -I/-c), unpacks it (dpkg-deb -x) and builds and runs
# the plain consumer project through the unpacked toolchain file.
#   -DALLOY_BUILD_DIR= -DWORK_DIR= -DSOURCE_DIR= -DGENERATOR= [-DMAKE_PROGRAM=]
file(REMOVE_RECURSE "${WORK_DIR}")
find_program(CPACK cpack HINTS "${CMAKE_COMMAND}/..")
find_program(DPKG_DEB dpkg-deb REQUIRED)
execute_process(COMMAND "${CPACK}" --config "${ALLOY_BUILD_DIR}/CPackConfig.cmake"
                        -B "${WORK_DIR}"
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "cpack failed (${rc}):\n${out}")
endif()
file(GLOB deb "${WORK_DIR}/alloy_*.deb")
if(NOT deb)
  message(FATAL_ERROR "cpack made no alloy_*.deb:\n${out}")
endif()

function(expect_in text what)
  foreach(needle ${ARGN})
    string(FIND "${text}" "${needle}" at)
    if(at EQUAL -1)
      message(FATAL_ERROR "${what} lacks '${needle}':\n${text}")
    endif()
  endforeach()
endfunction()

execute_process(COMMAND "${DPKG_DEB}" -I "${deb}" OUTPUT_VARIABLE info)
message(STATUS "dpkg-deb -I:\n${info}")
expect_in("${info}" "dpkg-deb -I" "Package: alloy"
  "Depends: clang-22, libllvm22, libclang-cpp22, libmlir-22" "postinst" "prerm")
execute_process(COMMAND "${DPKG_DEB}" -c "${deb}" OUTPUT_VARIABLE files)
expect_in("${files}" "dpkg-deb -c" "./opt/alloy/bin/alloy++" "./opt/alloy/bin/alloy"
  "./opt/alloy/lib/AlloyPlugin.so" "./opt/alloy/lib/liballoy_runtime.a"
  "./opt/alloy/include/gpu/gpu.hpp" "./opt/alloy/lib/cmake/Alloy/AlloyConfig.cmake"
  "./opt/alloy/lib/cmake/Alloy/alloy-toolchain.cmake"
  "./opt/alloy/share/doc/alloy/api.md")

execute_process(COMMAND "${DPKG_DEB}" -x "${deb}" "${WORK_DIR}/root" RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "dpkg-deb -x failed (${rc})")
endif()
set(TOOLCHAIN_FILE "${WORK_DIR}/root/opt/alloy/lib/cmake/Alloy/alloy-toolchain.cmake")
set(BINARY_DIR "${WORK_DIR}/consumer")
include("${CMAKE_CURRENT_LIST_DIR}/run_consumer.cmake")
