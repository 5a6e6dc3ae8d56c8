# CDMIGRATE_LIBCLANG: find libclang's C API.
# Order: $LLVM_CONFIG or llvm-config (and llvm-config-NN) on PATH, then the
# usual Debian locations.  Sets LIBCLANG_CFLAGS, LIBCLANG_LIBS and
# CLANG_RESOURCE_DIR (the directory holding clang's own stddef.h etc.).
AC_DEFUN([CDMIGRATE_LIBCLANG], [
  AC_ARG_VAR([LLVM_CONFIG], [path to llvm-config])
  AS_IF([test -z "$LLVM_CONFIG"],
        [AC_PATH_PROGS([LLVM_CONFIG], [llvm-config llvm-config-16 llvm-config-15 llvm-config-14 llvm-config-13], [],
                       [$PATH:/usr/lib/llvm-16/bin:/usr/lib/llvm-15/bin:/usr/lib/llvm-14/bin:/usr/lib/llvm-13/bin])])
  cdm_clang_inc=
  cdm_clang_lib=
  AS_IF([test -n "$LLVM_CONFIG"], [
    cdm_clang_inc=`$LLVM_CONFIG --includedir`
    cdm_clang_lib=`$LLVM_CONFIG --libdir`
  ], [
    for d in /usr/lib/llvm-16 /usr/lib/llvm-15 /usr/lib/llvm-14 /usr/lib/llvm-13; do
      AS_IF([test -f "$d/include/clang-c/Index.h"], [cdm_clang_inc=$d/include; cdm_clang_lib=$d/lib; break])
    done
  ])
  LIBCLANG_CFLAGS="-I$cdm_clang_inc"
  LIBCLANG_LIBS="-L$cdm_clang_lib -Wl,-rpath,$cdm_clang_lib -lclang"
  cdm_save_CPPFLAGS=$CPPFLAGS
  cdm_save_LIBS=$LIBS
  CPPFLAGS="$CPPFLAGS $LIBCLANG_CFLAGS"
  LIBS="$LIBS $LIBCLANG_LIBS"
  AC_CHECK_HEADER([clang-c/Index.h], [],
    [AC_MSG_ERROR([libclang headers not found: install the Debian package libclang-dev])])
  AC_MSG_CHECKING([for clang_parseTranslationUnit2 in libclang])
  AC_LINK_IFELSE([AC_LANG_PROGRAM([[#include <clang-c/Index.h>]],
                                  [[CXIndex i = clang_createIndex(0, 0); clang_disposeIndex(i);]])],
    [AC_MSG_RESULT([yes])],
    [AC_MSG_RESULT([no]); AC_MSG_ERROR([libclang does not link: install the Debian package libclang-dev])])
  CPPFLAGS=$cdm_save_CPPFLAGS
  LIBS=$cdm_save_LIBS
  # clang's resource directory: its stddef.h/stdarg.h, given to libclang as
  # -isystem because kernel code is parsed with -nostdinc.
  CLANG_RESOURCE_DIR=
  for d in `ls -d "$cdm_clang_lib"/clang/*/include 2>/dev/null | sort -r`; do
    AS_IF([test -f "$d/stddef.h"], [CLANG_RESOURCE_DIR=$d; break])
  done
  AS_IF([test -z "$CLANG_RESOURCE_DIR"],
    [AC_MSG_ERROR([clang's resource headers (stddef.h) not found: install the Debian package libclang-common-dev (pulled by libclang-dev)])])
  AC_DEFINE_UNQUOTED([CLANG_RESOURCE_DIR], ["$CLANG_RESOURCE_DIR"], [clang's builtin include dir])
  AC_SUBST([LIBCLANG_CFLAGS])
  AC_SUBST([LIBCLANG_LIBS])
])
