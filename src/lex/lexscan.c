#include "lex/lexscan.h"
#include "lex/lex.h"

#include <string.h>

static int contains(const char *s, size_t len, const char *needle)
{
	size_t n = strlen(needle);

	for (size_t i = 0; i + n <= len; i++)
		if (!memcmp(s + i, needle, n))
			return 1;
	return 0;
}


/* Past a comment, string or character literal at text[i], or i itself. */
static size_t skip_literal(const char *text, size_t i, size_t end)
{
	char c = text[i];

	if (c == '/' && i + 1 < end && text[i + 1] == '/') {
		while (i < end && text[i] != '\n')
			i++;
	} else if (c == '/' && i + 1 < end && text[i + 1] == '*') {
		i += 2;
		while (i < end && !(text[i] == '*' && i + 1 < end && text[i + 1] == '/'))
			i++;
		i += 2;
	} else if (c == '"' || c == '\'') {
		i++;
		while (i < end && text[i] != c && text[i] != '\n') {
			if (text[i] == '\\' && i + 1 < end)
				i++;
			i++;
		}
		i++;
	}
	return i < end ? i : end;
}

void lexscan_definitions(const char *text, size_t len, const char *const *needles,
			 void (*fn)(const char *name, size_t len, void *data), void *data)
{
	int depth = 0, is_static = 0, line_start = 1;
	size_t name = 0, name_len = 0;

	for (size_t i = 0; i < len;) {
		char c = text[i];
		size_t next = skip_literal(text, i, len);

		if (next != i) {
			i = next;
			continue;
		}
		if (c == '#' && line_start) {
			/* a directive, with its continuation lines */
			while (i < len && text[i] != '\n')
				i += text[i] == '\\' && i + 1 < len ? 2 : 1;
			continue;
		}
		if (c == '\n')
			line_start = 1;
		else if (c != ' ' && c != '\t')
			line_start = 0;
		if (lex_ident_start(c) && (i == 0 || !lex_ident_char(text[i - 1]))) {
			size_t s = i;

			while (i < len && lex_ident_char(text[i]))
				i++;
			if (!depth) {
				if (i - s == 6 && !memcmp(text + s, "static", 6))
					is_static = 1;
				name = s;
				name_len = i - s;
			}
			continue;
		}
		if (c == '(' && !depth && name_len) {
			size_t open = i, close;
			int parens = 0, wanted = 0;

			for (close = i; close < len; close++) {
				size_t n = skip_literal(text, close, len);

				if (n != close) {
					close = n - 1;
					continue;
				}
				if (text[close] == '(')
					parens++;
				else if (text[close] == ')' && !--parens)
					break;
			}
			for (const char *const *nd = needles; *nd && !wanted; nd++)
				wanted = contains(text + open, close - open, *nd);
			i = close + 1;
			while (i < len) {
				size_t n = skip_literal(text, i, len);

				if (n != i)
					i = n;
				else if (text[i] == ' ' || text[i] == '\t' || text[i] == '\n')
					i++;
				else
					break;
			}
			if (i < len && text[i] == '{' && wanted && !is_static)
				fn(text + name, name_len, data);
			name_len = 0;
			continue;
		}
		if (c == '{')
			depth++;
		else if (c == '}' && depth > 0 && !--depth)
			is_static = 0;
		else if (c == ';' && !depth)
			is_static = 0;
		if (c != ' ' && c != '\t' && c != '\n')
			name_len = 0;
		i++;
	}
}

static size_t skip_blanks(const char *text, size_t i, size_t end)
{
	while (i < end && (text[i] == ' ' || text[i] == '\t'))
		i++;
	return i;
}

