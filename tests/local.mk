# One Check suite per module; each links the same library as the program.
TEST_LDADD = $(CDMIGRATE_LIBS) $(CHECK_LIBS)
TEST_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
