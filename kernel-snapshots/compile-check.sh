#!/bin/sh
# compile-check.sh: check that the fixture trees parse with the flags
# cdmigrate's classifier uses (with gcc standing in for libclang).
#
# usage: compile-check.sh [-H] [--kernel KDIR] TREE [FILE...]
#
#   TREE          an in-tree snapshot (its include/ is used), or, with
#                 --kernel, an out-of-tree driver directory
#   --kernel KDIR build against KDIR/include (out-of-tree mode)
#   -H            also check every .h file standalone (as -x c)
#   FILE...       paths relative to TREE; default: every regular .c file
#                 (symlinks are not followed, files with NUL bytes are
#                 skipped as binary)
#
# A scratch directory made with mktemp holds asm -> KDIR/include/asm-i386
# and the synthesized linux/autoconf.h and linux/version.h.  Each file is
# compiled from TREE with:
#
#   gcc -fsyntax-only -nostdinc -std=gnu89 -w -D__KERNEL__ -I<inc> -I$SCRATCH FILE
#
# where <inc> is "include" in-tree or KDIR/include out-of-tree.  $CC
# overrides gcc and $CFLAGS adds flags (e.g. CC=clang CFLAGS=-m32).
# Prints "ok FILE" or "FAIL FILE" (gcc's messages follow a failure) and
# exits 1 when any file fails, 2 on a usage error.

usage() {
	echo "usage: $0 [-H] [--kernel KDIR] TREE [FILE...]" >&2
	exit 2
}

kernel=
headers=no
while [ $# -gt 0 ]; do
	case $1 in
	-H)
		headers=yes
		shift
		;;
	--kernel)
		[ $# -ge 2 ] || usage
		kernel=$2
		shift 2
		;;
	--kernel=*)
		kernel=${1#--kernel=}
		shift
		;;
	--)
		shift
		break
		;;
	-*)
		usage
		;;
	*)
		break
		;;
	esac
done
[ $# -ge 1 ] || usage
tree=$1
shift
[ -d "$tree" ] || { echo "$0: $tree: not a directory" >&2; exit 2; }

if [ -n "$kernel" ]; then
	[ -d "$kernel/include" ] || {
		echo "$0: $kernel/include: not a directory" >&2
		exit 2
	}
	kabs=$(cd "$kernel" && pwd -P) || exit 2
	inc=$kabs/include
else
	kabs=$(cd "$tree" && pwd -P) || exit 2
	inc=include
fi

scratch=$(mktemp -d "${TMPDIR:-/tmp}/compile-check.XXXXXX") || exit 2
trap 'rm -rf "$scratch"' EXIT
trap 'exit 2' HUP INT TERM

mkdir "$scratch/linux" || exit 2
ln -s "$kabs/include/asm-i386" "$scratch/asm" || exit 2
cat > "$scratch/linux/autoconf.h" <<'AUTOCONF'
/*
 * Automatically generated C config: don't edit
 * (synthesized for parsing; the mini tree has no .config)
 */
#define AUTOCONF_INCLUDED
#define CONFIG_HZ 250
#define CONFIG_X86_L1_CACHE_SHIFT 7
#define CONFIG_HOTPLUG 1
#define CONFIG_SYSFS 1
#define CONFIG_PCI 1
#define CONFIG_MODULES 1
#define CONFIG_NET 1
#define CONFIG_INPUT 1
#define CONFIG_SCSI 1
#define CONFIG_PCMCIA 1
#define CONFIG_HWMON 1
#define CONFIG_LEDS_CLASS 1
AUTOCONF
cat > "$scratch/linux/version.h" <<'VERSION'
#define LINUX_VERSION_CODE 132623
#define KERNEL_VERSION(a,b,c) (((a) << 16) + ((b) << 8) + (c))
#define UTS_RELEASE "2.6.15"
VERSION

cd "$tree" || exit 2

# has_nul FILE: true when FILE contains a NUL byte
has_nul() {
	! tr -d '\000' < "$1" | cmp -s - "$1"
}

list=$scratch/files
if [ $# -gt 0 ]; then
	for f in "$@"; do
		printf '%s\n' "$f"
	done > "$list"
else
	{
		find . -name .git -prune -o -type f -name '*.c' -print
		if [ $headers = yes ]; then
			find . -name .git -prune -o -type f -name '*.h' -print
		fi
	} | sed 's|^\./||' | LC_ALL=C sort > "$list"
fi

status=0
while IFS= read -r f; do
	if [ ! -f "$f" ]; then
		echo "FAIL $f (no such file)"
		status=1
		continue
	fi
	if has_nul "$f"; then
		echo "skip $f (binary)"
		continue
	fi
	case $f in
	*.h) lang="-x c" ;;
	*) lang= ;;
	esac
	# $lang and $CFLAGS are split on purpose
	if out=$(${CC:-gcc} -fsyntax-only -nostdinc -std=gnu89 -w \
		-D__KERNEL__ ${CFLAGS-} -I"$inc" -I"$scratch" $lang "$f" 2>&1)
	then
		echo "ok $f"
	else
		echo "FAIL $f"
		printf '%s\n' "$out" | sed 's/^/  /'
		status=1
	fi
done < "$list"
exit $status