int lexscan_starts_if_zero(const char *text, size_t start, size_t end)
{
	size_t i = start;

	while (i < end && (text[i] == ' ' || text[i] == '\t' || text[i] == '\n'))
		i++;
	if (i >= end || text[i] != '#')
		return 0;
	i = skip_blanks(text, i + 1, end);
	if (end - i >= 4 && !memcmp(text + i, "elif", 4))
		i += 4;
	else if (end - i >= 2 && !memcmp(text + i, "if", 2))
		i += 2;
	else
		return 0;
	if (i >= end || (text[i] != ' ' && text[i] != '\t'))
		return 0;
	i = skip_blanks(text, i, end);
	if (i >= end || text[i] != '0')
		return 0;
	i = skip_blanks(text, i + 1, end);
	/* "#if 0x1" or "#if 0 || X" is an expression, not a dead branch */
	return i >= end || text[i] == '\n' || text[i] == '\r' ||
	       (text[i] == '/' && i + 1 < end && (text[i + 1] == '*' || text[i + 1] == '/'));
}

/* The words of text[from, to) holding a needle (a comment's or a literal's inside). */
static void words_in(const char *text, size_t from, size_t to, unsigned line, size_t line_start,
		     const char *const *needles, int in_string, lexscan_mention_fn fn, void *data)
{
	for (size_t i = from; i < to;) {
		size_t s;

		if (text[i] == '\n') {
			line++;
			line_start = ++i;
			continue;
		}
		if (!lex_ident_char(text[i])) {
			i++;
			continue;
		}
		s = i;
		while (i < to && lex_ident_char(text[i]))
			i++;
		for (const char *const *n = needles; *n; n++)
			if (contains(text + s, i - s, *n)) {
				fn(text + s, i - s, line, (unsigned)(s - line_start + 1), in_string, data);
				break;
			}
	}
}

/* The lines text[from, to) adds to *line, and where the last one starts. */
static void count_lines(const char *text, size_t from, size_t to, unsigned *line, size_t *line_start)
{
	for (size_t k = from; k < to; k++)
		if (text[k] == '\n') {
			(*line)++;
			*line_start = k + 1;
		}
}

/*
 * The one walk of both scans: identifiers of the code go to on_ident,
 * words of comments and literals to on_mention (either may be NULL).
 */
static void walk(const char *text, size_t start, size_t end, const char *const *needles, int first_per_line,
		 lexscan_fn on_ident, lexscan_mention_fn on_mention, void *data)
{
	unsigned line = 1, reported_line = 0;
	size_t line_start = 0, i = start;

	count_lines(text, 0, start, &line, &line_start);
	while (i < end) {
		size_t s = i, past = skip_literal(text, i, end);

		if (past != i) {
			int literal = text[i] == '"' || text[i] == '\'';

			/* a literal's inside is between its quotes */
			if (on_mention)
				words_in(text, s + literal, past, line, line_start, needles, literal, on_mention, data);
			count_lines(text, s, past, &line, &line_start);
			i = past;
		} else if (text[i] == '\n') {
			line++;
			line_start = ++i;
		} else if (lex_ident_start(text[i]) && (i == 0 || !lex_ident_char(text[i - 1]))) {
			while (i < end && lex_ident_char(text[i]))
				i++;
			for (const char *const *n = needles; on_ident && *n; n++) {
				if (!contains(text + s, i - s, *n))
					continue;
				if (!first_per_line || reported_line != line) {
					on_ident(text + s, i - s, line, (unsigned)(s - line_start + 1), data);
					reported_line = line;
				}
				break;
			}
		} else {
			i++;
		}
	}
}

void lexscan_identifiers(const char *text, size_t start, size_t end,
			 const char *const *needles, int first_per_line,
			 lexscan_fn fn, void *data)
{
	walk(text, start, end, needles, first_per_line, fn, NULL, data);
}

void lexscan_mentions(const char *text, size_t len, const char *const *needles,
		      lexscan_mention_fn fn, void *data)
{
	walk(text, 0, len, needles, 0, NULL, fn, data);
}

int lexscan_after_tag_keyword(const char *text, const char *ident)
{
	const char *p = ident, *end;

	while (p > text && (p[-1] == ' ' || p[-1] == '\t' || p[-1] == '\n' || p[-1] == '\r'))
		p--;
	end = p;
	while (p > text && lex_ident_char((unsigned char)p[-1]))
		p--;
	return (end - p == 6 && !memcmp(p, "struct", 6)) || (end - p == 5 && !memcmp(p, "union", 5)) ||
	       (end - p == 4 && !memcmp(p, "enum", 4));
}

