# The layering of src/ (doc/design.md), checked on every `make check`.
TESTS += runner/check-layers
EXTRA_DIST += runner/check-layers
