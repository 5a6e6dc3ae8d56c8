#include "lex/bodies.h"
#include "lex/lex.h"

#include <string.h>

static int is_attribute_word(const struct lex_token *t)
{
	static const char *const words[] = {
		"__attribute__", "__attribute", "__asm__", "__asm", "asm", NULL,
	};

	for (size_t i = 0; words[i]; i++)
		if (lex_token_is(t, words[i]))
			return 1;
	return 0;
}

static int all_capitals(const struct lex_token *t)
{
	for (unsigned i = 0; i < t->len; i++)
		if (t->text[i] >= 'a' && t->text[i] <= 'z')
			return 0;
	return 1;
}

/*
 * Whether the declaration head t[from, to) ends a function's declarator:
 * its last parenthesized group not led by an attribute word follows a
 * name, and only attribute groups come after it.
 */
static int is_function_head(const struct lex_token *t, size_t from, size_t to)
{
	size_t end = to;

	for (size_t i = from; i < to; i++)
		if (lex_token_is(&t[i], "="))
			return 0;
	while (end > from && lex_token_is(&t[end - 1], ")")) {
		size_t open = end - 1;
		int depth = 0;

		for (;; open--) {
			if (lex_token_is(&t[open], ")"))
				depth++;
			else if (lex_token_is(&t[open], "("))
				depth--;
			if (!depth || open == from)
				break;
		}
		if (depth || open == from)
			return 0;
		if (is_attribute_word(&t[open - 1])) {
			end = open - 1;
			continue;
		}
		return t[open - 1].kind == TOKEN_IDENT && !all_capitals(&t[open - 1]);
	}
	return 0;
}

size_t lex_blank_function_bodies(const char *text, size_t len, char *out)
{
	struct lex_tokens tokens = LEX_TOKENS_INIT;
	const struct lex_token *t;
	size_t head = 0, blanked = 0;
	int depth = 0, balanced = 1;

	memcpy(out, text, len);
	lex_tokenize_raw(text, len, &tokens);
	t = tokens.v;
	for (size_t i = 0; i < tokens.nr && balanced; i++) {
		if (t[i].directive) {
			if (!depth)
				head = i + 1;
			continue;
		}
		if (lex_token_is(&t[i], "{")) {
			size_t close = i + 1;
			int inner = 1, directive = 0;

			if (depth++ || !is_function_head(t, head, i))
				continue;
			for (; close < tokens.nr; close++) {
				directive |= t[close].directive;
				if (t[close].directive)
					continue;
				if (lex_token_is(&t[close], "{"))
					inner++;
				else if (lex_token_is(&t[close], "}") && !--inner)
					break;
			}
			if (close >= tokens.nr) {
				balanced = 0;
				break;
			}
			if (!directive) {
				for (size_t b = t[i].offset + 1; b < t[close].offset; b++)
					if (out[b] != '\n')
						out[b] = ' ';
				blanked++;
			}
			depth = 0;
			i = close;
			head = close + 1;
		} else if (lex_token_is(&t[i], "}")) {
			if (--depth < 0)
				balanced = 0;
			if (!depth)
				head = i + 1;
		} else if (!depth && lex_token_is(&t[i], ";")) {
			head = i + 1;
		}
	}
	if (!balanced || depth) {
		memcpy(out, text, len);
		blanked = 0;
	}
	lex_tokens_release(&tokens);
	return blanked;
}
