/*
 * commands.h: the subcommands, one file each under src/cmd/.
 *
 * Each takes the arguments after the command name (argv[0] is the command
 * name) and returns the process exit status (enum exit_status in util.h).
 * Only these functions choose the exit status.
 */
#ifndef CDMIGRATE_COMMANDS_H
#define CDMIGRATE_COMMANDS_H

#include <stdio.h>

struct command {
	const char *name;
	int (*fn)(int argc, char **argv);
	const char *summary;	/* one line for `cdmigrate --help` */
	const char *usage;	/* the full help text of `cdmigrate help NAME` */
	/* prints what follows usage from a table elsewhere (NULL: nothing) */
	void (*usage_tail)(FILE *out);
};

/* The command table, NULL-name terminated, in --help order. */
extern const struct command commands[];

/* The command called `name`, or NULL. */
const struct command *command_find(const char *name);

/* Print the usage of a command on stderr and return EXIT_USAGE. */
int command_usage_error(const char *name, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* report's usage tail: each report writer's name and help (writer.h) */
void report_usage_formats(FILE *out);

int cmd_scan(int argc, char **argv);
int cmd_plan(int argc, char **argv);
int cmd_migrate(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_verify(int argc, char **argv);
int cmd_undo(int argc, char **argv);
int cmd_help(int argc, char **argv);

#endif
