# Writes BundledExercises.cpp: every folder of ${ROOT} that has an
# exercise.json, its files as raw string literals, so that the program
# finds the exercises wherever it runs (cmake -DROOT=... -DOUT=... -P this).
file(GLOB dirs LIST_DIRECTORIES true "${ROOT}/*")
list(SORT dirs)
set(body "")
foreach(dir IN LISTS dirs)
  if(IS_DIRECTORY "${dir}" AND EXISTS "${dir}/exercise.json")
    get_filename_component(id "${dir}" NAME)
    set(entry "    {\"${id}\"")
    foreach(name exercise.json start.docshape solution.docshape solution.md)
      if(EXISTS "${dir}/${name}")
        file(READ "${dir}/${name}" text)
        string(FIND "${text}" ")docshape_file\"" clash)
        if(NOT clash EQUAL -1)
          message(FATAL_ERROR "${dir}/${name} contains the bundle's string delimiter")
        endif()
        string(APPEND entry ",\n     R\"docshape_file(${text})docshape_file\"")
      else()
        string(APPEND entry ", \"\"")
      endif()
    endforeach()
    string(APPEND body "${entry}},\n")
  endif()
endforeach()
set(source "// Generated from resources/exercises by model/exercise/WriteBundle.cmake.
#include \"exercise/ExerciseCatalog.h\"

namespace docshape::exercise {

const std::vector<ExerciseFiles> &bundledExerciseFiles() {
    static const std::vector<ExerciseFiles> files = {
${body}    };
    return files;
}

} // namespace docshape::exercise
")
if(EXISTS "${OUT}")
  file(READ "${OUT}" old)
endif()
if(NOT old STREQUAL source)
  file(WRITE "${OUT}" "${source}")
endif()
