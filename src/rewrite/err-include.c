#define _GNU_SOURCE
#include "rewrite/err-include.h"
#include "kernel/reach.h"
#include "lex/lex.h"

#include <stdlib.h>
#include <string.h>

#define ERR_HEADER "include/linux/err.h"

static const char *const helpers[] = { "IS_ERR", "PTR_ERR", "ERR_PTR", NULL };

/* Whether text (lexed) names one of the error-pointer helpers. */
static int names_helper(const struct lex_tokens *t)
{
	for (size_t i = 0; i < t->nr; i++)
		for (size_t h = 0; helpers[h]; h++)
			if (t->v[i].kind == TOKEN_IDENT && lex_token_is(&t->v[i], helpers[h]))
				return 1;
	return 0;
}

static const struct strbuf *working_text(const char *rel, void *data)
{
	struct rewrite_file *f = rewrite_file_find(data, rel);

	return f ? f->content : NULL;
}

/*
 * The <...> header a directive at t->v[i] ('#') names, as a path under the
 * kernel's include/ ("include/linux/fs.h"), or NULL.  *end gets the index
 * after the directive.
 */
static char *system_include(const struct lex_tokens *t, size_t i, size_t *end)
{
	struct strbuf sb = STRBUF_INIT;
	size_t j = i + 1;
	int angle = 0, include;

	include = j < t->nr && t->v[j].directive && lex_token_is(&t->v[j], "include");
	for (j = i + 1; j < t->nr && t->v[j].directive && (j == i + 1 || !t->v[j].directive_start); j++) {
		if (!include || j == i + 1)
			continue;
		if (lex_token_is(&t->v[j], "<") && !angle) {
			angle = 1;
			continue;
		}
		if (lex_token_is(&t->v[j], ">"))
			angle = 2;
		if (angle == 1)
			strbuf_add(&sb, t->v[j].text, t->v[j].len);
	}
	*end = j;
	if (angle != 2 || !sb.len) {
		strbuf_release(&sb);
		return NULL;
	}
	{
		char *path = xstrfmt("include/%s", sb.buf);

		strbuf_release(&sb);
		return path;
	}
}

/* Whether file reaches <linux/err.h>, in the tree or through the kernel's headers. */
static int reaches_err(struct reach *tree_reach,
		       struct reach *kernel_reach, const char *file, const struct lex_tokens *t)
{
	struct strvec hs = STRVEC_INIT;
	int found;

	reach_headers(tree_reach, file, &hs);
	found = strvec_has(&hs, ERR_HEADER);
	strvec_clear(&hs);
	for (size_t i = 0; i < t->nr && !found && kernel_reach; i++) {
		size_t end;
		char *h;

		if (!t->v[i].directive_start)
			continue;
		h = system_include(t, i, &end);
		if (h) {
			found = !strcmp(h, ERR_HEADER);
			if (!found) {
				reach_headers(kernel_reach, h, &hs);
				found = strvec_has(&hs, ERR_HEADER);
				strvec_clear(&hs);
			}
			free(h);
		}
		i = end - 1;
	}
	return found;
}

/* The offset the new #include line goes at. */
static size_t insertion_point(const char *text, const struct lex_tokens *t)
{
	size_t last_linux = (size_t)-1, last_any = (size_t)-1, first_code = (size_t)-1;

	for (size_t i = 0; i < t->nr; i++) {
		const struct lex_token *k = &t->v[i];

		if (!k->directive && first_code == (size_t)-1)
			first_code = lex_line_start(text, k->offset);
		if (!k->directive_start || i + 1 >= t->nr || !lex_token_is(&t->v[i + 1], "include"))
			continue;
		if (first_code != (size_t)-1)
			break;	/* an #include after code: not the file's include list */
		last_any = i;
		if (i + 3 < t->nr && lex_token_is(&t->v[i + 2], "<") && lex_token_is(&t->v[i + 3], "linux"))
			last_linux = i;
	}
	if (last_linux != (size_t)-1 || last_any != (size_t)-1) {
		size_t at = t->v[last_linux != (size_t)-1 ? last_linux : last_any].offset;
		const char *nl = strchr(text + at, '\n');

		return nl ? (size_t)(nl - text) + 1 : strlen(text);
	}
	return first_code == (size_t)-1 ? 0 : first_code;
}

int rewrite_err_include(struct rewrite_context *ctx)
{
	struct reach *tree_reach = reach_new(ctx->tree, working_text, ctx);
	struct reach *kernel_reach = ctx->out_of_tree ? reach_new(ctx->kernel, NULL, NULL) : NULL;

	for (size_t i = 0; i < ctx->nr; i++) {
		struct rewrite_file *f = &ctx->files[i];
		struct lex_tokens before = LEX_TOKENS_INIT, now = LEX_TOKENS_INIT;
		size_t n = strlen(f->path);

		if (!f->in_step || n < 2 || strcmp(f->path + n - 2, ".c") || !f->step_start ||
		    (f->step_start->len == f->content->len &&
		     !memcmp(f->step_start->buf, f->content->buf, f->content->len)))
			continue;
		lex_tokenize(f->step_start->buf, f->step_start->len, &before);
		lex_tokenize(f->content->buf, f->content->len, &now);
		if (names_helper(&now) && !names_helper(&before) &&
		    !reaches_err(tree_reach, kernel_reach, f->path, &now)) {
			size_t at = insertion_point(f->content->buf, &now);
			struct strbuf out = STRBUF_INIT;

			strbuf_add(&out, f->content->buf, at);
			strbuf_addstr(&out, "#include <linux/err.h>\n");
			strbuf_add(&out, f->content->buf + at, f->content->len - at);
			strbuf_reset(f->content);
			strbuf_add(f->content, out.buf, out.len);
			strbuf_release(&out);
			strvec_pushf(ctx->log, "%s: err-include: IS_ERR()/PTR_ERR() of class_create() need <linux/err.h>, which the file did not reach",
				     f->path);
		}
		lex_tokens_release(&before);
		lex_tokens_release(&now);
	}
	reach_free(tree_reach);
	if (kernel_reach)
		reach_free(kernel_reach);
	return 0;
}
