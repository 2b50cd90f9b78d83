# cmake -P script: installs the Alloy build into WORK_DIR/first, moves the
# prefix to WORK_DIR/moved, then builds and runs the plain consumer project
# against the moved prefix (run_consumer.cmake) - an install is relocatable.
#   -DALLOY_BUILD_DIR= -DWORK_DIR= -DSOURCE_DIR= -DGENERATOR= [-DMAKE_PROGRAM=]
file(REMOVE_RECURSE "${WORK_DIR}")
execute_process(COMMAND "${CMAKE_COMMAND}" --install "${ALLOY_BUILD_DIR}"
                        --prefix "${WORK_DIR}/first"
                RESULT_VARIABLE rc OUTPUT_QUIET)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "cmake --install failed (${rc})")
endif()
file(RENAME "${WORK_DIR}/first" "${WORK_DIR}/moved")
set(TOOLCHAIN_FILE "${WORK_DIR}/moved/lib/cmake/Alloy/alloy-toolchain.cmake")
set(BINARY_DIR "${WORK_DIR}/consumer")
include("${CMAKE_CURRENT_LIST_DIR}/run_consumer.cmake")
