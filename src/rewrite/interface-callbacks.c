#define _GNU_SOURCE
#include "rewrite/interface-callbacks.h"
#include "kernel/kernel.h"
#include "lex/lex.h"

#include <stdlib.h>
#include <string.h>

static const struct {
	const char *old, *new;
} callbacks[] = {
	{ "add", "add_dev" },
	{ "remove", "remove_dev" },
};
#define NR_CALLBACKS (sizeof(callbacks) / sizeof(*callbacks))

static int is(const struct lex_tokens *t, size_t i, const char *s)
{
	return i < t->nr && !t->v[i].directive && lex_token_is(&t->v[i], s);
}

/* Whether the text's struct class_interface has every new callback. */
static int core_has_callbacks(const struct strbuf *text)
{
	struct lex_tokens t = LEX_TOKENS_INIT;
	unsigned found = 0;

	lex_tokenize(text->buf, text->len, &t);
	for (size_t i = 0; i + 2 < t.nr; i++) {
		size_t close;

		if (!is(&t, i, "struct") || !is(&t, i + 1, "class_interface") || !is(&t, i + 2, "{"))
			continue;
		close = lex_tokens_match(t.v, t.nr, i + 2);
		for (size_t k = i + 3; k < close; k++)
			for (size_t c = 0; c < NR_CALLBACKS; c++)
				if (is(&t, k, callbacks[c].new))
					found |= 1u << c;
		break;
	}
	lex_tokens_release(&t);
	return found == (1u << NR_CALLBACKS) - 1;
}

/*
 * What the file's declarations and definitions of function `name` take
 * first: 1 a struct device *, 0 a struct class_device * somewhere (or
 * neither), so only a file step 40 converted throughout says 1.
 */
static int takes_device(const struct lex_tokens *t, const char *name)
{
	int device = 0;

	for (size_t i = 1; i + 4 < t->nr; i++) {
		if (!is(t, i, name) || !is(t, i + 1, "(") || !is(t, i + 2, "struct") ||
		    (t->v[i - 1].kind == TOKEN_PUNCT && !is(t, i - 1, "*")))
			continue;
		if (is(t, i + 3, "class_device"))
			return 0;
		if (is(t, i + 3, "device") && is(t, i + 4, "*"))
			device = 1;
	}
	return device;
}

struct rename {
	size_t offset, len;
	const char *to;
};

/* Handle the file's interfaces; appends the renames of f to *r. */
static void file_interfaces(struct rewrite_context *ctx, struct rewrite_file *f, int core_ok,
			    struct rename **r, size_t *nr)
{
	struct lex_tokens t = LEX_TOKENS_INIT;
	int depth = 0;

	lex_tokenize(f->content->buf, f->content->len, &t);
	for (size_t i = 0; i < t.nr; i++) {
		size_t open, close, first = *nr;
		const char *iface;
		size_t iface_len;
		unsigned line;

		if (t.v[i].directive)
			continue;
		if (is(&t, i, "{"))
			depth++;
		else if (is(&t, i, "}"))
			depth--;
		if (depth || !is(&t, i, "struct") || !is(&t, i + 1, "class_interface") ||
		    i + 4 >= t.nr || t.v[i + 2].kind != TOKEN_IDENT || !is(&t, i + 3, "=") ||
		    !is(&t, i + 4, "{"))
			continue;
		iface = t.v[i + 2].text;
		iface_len = t.v[i + 2].len;
		line = t.v[i].line;
		open = i + 4;
		close = lex_tokens_match(t.v, t.nr, open);
		for (size_t k = open + 1; k + 2 < close; k++) {
			size_t end = k + 3, last = 0;
			int nest = 0;
			char *fn;

			if (!(is(&t, k, ".") && (k == open + 1 || is(&t, k - 1, ",")) &&
			      is(&t, k + 2, "=")))
				continue;
			for (; end < close; end++) {
				if (is(&t, end, "(") || is(&t, end, "["))
					nest++;
				else if (is(&t, end, ")") || is(&t, end, "]"))
					nest--;
				else if (!nest && is(&t, end, ","))
					break;
				if (t.v[end].kind == TOKEN_IDENT)
					last = end;
			}
			for (size_t c = 0; c < NR_CALLBACKS && last; c++) {
				if (!is(&t, k + 1, callbacks[c].old))
					continue;
				fn = xstrndup(t.v[last].text, t.v[last].len);
				if (takes_device(&t, fn)) {
					*r = xrealloc(*r, (*nr + 1) * sizeof(**r));
					(*r)[*nr].offset = t.v[k + 1].offset;
					(*r)[*nr].len = t.v[k + 1].len;
					(*r)[*nr].to = callbacks[c].new;
					(*nr)++;
				}
				free(fn);
			}
			k = end - 1;
		}
		if (*nr > first && !core_ok) {
			strvec_pushf(ctx->log,
				     "%s:%u: interface-callbacks: %.*s stays a class_interface (no virtual bus for its class) and its callbacks take a struct device, but the driver core's struct class_interface has no add_dev/remove_dev (2.6.19): left, the file does not compile",
				     f->path, line, (int)iface_len, iface);
			*nr = first;
		} else if (*nr > first) {
			strvec_pushf(ctx->log,
				     "%s:%u: interface-callbacks: %.*s stays a class_interface (no virtual bus for its class): its callbacks take a struct device, so they become its add_dev/remove_dev (2.6.19)",
				     f->path, line, (int)iface_len, iface);
		}
		i = close < t.nr ? close : t.nr - 1;
	}
	lex_tokens_release(&t);
}

int rewrite_interface_callbacks(struct rewrite_context *ctx)
{
	struct rewrite_file *core = rewrite_file_find(ctx, KERNEL_DEVICE_H);
	struct strbuf disk = STRBUF_INIT;
	const struct strbuf *device_h = NULL;
	int core_ok;

	if (core) {
		device_h = core->content;
	} else {
		char *abs = path_join(ctx->kernel, KERNEL_DEVICE_H);

		if (strbuf_read_file(&disk, abs) == 0)
			device_h = &disk;
		free(abs);
	}
	core_ok = device_h && core_has_callbacks(device_h);

	for (size_t i = 0; i < ctx->nr; i++) {
		struct rewrite_file *f = &ctx->files[i];
		struct rename *r = NULL;
		size_t nr = 0;

		if (!f->in_step || kernel_is_class_device_core(f->path) ||
		    !memmem(f->content->buf, f->content->len, "class_interface", 15))
			continue;
		file_interfaces(ctx, f, core_ok, &r, &nr);
		if (nr) {
			struct strbuf out = STRBUF_INIT;
			size_t at = 0;

			for (size_t k = 0; k < nr; k++) {
				strbuf_add(&out, f->content->buf + at, r[k].offset - at);
				strbuf_addstr(&out, r[k].to);
				at = r[k].offset + r[k].len;
			}
			strbuf_add(&out, f->content->buf + at, f->content->len - at);
			strbuf_reset(f->content);
			strbuf_add(f->content, out.buf, out.len);
			strbuf_release(&out);
		}
		free(r);
	}
	strbuf_release(&disk);
	return 0;
}
