#include "cmd/commands.h"
#include "engine/journal.h"

#include <stdio.h>
#include <string.h>

int cmd_undo(int argc, char **argv)
{
	int rc;

	if (argc == 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
		fputs(command_find("undo")->usage, stdout);
		return EXIT_CLEAN;
	}
	if (argc != 2)
		return command_usage_error("undo", "give exactly one TREE");
	rc = journal_undo(argv[1]);
	if (rc == 1)
		printf("%s: nothing to undo\n", argv[1]);
	else if (rc == 0)
		printf("%s: the last in-place run is undone\n", argv[1]);
	return rc < 0 ? EXIT_USAGE : EXIT_CLEAN;
}
