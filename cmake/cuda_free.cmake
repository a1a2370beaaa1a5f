# mmprof_cuda_free_check(NAME SOURCES...): compiles SOURCES once more, with
# the plain C compiler, no CUDA include directory, and stand-ins for the
# CUDA, CUPTI, cuBLAS and NVTX headers that stop the build with an #error
# found ahead of any system path. The host-only folders (model/, rundir/,
# analysis/) call it, so a CUDA include there breaks the build, not a later user
# without a GPU stack.
set(MMPROF_NO_CUDA_DIR ${CMAKE_BINARY_DIR}/no_cuda_headers)
foreach(h cuda.h cuda_runtime.h cuda_runtime_api.h driver_types.h vector_types.h cublas_v2.h
          cupti.h cupti_target.h cupti_profiler_target.h cupti_profiler_host.h cupti_range_profiler.h
          cupti_version.h nvtx3/nvToolsExt.h)
  file(WRITE ${MMPROF_NO_CUDA_DIR}/${h}
       "#error \"${h} included from host-only code (model/, rundir/, analysis/): these folders must build without CUDA\"\n")
endforeach()

function(mmprof_cuda_free_check name)
  add_library(${name} OBJECT ${ARGN})
  set_target_properties(${name} PROPERTIES LINKER_LANGUAGE C)
  target_include_directories(${name} BEFORE PRIVATE ${MMPROF_NO_CUDA_DIR})
  target_include_directories(${name} PRIVATE ${PROJECT_SOURCE_DIR})
  target_include_directories(${name} SYSTEM PRIVATE ${CJSON_INCLUDE_DIR} ${CSV_INCLUDE_DIR})
  target_compile_options(${name} PRIVATE ${MMPROF_C_WARNINGS})
  target_compile_definitions(${name} PRIVATE _POSIX_C_SOURCE=200809L MMPROF_VERSION="${PROJECT_VERSION}")
endfunction()
