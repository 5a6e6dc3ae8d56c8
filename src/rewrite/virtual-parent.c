#include "rewrite/virtual-parent.h"
#include "rewrite/core-file.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define CORE_C "drivers/base/core.c"
#define CLASS_C "drivers/base/class.c"

static const struct core_item *find_function(const struct core_file *f, const char *name)
{
	for (size_t i = 0; i < f->nr; i++)
		if (f->items[i].kind == CORE_ITEM_FUNCTION && f->items[i].name &&
		    !strcmp(f->items[i].name, name))
			return &f->items[i];
	return NULL;
}

/* The function (other than `name` itself) that calls `name`, or NULL. */
static const char *caller_of(const struct core_file *f, const char *name)
{
	for (size_t i = 0; i < f->nr; i++) {
		const struct core_item *it = &f->items[i];

		if (it->kind != CORE_ITEM_FUNCTION || !it->name || !strcmp(it->name, name))
			continue;
		for (size_t k = it->open; k + 1 <= it->last; k++)
			if (lex_token_is(&f->tokens.v[k], name) &&
			    lex_token_is(&f->tokens.v[k + 1], "("))
				return it->name;
	}
	return NULL;
}

/* The token naming the second parameter of function `it`, or 0. */
static size_t second_parameter(const struct core_file *f, const struct core_item *it)
{
	size_t open = 0, close, comma = 0, last = 0;

	for (size_t k = it->first; k < it->open; k++)
		if (lex_token_is(&f->tokens.v[k], "(")) {
			open = k;
			break;
		}
	if (!open)
		return 0;
	close = core_match(f, open);
	for (size_t k = open + 1; k < close && k < it->open; k++) {
		if (lex_token_is(&f->tokens.v[k], "(")) {
			k = core_match(f, k);
			continue;
		}
		if (lex_token_is(&f->tokens.v[k], ",")) {
			if (comma)
				break;
			comma = k;
			continue;
		}
		if (comma && f->tokens.v[k].kind == TOKEN_IDENT)
			last = k;
	}
	return last;
}

/*
 * The line of an "if (p == NULL)" / "if (!p)" / "if (NULL == p)" in the
 * body of `it` whose branch leaves (goto or return): a NULL parent is
 * refused.  0 when there is none.
 */
static unsigned refuses_null(const struct core_file *f, const struct core_item *it, size_t param)
{
	const struct lex_token *v = f->tokens.v;
	const struct lex_token *p = &v[param];

	for (size_t k = it->open; k + 4 <= it->last; k++) {
		size_t close, end;
		int null_test;

		if (!lex_token_is(&v[k], "if") || !lex_token_is(&v[k + 1], "("))
			continue;
		close = core_match(f, k + 1);
		if (close > it->last)
			continue;
		null_test =
			(close == k + 4 && lex_token_is(&v[k + 2], "!") &&
			 v[k + 3].len == p->len && !memcmp(v[k + 3].text, p->text, p->len)) ||
			(close == k + 5 && lex_token_is(&v[k + 3], "==") &&
			 ((v[k + 2].len == p->len && !memcmp(v[k + 2].text, p->text, p->len) &&
			   lex_token_is(&v[k + 4], "NULL")) ||
			  (lex_token_is(&v[k + 2], "NULL") && v[k + 4].len == p->len &&
			   !memcmp(v[k + 4].text, p->text, p->len))));
		if (!null_test)
			continue;
		end = close + 1;
		if (lex_token_is(&v[end], "{"))
			end = core_match(f, end);
		else
			while (end < it->last && !lex_token_is(&v[end], ";"))
				end++;
		for (size_t j = close + 1; j <= end && j <= it->last; j++)
			if (lex_token_is(&v[j], "goto") || lex_token_is(&v[j], "return"))
				return v[k].line;
	}
	return 0;
}

/*
 * Parse `path` of the driver core as the step sees it: its working text,
 * else the tree's.  -1 when it cannot be read.
 */
static int read_core_file(struct rewrite_context *ctx, const char *path, struct strbuf *disk,
			  struct core_file *f)
{
	struct rewrite_file *working = rewrite_file_find(ctx, path);

	if (!working) {
		char *abs = path_join(ctx->tree, path);
		int rc = strbuf_read_file(disk, abs);

		free(abs);
		if (rc < 0)
			return -1;
	}
	core_file_parse(f, working ? working->content->buf : disk->buf,
			working ? working->content->len : disk->len);
	return 0;
}

int rewrite_virtual_parent(struct rewrite_context *ctx)
{
	struct strbuf disk = STRBUF_INIT, class_disk = STRBUF_INIT;
	struct core_file f = CORE_FILE_INIT, class_file = CORE_FILE_INIT;
	const struct core_item *vp, *create;
	const struct core_file *home = &f;
	const char *caller = NULL, *home_path = CORE_C;
	unsigned line = 0;
	int rc = 0;

	if (read_core_file(ctx, CORE_C, &disk, &f) < 0) {
		error("step 60 virtual-devices refused: cannot read %s (%s): the driver core must place parentless class devices",
		      CORE_C, strerror(errno));
		strbuf_release(&disk);
		return REWRITE_REFUSED;
	}
	vp = find_function(&f, "virtual_device_parent");
	/* 2.6.19 defined it beside the classes, in class.c, and device_add() calls it */
	if (!vp && read_core_file(ctx, CLASS_C, &class_disk, &class_file) == 0 &&
	    (vp = find_function(&class_file, "virtual_device_parent"))) {
		home = &class_file;
		home_path = CLASS_C;
	}
	create = find_function(&f, "device_create");
	if (vp)
		caller = caller_of(&f, "virtual_device_parent");
	if (create && second_parameter(&f, create))
		line = refuses_null(&f, create, second_parameter(&f, create));
	if (!vp) {
		error("step 60 virtual-devices refused: %s has no virtual_device_parent(): a class device without a parent would not go under /sys/devices/virtual/<class>/; run step 30 core first",
		      CORE_C);
		rc = REWRITE_REFUSED;
	} else if (!caller) {
		error("step 60 virtual-devices refused: %s:%u: virtual_device_parent() is defined but nothing in %s calls it: device_add() must call it for a device with a class and no parent (edit it by hand)",
		      home_path, home->tokens.v[vp->first].line, CORE_C);
		rc = REWRITE_REFUSED;
	} else if (line) {
		error("step 60 virtual-devices refused: %s:%u: device_create() still refuses a NULL parent: drop that test (edit it by hand)",
		      CORE_C, line);
		rc = REWRITE_REFUSED;
	} else {
		strvec_pushf(ctx->log, "%s: parentless class devices go under /sys/devices/virtual/<class>/ (%s() calls virtual_device_parent())",
			     CORE_C, caller);
	}
	core_file_release(&f);
	core_file_release(&class_file);
	strbuf_release(&disk);
	strbuf_release(&class_disk);
	return rc;
}
