# SPDX-License-Identifier: ISC
# Writes ${OUT} (bench_version.h) with the version a report records: the
# project version plus `git describe` of the source tree, so a JSON file says
# exactly what was measured, and the compiler and flags (COMPILER, CFLAGS).
# Run at every build; the file is rewritten only when the text changes, so
# an unchanged tree does not relink the bench.
execute_process(COMMAND git describe --always --dirty --tags
  WORKING_DIRECTORY ${SRC} OUTPUT_VARIABLE describe ERROR_QUIET OUTPUT_STRIP_TRAILING_WHITESPACE
  RESULT_VARIABLE rc)
if(rc EQUAL 0 AND describe)
  set(version "${VERSION}-${describe}")
else()
  set(version "${VERSION}")
endif()
# The compiler and flags the library was built with, for the report's
# reproducibility block (per-kernel ISA flags are in CMakeLists.txt).
string(REPLACE "\\" "\\\\" cflags "${CFLAGS}")
string(REPLACE "\"" "\\\"" cflags "${cflags}")
string(STRIP "${cflags}" cflags)
string(REGEX REPLACE "  +" " " cflags "${cflags}")
set(text "#define BENCH_VERSION \"${version}\"\n#define BENCH_COMPILER \"${COMPILER}\"\n#define BENCH_CFLAGS \"${cflags}\"\n")
if(EXISTS ${OUT})
  file(READ ${OUT} old)
endif()
if(NOT old STREQUAL text)
  file(WRITE ${OUT} "${text}")
endif()
