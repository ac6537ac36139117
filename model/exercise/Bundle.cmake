# The exercises of resources/exercises compiled into docshape_exercise
# (ExerciseCatalog.h, bundledExerciseFiles), regenerated when a file changes.
file(GLOB_RECURSE DOCSHAPE_EXERCISE_FILES CONFIGURE_DEPENDS ${DOCSHAPE_SOURCE_DIR}/resources/exercises/*)
set(DOCSHAPE_EXERCISE_BUNDLE ${CMAKE_CURRENT_BINARY_DIR}/BundledExercises.cpp)
add_custom_command(OUTPUT ${DOCSHAPE_EXERCISE_BUNDLE}
  COMMAND ${CMAKE_COMMAND} -DROOT=${DOCSHAPE_SOURCE_DIR}/resources/exercises -DOUT=${DOCSHAPE_EXERCISE_BUNDLE}
          -P ${CMAKE_CURRENT_LIST_DIR}/WriteBundle.cmake
  DEPENDS ${DOCSHAPE_EXERCISE_FILES} ${CMAKE_CURRENT_LIST_DIR}/WriteBundle.cmake
  COMMENT "Bundling the workshop exercises")
target_sources(docshape_exercise PRIVATE ${DOCSHAPE_EXERCISE_BUNDLE})
