/*
 * kernel-version.c: VERSION, PATCHLEVEL and SUBLEVEL of a tree's Makefile.
 */
#include <stdlib.h>
#include <string.h>

#include "kernel/kernel-version.h"
#include "base/util.h"

unsigned kernel_version_code(const char *root)
{
	char *path = path_join(root, "Makefile");
	struct strbuf text = STRBUF_INIT;
	unsigned long parts[3] = { 0, 0, 0 };
	static const char *const names[] = { "VERSION", "PATCHLEVEL", "SUBLEVEL" };
	int found = 0;

	if (strbuf_read_file(&text, path) == 0) {
		for (char *line = text.buf; line && *line;) {
			char *next = strchr(line, '\n');

			for (int k = 0; k < 3; k++) {
				size_t n = strlen(names[k]);
				char *p = line + n;

				if (strncmp(line, names[k], n))
					continue;
				while (*p == ' ' || *p == '\t')
					p++;
				if (*p != '=')
					continue;
				parts[k] = strtoul(p + 1, NULL, 10);
				found |= 1 << k;
			}
			line = next ? next + 1 : NULL;
		}
	}
	strbuf_release(&text);
	free(path);
	return found == 7 ? KERNEL_VERSION_CODE(parts[0], parts[1], parts[2]) : 0;
}

/* A side of a version comparison: LINUX_VERSION_CODE, KERNEL_VERSION(a,b,c) or a number. */
static int version_operand(const struct lex_token *v, size_t n, unsigned code, unsigned long *value)
{
	if (n == 1 && lex_token_is(&v[0], "LINUX_VERSION_CODE")) {
		*value = code;
		return 1;
	}
	if (n == 1 && v[0].kind == TOKEN_NUMBER) {
		*value = strtoul(v[0].text, NULL, 0);
		return 1;
	}
	if (n == 8 && lex_token_is(&v[0], "KERNEL_VERSION") && lex_token_is(&v[1], "(") &&
	    v[2].kind == TOKEN_NUMBER && lex_token_is(&v[3], ",") && v[4].kind == TOKEN_NUMBER &&
	    lex_token_is(&v[5], ",") && v[6].kind == TOKEN_NUMBER && lex_token_is(&v[7], ")")) {
		*value = (strtoul(v[2].text, NULL, 10) << 16) + (strtoul(v[4].text, NULL, 10) << 8) +
			 strtoul(v[6].text, NULL, 10);
		return 1;
	}
	return 0;
}

int kernel_version_condition(const struct lex_token *v, size_t n, void *data)
{
	static const char *const ops[] = { "<", "<=", ">", ">=", "==", "!=", NULL };
	unsigned code = data ? *(const unsigned *)data : 0;
	unsigned long a, b;

	while (n >= 2 && lex_token_is(&v[0], "(") && lex_tokens_match(v, n, 0) == n - 1) {
		v++;
		n -= 2;
	}
	if (n >= 2 && lex_token_is(&v[0], "!")) {
		int inner = kernel_version_condition(v + 1, n - 1, data);

		return inner < 0 ? -1 : !inner;
	}
	if (!code)
		return -1;
	for (size_t i = 1; i + 1 < n; i++) {
		for (size_t o = 0; ops[o]; o++) {
			if (!lex_token_is(&v[i], ops[o]))
				continue;
			if (!version_operand(v, i, code, &a) || !version_operand(v + i + 1, n - i - 1, code, &b))
				return -1;
			switch (o) {
			case 0: return a < b;
			case 1: return a <= b;
			case 2: return a > b;
			case 3: return a >= b;
			case 4: return a == b;
			default: return a != b;
			}
		}
	}
	return -1;
}