/*
 * t[at] is the '*' after `struct tag` outside a directive: whether the
 * declaration it starts can declare nothing but pointers (every
 * declarator after a comma of its own level starts with '*' too).  It
 * ends at a ';' (or a '{' opening a function body: no '=' before it) of
 * its own level, or at a closer that leaves that level: the parenthesis
 * of a parameter list, a cast or sizeof.
 */
static int only_pointers(const struct lex_token *t, size_t nr, size_t at)
{
	int depth = 0, comma = 0, assigned = 0;

	for (size_t i = at + 1; i < nr; i++) {
		if (t[i].directive || t[i].kind != TOKEN_PUNCT)
			continue;
		if (lex_token_is(&t[i], "(") || lex_token_is(&t[i], "[")) {
			depth++;
		} else if (lex_token_is(&t[i], "{")) {
			if (!depth && !assigned)
				return !comma;
			depth++;
		} else if (lex_token_is(&t[i], ")") || lex_token_is(&t[i], "]") || lex_token_is(&t[i], "}")) {
			if (!depth--)
				return 1;
		} else if (depth) {
			continue;
		} else if (lex_token_is(&t[i], ";")) {
			return !comma;
		} else if (lex_token_is(&t[i], ",")) {
			size_t next = i + 1;

			while (next < nr && t[next].directive)
				next++;
			/* `struct tag *a, *b;` declares pointers only */
			if (next >= nr || !lex_token_is(&t[next], "*"))
				comma = 1;
		} else if (lex_token_is(&t[i], "=")) {
			assigned = 1;
		}
	}
	return 0;
}

int lexscan_code_names(const char *text, size_t len, const char *const *needles,
		       int (*ignore)(const char *word, size_t len),
		       const char *const *names, const char *tag)
{
	struct lex_tokens tokens = LEX_TOKENS_INIT;
	const struct lex_token *t;
	int found = 0;

	lex_tokenize_raw(text, len, &tokens);
	t = tokens.v;
	for (size_t i = 0; i < tokens.nr && !found; i++) {
		if (t[i].kind != TOKEN_IDENT)
			continue;
		for (size_t k = 0; needles[k] && !found; k++)
			found = contains(t[i].text, t[i].len, needles[k]);
		if (found && ignore && ignore(t[i].text, t[i].len))
			found = 0;
		for (size_t k = 0; names[k] && !found; k++)
			found = lex_token_is(&t[i], names[k]);
		if (found || !lex_token_is(&t[i], "struct") || i + 1 >= tokens.nr ||
		    !lex_token_is(&t[i + 1], tag) || t[i + 1].directive != t[i].directive)
			continue;
		if (i + 2 < tokens.nr && t[i + 2].directive == t[i].directive &&
		    lex_token_is(&t[i + 2], ";"))
			continue;
		found = t[i].directive || i + 2 >= tokens.nr || !lex_token_is(&t[i + 2], "*") ||
			t[i + 2].directive || !only_pointers(t, tokens.nr, i + 2);
	}
	lex_tokens_release(&tokens);
	return found;
}

void lexscan_includes(const char *text, size_t len,
		      void (*fn)(const char *name, size_t len, int quoted, void *data), void *data)
{
	for (size_t line = 0; line < len;) {
		const char *nl = memchr(text + line, '\n', len - line);
		size_t end = nl ? (size_t)(nl - text) : len;
		size_t i = skip_blanks(text, line, end);

		if (i < end && text[i] == '#') {
			i = skip_blanks(text, i + 1, end);
			if (end - i > 7 && !memcmp(text + i, "include", 7)) {
				i = skip_blanks(text, i + 7, end);
				if (i < end && (text[i] == '<' || text[i] == '"')) {
					char close = text[i] == '<' ? '>' : '"';
					const char *stop = memchr(text + i + 1, close, end - i - 1);

					if (stop && stop > text + i + 1)
						fn(text + i + 1, (size_t)(stop - text - i - 1), close == '"', data);
				}
			}
		}
		line = end + 1;
	}
}
