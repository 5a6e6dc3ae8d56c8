#include "lex/lexscan.h"
#include "lex/lex.h"

#include <string.h>

const char *const lexscan_class_device_needles[] = {
	"class_device",
	"CLASS_DEVICE",
	"class_interface",
	NULL,
};

static int contains(const char *s, size_t len, const char *needle)
{
	size_t n = strlen(needle);

	for (size_t i = 0; i + n <= len; i++)
		if (!memcmp(s + i, needle, n))
			return 1;
	return 0;
}

void lexscan_identifiers(const char *text, size_t start, size_t end,
			 const char *const *needles, int first_per_line,
			 lexscan_fn fn, void *data)
{
	unsigned line = 1, reported_line = 0;
	size_t line_start = 0, i;

	for (i = 0; i < start; i++)
		if (text[i] == '\n') {
			line++;
			line_start = i + 1;
		}
	while (i < end) {
		char c = text[i];

		if (c == '\n') {
			line++;
			line_start = ++i;
		} else if (c == '/' && i + 1 < end && text[i + 1] == '/') {
			while (i < end && text[i] != '\n')
				i++;
		} else if (c == '/' && i + 1 < end && text[i + 1] == '*') {
			i += 2;
			while (i < end && !(text[i] == '*' && i + 1 < end && text[i + 1] == '/')) {
				if (text[i] == '\n') {
					line++;
					line_start = i + 1;
				}
				i++;
			}
			i += 2;
		} else if (c == '"' || c == '\'') {
			i++;
			while (i < end && text[i] != c && text[i] != '\n') {
				if (text[i] == '\\' && i + 1 < end)
					i++;
				i++;
			}
			i++;
		} else if (lex_ident_start(c) && (i == 0 || !lex_ident_char(text[i - 1]))) {
			size_t s = i;

			while (i < end && lex_ident_char(text[i]))
				i++;
			for (const char *const *n = needles; *n; n++) {
				if (!contains(text + s, i - s, *n))
					continue;
				if (!first_per_line || reported_line != line) {
					fn(text + s, i - s, line, (unsigned)(s - line_start + 1), data);
					reported_line = line;
				}
				break;
			}
		} else {
			i++;
		}
	}
}
