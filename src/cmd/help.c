#include "base/util.h"
#include "cmd/commands.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

const struct command commands[] = {
	{ "scan", cmd_scan, "inventory every class_device, static struct class and class_interface site",
	  "usage: cdmigrate scan TREE [--format text|json] [--kernel DIR] [--arch ARCH] [-j N] [-- PATH...]\n"
	  "       cdmigrate scan --print-args DIR TREE [--kernel DIR] [--arch ARCH] -- FILE...\n"
	  "\n"
	  "Walk TREE, pick the files that mention the class_device API (a lexical\n"
	  "prefilter), parse them with libclang and print every site with a verdict:\n"
	  "auto (a rule converts it) or manual (the reason says why not).\n"
	  "\n"
	  "  --format text|json  text: one 'file:line:col: kind: symbol: verdict' line a\n"
	  "                      site and a summary; json: see cdmigrate(1)\n"
	  "  --kernel DIR        TREE is an out-of-tree driver directory: parse it\n"
	  "                      against the headers of the kernel tree DIR\n"
	  "  --arch ARCH         parse with include/asm-ARCH (default: from the path, then\n"
	  "                      from the <asm/...> headers the file includes, else i386)\n"
	  "  -j N                parse N files at a time (default: 1); output is the same\n"
	  "  --stats             print counts and per-stage wall/CPU seconds on stderr,\n"
	  "                      then 'parse_error FILE COUNT FIRST-ERROR' for each file\n"
	  "                      that does not parse cleanly\n"
	  "  --print-args DIR    parse nothing: print, for each FILE, a line 'FILE' TAB\n"
	  "                      and the compiler arguments scan parses it with, TAB\n"
	  "                      separated; the synthesized headers they name are\n"
	  "                      written to DIR and kept (for clang -fsyntax-only);\n"
	  "                      scan also reads include/'s function bodies blank\n"
	  "                      (sites are never there), these arguments do not\n"
	  "  PATH...             only these files or directories (relative to TREE)\n"
	  "\n"
	  "Exit status: 0 no site, 1 sites found, 2 usage or tool error.\n", NULL },
	{ "plan", cmd_plan, "the ordered steps, the files and subsystems each touches, preconditions",
	  "usage: cdmigrate plan TREE [--format text|json] [--kernel DIR] [--step S] [--subsystem X]\n"
	  "                 [--interface=bus|callbacks] [--arch ARCH] [-j N] [-- PATH...]\n"
	  "\n"
	  "Print the steps of the migration in order (semantic-patches/steps), for each\n"
	  "whether it runs, is skipped or is blocked and why, and the candidate files and\n"
	  "subsystems it will touch.  The preconditions are read from the driver core of\n"
	  "TREE (or of --kernel DIR), each with its release: does struct device have\n"
	  "class and devt, is there a device_create() (2.6.18); does struct class have\n"
	  "dev_attrs/dev_release/dev_uevent, are parentless devices placed under a\n"
	  "virtual parent, does struct device have groups, does class_interface have\n"
	  "add_dev/remove_dev (2.6.19).  In a kernel tree a missing one makes the core\n"
	  "step (30) run, adding only what is missing; out of tree it blocks the steps\n"
	  "needing it (with --interface=callbacks, as migrate takes it, step 50 also\n"
	  "needs interface-add-dev).\n"
	  "\n"
	  "Exit status: 0 nothing to run, 1 steps to run, 2 a step is blocked or usage error.\n", NULL },
	{ "migrate", cmd_migrate, "run the steps: a patch series for review, or the tree edited in place",
	  "usage: cdmigrate migrate TREE (-o OUT | --in-place [--force] | --resume) [--kernel DIR]\n"
	  "                 [--step S] [--subsystem X] [--interface=bus|callbacks] [-j N]\n"
	  "                 [--arch ARCH] [--timeout SEC] [-q] [--size-limit BYTES|Nk]\n"
	  "                 [--check-bisect] [--signoff] [--checkpatch PATH|--no-checkpatch]\n"
	  "                 [-- PATH...]\n"
	  "\n"
	  "Run the planned steps (see 'cdmigrate plan') with spatch on a scratch copy,\n"
	  "each step on the output of the one before, and re-parse every changed file\n"
	  "and the unchanged users of a changed header: a change that adds a parse\n"
	  "error is held back and reported, with the changes that depend on it (a\n"
	  "header several steps changed goes back one step at a time).\n"
	  "\n"
	  "  -o OUT          write OUT/NNNN-<subsystem>-<step>.patch (git am ready, one per\n"
	  "                  subsystem per step), 0000-cover-letter.patch and report.json;\n"
	  "                  changes that build only together go in one patch, and a patch\n"
	  "                  over the size limit is split by driver (-partK-)\n"
	  "  --size-limit N  the largest patch, in bytes or kB (default 40k, the lists'\n"
	  "                  limit in SubmittingPatches; 0: none)\n"
	  "  --check-bisect  parse the tree after each patch as verify does; a prefix that\n"
	  "                  does not build takes the later patch it needs; prints what\n"
	  "                  is still broken (report.json: bisect)\n"
	  "  --signoff       add Signed-off-by: from git config user.name/user.email\n"
	  "  --checkpatch PATH\n"
	  "                  check each patch with this checkpatch.pl (default: the tree's\n"
	  "                  scripts/checkpatch.pl when this perl runs it) and print what\n"
	  "                  the series adds relative to the lines it replaces;\n"
	  "                  --no-checkpatch: none\n"
	  "  --in-place      edit TREE instead, atomically per file, with a journal in\n"
	  "                  TREE/.cdmigrate/; refuses a git tree with uncommitted changes\n"
	  "                  unless --force\n"
	  "  --resume        finish an interrupted --in-place run\n"
	  "  --step S        only step S (a number or a name)\n"
	  "  --subsystem X   only the files of subsystem X\n"
	  "  --interface=bus|callbacks\n"
	  "                  how step 50 moves class_interface users: bus (the default)\n"
	  "                  gives them a virtual bus and driver; callbacks keeps the\n"
	  "                  class_interface with add_dev/remove_dev(struct device *, ...),\n"
	  "                  the 2.6.19 route (step 30 gives an older core those callbacks)\n"
	  "  -j N            run N spatch processes at a time; the output is the same\n"
	  "  --timeout SEC   kill a spatch task after SEC seconds (default 300); its\n"
	  "                  files are retried one by one and the failures reported\n"
	  "  --stats         print per-step wall/CPU seconds and spatch runs on stderr\n"
	  "  PATH...         convert only these files or directories (headers are still\n"
	  "                  read from the whole tree)\n"
	  "\n"
	  "Exit status: 0 nothing to change (or --in-place done), 1 a series with changes\n"
	  "was written, 2 usage or tool error (spatch missing: install coccinelle),\n"
	  "3 conflicting edits (those files are left out, the rest is written).\n", NULL },
	{ "report", cmd_report, "what is left before struct class_device can be deleted, and why",
	  "usage: cdmigrate report TREE [--format F] [-o FILE] [--kernel DIR] [--arch ARCH]\n"
	  "                 [--series OUT] [--baseline FILE] [--gate] [--userspace PATH]...\n"
	  "                 [-j N] [-- PATH...]\n"
	  "\n"
	  "Scan TREE as it is now and list every site still using class_device, a static\n"
	  "struct class or class_interface, grouped by the step that converts it (10\n"
	  "class-create, 40 class-device-to-device, 50 class-interface-to-virtual-bus,\n"
	  "inactive #if branches, 70 delete for the driver core itself) and by subsystem,\n"
	  "each with its reason: parse-failure, timeout, macro-generated, inactive-#if,\n"
	  "no-rule (the detail says which step has or lacks the rule), needs-human: <why>,\n"
	  "driver-core, or, for what is left on purpose and does not block: name (a\n"
	  "Kconfig option, a constant or a name that only contains class_device), kept\n"
	  "(a class_interface name the class-level API keeps) or stays-static (a static\n"
	  "class step 10 leaves).  A class_device, CLASS_DEVICE or class_interface token\n"
	  "of a candidate file on a line no site covers is listed too (kind token).  Then\n"
	  "the parse failures, the driver core's exported class_* functions nothing else\n"
	  "uses, what /sys/class/<c>/ looks like before and after for every class, and a\n"
	  "summary: what is left per step and per subsystem, what the last migration\n"
	  "converted, and whether step 70 can delete class_device now: a site blocks it\n"
	  "by step 70's own rule (a class_device user, an inactive line naming\n"
	  "class_device, a static class setting a member step 70 removes, a name it\n"
	  "deletes); other static classes and class_interface objects do not.\n"
	  "\n"
	  "  --format F     the output format, one of those listed at the end (text)\n"
	  "  -o FILE        write the report to FILE instead of standard output\n"
	  "  --kernel DIR   TREE is an out-of-tree driver directory (see scan)\n"
	  "  --arch ARCH    parse with include/asm-ARCH (see scan)\n"
	  "  --series OUT   the outcome of 'cdmigrate migrate -o OUT': per-file status from\n"
	  "                 OUT/report.json, and (html) every patch of the series; without\n"
	  "                 it TREE/.cdmigrate/migrate.json of an --in-place run is read\n"
	  "  --baseline FILE  compare with an earlier 'report --format json': fail only on\n"
	  "                 residual sites or parse failures FILE does not have (named on\n"
	  "                 standard error)\n"
	  "  --gate         fail while anything at all is left (sites, parse failures or\n"
	  "                 userspace findings)\n"
	  "  --userspace PATH  udev rules (*.rules) and scripts (#!) under PATH, a file or\n"
	  "                 a directory (repeatable: /etc/udev/rules.d, /etc/hotplug...),\n"
	  "                 matched with the sysfs prediction: each rule or script line\n"
	  "                 that changes meaning, with its file:line, class, device, step\n"
	  "                 and a rewrite: devpath (a DEVPATH match: the device moves under\n"
	  "                 its parent), virtual (now /sys/devices/virtual/), symlink (find,\n"
	  "                 test -h, readlink on /sys/class/<c>/<name>), attribute-renamed\n"
	  "                 (power -> <stem>_power), parent (a SYSFS{}/ATTRS{} lookup now\n"
	  "                 answered by a class-device parent), physdev (PHYSDEV* keys and\n"
	  "                 variables, gone); a malformed rule is a warning, the rest is read\n"
	  "  -j N           parse N files at a time (default: 1); output is the same\n"
	  "  PATH...        only the sites of these files or directories (exports and sysfs\n"
	  "                 still read the whole tree)\n"
	  "\n"
	  "Exit status: 0 nothing left, 1 sites or userspace findings left; with\n"
	  "--baseline, 1 only for new sites or new parse failures; with --gate, 1 while any\n"
	  "site, parse failure or userspace finding is left; 2 usage or tool error (also a\n"
	  "--userspace PATH that does not exist).\n"
	  "\n"
	  "Formats (--format):\n", report_usage_formats },
	{ "verify", cmd_verify, "re-parse what changed since a git revision; name changes that add parse errors",
	  "usage: cdmigrate verify TREE [--against REV] [--kernel DIR] [--arch ARCH] [-j N]\n"
	  "\n"
	  "Parse every .c/.h file of the git checkout TREE that changed since REV\n"
	  "(default HEAD) with libclang, with the flags scan uses, once as it was at REV\n"
	  "and once as it is, and name each file whose change adds parse errors, with\n"
	  "the first diagnostic.  migrate does the same on its own output before\n"
	  "writing anything (held-back files).\n"
	  "\n"
	  "Exit status: 0 nothing got worse, 1 a change adds errors, 2 usage or tool error.\n", NULL },
	{ "undo", cmd_undo, "undo the last (or an interrupted) in-place run",
	  "usage: cdmigrate undo TREE\n"
	  "\n"
	  "Restore every file of the last --in-place run of TREE (or of an interrupted\n"
	  "one) to its old content, from the journal in TREE/.cdmigrate/.  A file\n"
	  "edited since is refused and named.  Exit status: 0 done or nothing to undo,\n"
	  "2 a file was refused or an error.\n", NULL },
	{ "help", cmd_help, "describe a command",
	  "usage: cdmigrate help [COMMAND]\n", NULL },
	{ NULL, NULL, NULL, NULL, NULL },
};

const struct command *command_find(const char *name)
{
	for (const struct command *c = commands; c->name; c++)
		if (!strcmp(c->name, name))
			return c;
	return NULL;
}

int command_usage_error(const char *name, const char *fmt, ...)
{
	const struct command *c = command_find(name);
	va_list ap;

	fprintf(stderr, "cdmigrate %s: ", name);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	if (c) {
		fputs(c->usage, stderr);
		if (c->usage_tail)
			c->usage_tail(stderr);
	}
	return EXIT_USAGE;
}

int cmd_help(int argc, char **argv)
{
	const struct command *c;

	if (argc < 2) {
		printf("usage: cdmigrate [--version] [--help] COMMAND [ARGS]\n\nCommands:\n");
		for (c = commands; c->name; c++)
			printf("  %-8s %s\n", c->name, c->summary);
		return EXIT_CLEAN;
	}
	c = command_find(argv[1]);
	if (!c) {
		fprintf(stderr, "cdmigrate: '%s' is not a command: see 'cdmigrate --help'\n", argv[1]);
		return EXIT_USAGE;
	}
	fputs(c->usage, stdout);
	if (c->usage_tail)
		c->usage_tail(stdout);
	return EXIT_CLEAN;
}
