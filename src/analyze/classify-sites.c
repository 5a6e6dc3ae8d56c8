#define _GNU_SOURCE
#include "analyze/classify-sites.h"
#include "analyze/macro-body.h"
#include "base/cache.h"
#include "kernel/kernel.h"
#include "lex/lexscan.h"

#include <stdlib.h>
#include <string.h>

struct macro_expansion {
	unsigned start, end;
	char *name;
};

struct visit {
	struct classify *c;
	CXTranslationUnit tu;
	CXFile main;
	const char *file;
	struct site_list *sites;
	char *function;			/* enclosing function, borrowed */
	struct macro_expansion *macros;
	size_t nr_macros, alloc_macros;
};

static const char *shape_form(const struct type_shape *s)
{
	if (s->arrays)
		return "array";
	return s->pointers ? "pointer" : "embedded";
}

/* The outermost macro invocation in the file that produced offset, or NULL. */
static const char *macro_at(const struct visit *v, unsigned offset)
{
	for (size_t i = 0; i < v->nr_macros; i++)
		if (v->macros[i].start <= offset && offset < v->macros[i].end)
			return v->macros[i].name;
	return NULL;
}

static int location_in_main(const struct visit *v, CXCursor cursor, unsigned *line,
			    unsigned *column, unsigned *offset)
{
	CXSourceLocation loc = clang_getCursorLocation(cursor);
	CXFile file;

	/* most cursors are a header's: their lines are never counted */
	clang_getExpansionLocation(loc, &file, NULL, NULL, NULL);
	if (!file || !clang_File_isEqual(file, v->main))
		return 0;
	clang_getExpansionLocation(loc, NULL, line, column, offset);
	return 1;
}

static void add_site(struct visit *v, unsigned line, unsigned column, const char *kind,
		     const char *symbol, enum site_verdict verdict, const char *reason)
{
	site_list_add(v->sites, v->file, line, column, kind, symbol, "", verdict, reason,
		      v->function);
}

/* Designated fields of a struct initializer, in source order: "name,release". */
static char *initializer_fields(const struct visit *v, CXCursor var)
{
	CXSourceRange range = clang_getCursorExtent(var);
	struct strbuf fields = STRBUF_INIT;
	CXToken *tokens = NULL;
	unsigned nr = 0, i = 0, directive_line = 0;
	int depth = 0, seen_equal = 0, at_item = 0;

	clang_tokenize(v->tu, range, &tokens, &nr);
	for (i = 0; i < nr; i++) {
		char *t = classify_take_string(clang_getTokenSpelling(v->tu, tokens[i]));
		unsigned line;

		clang_getExpansionLocation(clang_getTokenLocation(v->tu, tokens[i]), NULL, &line, NULL, NULL);
		if (line == directive_line) {
			free(t);
			continue;
		}
		if (!strcmp(t, "#")) {
			/* #ifdef CONFIG_HOTPLUG inside an initializer: not a field. */
			directive_line = line;
			free(t);
			continue;
		}
		if (!seen_equal) {
			seen_equal = !strcmp(t, "=");
		} else if (!strcmp(t, "{") || !strcmp(t, "(") || !strcmp(t, "[")) {
			depth++;
			at_item = depth == 1;
		} else if (!strcmp(t, "}") || !strcmp(t, ")") || !strcmp(t, "]")) {
			depth--;
			if (!depth) {
				free(t);
				break;
			}
		} else if (depth == 1 && !strcmp(t, ",")) {
			at_item = 1;
		} else if (depth == 1 && at_item) {
			char *name = NULL, *next = NULL;

			if (!strcmp(t, ".") && i + 2 < nr) {
				name = classify_take_string(clang_getTokenSpelling(v->tu, tokens[i + 1]));
				next = classify_take_string(clang_getTokenSpelling(v->tu, tokens[i + 2]));
				if (strcmp(next, "=")) {
					free(name);
					name = NULL;
				}
			} else if (i + 1 < nr) {
				next = classify_take_string(clang_getTokenSpelling(v->tu, tokens[i + 1]));
				if (!strcmp(next, ":"))
					name = xstrdup(t);
			}
			if (name) {
				if (fields.len)
					strbuf_addch(&fields, ',');
				strbuf_addstr(&fields, name);
			}
			free(name);
			free(next);
			at_item = 0;
		}
		free(t);
	}
	clang_disposeTokens(v->tu, tokens, nr);
	return strbuf_detach(&fields, NULL);
}

/* Only CLASS_DEVICE_ATTR's own names can clash: class_device_attr_<name>. */
static int name_clashes(const char *attr_var)
{
	const char *name = attr_var + strlen("class_device_attr_");

	if (!starts_with(attr_var, "class_device_attr_"))
		return 0;
	return kernel_is_device_entry(name, strlen(name));
}

/*
 * An interface initialized with add_dev/remove_dev and neither add nor
 * remove is already what step 50 makes (--interface=callbacks): no class
 * device reaches it.  Without an initializer nothing says so.
 */
static int interface_is_converted(const struct visit *v, CXCursor var)
{
	char *fields = initializer_fields(v, var);
	char *padded = xstrfmt(",%s,", fields);
	int converted = (strstr(padded, ",add_dev,") || strstr(padded, ",remove_dev,")) &&
			!strstr(padded, ",add,") && !strstr(padded, ",remove,");

	free(padded);
	free(fields);
	return converted;
}

static void visit_var(struct visit *v, CXCursor cursor, unsigned line, unsigned column,
		      unsigned offset)
{
	int file_scope = clang_getCursorSemanticParent(cursor).kind == CXCursor_TranslationUnit;
	int is_extern = clang_Cursor_getStorageClass(cursor) == CX_SC_Extern &&
			!clang_isCursorDefinition(cursor);
	char *name = classify_take_string(clang_getCursorSpelling(cursor));
	struct type_shape s;

	classify_type_shape(clang_getCursorType(cursor), &s);
	if (classify_shape_is(&s, "class") && !s.pointers && !s.arrays && file_scope) {
		const char *macro = macro_at(v, offset);

		if (is_extern) {
			add_site(v, line, column, "static-class", name, SITE_AUTO, "declaration");
		} else if (macro) {
			char *reason = xstrfmt("needs-human: defined through macro %s", macro);

			add_site(v, line, column, "static-class", name, SITE_MANUAL, reason);
			free(reason);
		} else {
			char *fields = initializer_fields(v, cursor);
			char *padded = xstrfmt(",%s,", fields);
			char *reason;

			if (strstr(padded, ",class_release,")) {
				reason = xstrfmt("needs-human: custom class_release; sets: %s", fields);
				add_site(v, line, column, "static-class", name, SITE_MANUAL, reason);
			} else {
				reason = xstrfmt("sets: %s", fields);
				add_site(v, line, column, "static-class", name, SITE_AUTO, reason);
			}
			free(reason);
			free(padded);
			free(fields);
		}
	} else if (classify_shape_is(&s, "class_device") && (file_scope || !macro_at(v, offset))) {
		/* A local made by a macro (container_of's __mptr) is the macro's, not a site. */
		char *symbol = file_scope || !v->function ? xstrdup(name)
							   : xstrfmt("%s:%s", v->function, name);

		add_site(v, line, column, "class-device-variable", symbol, SITE_AUTO, shape_form(&s));
		free(symbol);
	} else if (classify_shape_is(&s, "class_device_attribute") && (file_scope || !macro_at(v, offset))) {
		const char *kind = s.arrays ? "attribute array" : "attribute";
		char *reason = name_clashes(name)
			? xstrfmt("%s; clashes with %s", kind, name + strlen("class_device_attr_"))
			: xstrdup(kind);
		char *symbol = file_scope || !v->function ? xstrdup(name)
							   : xstrfmt("%s:%s", v->function, name);

		add_site(v, line, column, "class-device-attribute", symbol, SITE_AUTO, reason);
		free(symbol);
		free(reason);
	} else if (classify_shape_is(&s, "class_interface") && !s.pointers && !s.arrays && file_scope &&
		   (is_extern || !interface_is_converted(v, cursor))) {
		add_site(v, line, column, "class-interface", name, SITE_AUTO,
			 is_extern ? "declaration" : "definition");
	}
	free(s.record);
	free(name);
}

static void visit_field(struct visit *v, CXCursor cursor, unsigned line, unsigned column)
{
	CXCursor parent = clang_getCursorSemanticParent(cursor);
	char *tag = classify_take_string(clang_getCursorSpelling(parent));
	char *member = classify_take_string(clang_getCursorSpelling(cursor));
	char *symbol = xstrfmt("%s.%s", tag[0] ? tag : "(anonymous)", member);
	struct type_shape s;

	classify_type_shape(clang_getCursorType(cursor), &s);
	if (classify_shape_is(&s, "class_device")) {
		char *reason = xstrfmt("%s%s", shape_form(&s),
				       classify_has_aligned_attr(parent) ||
				       classify_has_aligned_attr(cursor) ? "; aligned struct: C rewriter" : "");

		add_site(v, line, column, "class-device-field", symbol, SITE_AUTO, reason);
		free(reason);
	} else if (classify_shape_is(&s, "class_device_attribute")) {
		add_site(v, line, column, "class-device-attribute", symbol, SITE_AUTO, "attribute field");
	} else if (classify_shape_is(&s, "class") && !s.pointers && !s.arrays) {
		char *reason = xstrfmt("needs-human: embedded in struct %s", tag[0] ? tag : "(anonymous)");

		add_site(v, line, column, "static-class", symbol, SITE_MANUAL, reason);
		free(reason);
	}
	free(s.record);
	free(symbol);
	free(member);
	free(tag);
}

static int type_uses_class_device(CXType t)
{
	struct type_shape s;
	int uses;

	classify_type_shape(t, &s);
	uses = (classify_shape_is(&s, "class_device") && s.pointers) ||
	       classify_shape_is(&s, "class_device_attribute");
	free(s.record);
	return uses;
}

static void visit_function(struct visit *v, CXCursor cursor, unsigned line, unsigned column,
			   unsigned offset)
{
	int uses = type_uses_class_device(clang_getCursorResultType(cursor));
	int n = clang_Cursor_getNumArguments(cursor);
	char *name, *reason;
	const char *macro;

	for (int i = 0; !uses && i < n; i++)
		uses = type_uses_class_device(clang_getCursorType(clang_Cursor_getArgument(cursor, (unsigned)i)));
	if (!uses)
		return;
	name = classify_take_string(clang_getCursorSpelling(cursor));
	macro = macro_at(v, offset);
	if (macro)
		reason = xstrfmt("%s; macro-generated from %s",
				 clang_isCursorDefinition(cursor) ? "definition" : "declaration", macro);
	else
		reason = xstrdup(clang_isCursorDefinition(cursor) ? "definition" : "declaration");
	add_site(v, line, column, "class-device-function", name, SITE_AUTO, reason);
	free(reason);
	free(name);
}

static void visit_call(struct visit *v, CXCursor cursor, unsigned line, unsigned column)
{
	char *name = classify_take_string(clang_getCursorSpelling(cursor));

	for (size_t i = 0; i < kernel_nr_renames; i++) {
		if (!kernel_renames[i].macro && !strcmp(name, kernel_renames[i].old)) {
			char *reason = xstrfmt("-> %s", kernel_renames[i].new);

			add_site(v, line, column, "class-device-call", name, SITE_AUTO, reason);
			free(reason);
			free(name);
			return;
		}
	}
	if (starts_with(name, "class_device_"))
		add_site(v, line, column, "class-device-call", name, SITE_MANUAL,
			 "no-rule: no struct device counterpart");
	free(name);
}

static enum CXChildVisitResult visit_cursor(CXCursor cursor, CXCursor parent, CXClientData data)
{
	struct visit *v = data;
	unsigned line, column, offset;
	enum CXCursorKind kind = clang_getCursorKind(cursor);

	if (!location_in_main(v, cursor, &line, &column, &offset))
		return CXChildVisit_Continue;

	switch (kind) {
	case CXCursor_VarDecl:
		visit_var(v, cursor, line, column, offset);
		break;
	case CXCursor_FieldDecl:
		visit_field(v, cursor, line, column);
		break;
	case CXCursor_FunctionDecl: {
		char *saved = v->function;
		char *name = classify_take_string(clang_getCursorSpelling(cursor));

		visit_function(v, cursor, line, column, offset);
		v->function = name;
		clang_visitChildren(cursor, visit_cursor, v);
		v->function = saved;
		free(name);
		return CXChildVisit_Continue;
	}
	case CXCursor_CallExpr:
		visit_call(v, cursor, line, column);
		break;
	default:
		break;
	}
	return CXChildVisit_Recurse;
}

/* A macro expansion the main file holds, for macro_at(). */
static void collect_macro(struct visit *v, CXCursor cursor)
{
	CXSourceRange range = clang_getCursorExtent(cursor);
	CXFile file;
	unsigned start, end;

	clang_getExpansionLocation(clang_getRangeStart(range), &file, NULL, NULL, &start);
	if (!file || !clang_File_isEqual(file, v->main))
		return;
	clang_getExpansionLocation(clang_getRangeEnd(range), NULL, NULL, NULL, &end);
	ALLOC_GROW(v->macros, v->nr_macros + 1, v->alloc_macros);
	v->macros[v->nr_macros].start = start;
	v->macros[v->nr_macros].end = end > start ? end : start + 1;
	v->macros[v->nr_macros].name = classify_take_string(clang_getCursorSpelling(cursor));
	v->nr_macros++;
}

/*
 * The translation unit's children: libclang gives the preprocessing
 * record (every file's macro definitions, expansions and inclusions, the
 * most of a kernel parse's cursors) before the declarations, so one walk
 * collects the main file's expansions before any site asks macro_at(),
 * and no other preprocessing entity is located.
 */
static enum CXChildVisitResult visit_top_level(CXCursor cursor, CXCursor parent, CXClientData data)
{
	enum CXCursorKind kind = clang_getCursorKind(cursor);

	if (kind == CXCursor_MacroExpansion)
		collect_macro(data, cursor);
	if (clang_isPreprocessing(kind))
		return CXChildVisit_Continue;
	return visit_cursor(cursor, parent, data);
}

struct inactive_hit {
	struct visit *v;
	int if_zero;		/* the branch is #if 0: no configuration compiles it */
};

static void on_inactive(const char *ident, size_t len, unsigned line, unsigned column, void *data)
{
	struct inactive_hit *hit = data;
	char *symbol;

	/* CONFIG_BACKLIGHT_CLASS_DEVICE names a Kconfig option, not the API */
	if (len > 7 && !memcmp(ident, "CONFIG_", 7))
		return;
	symbol = xstrndup(ident, len);
	add_site(hit->v, line, column, "inactive", symbol, SITE_MANUAL,
		 hit->if_zero ? SITE_REASON_IF_ZERO : "inactive-#if: not seen by the parser");
	free(symbol);
}

static void scan_inactive(struct visit *v)
{
	CXSourceRangeList *ranges = clang_getSkippedRanges(v->tu, v->main);
	size_t size = 0;
	const char *text = clang_getFileContents(v->tu, v->main, &size);

	if (!ranges)
		return;
	for (unsigned i = 0; text && i < ranges->count; i++) {
		unsigned start, end;

		clang_getExpansionLocation(clang_getRangeStart(ranges->ranges[i]), NULL, NULL, NULL, &start);
		clang_getExpansionLocation(clang_getRangeEnd(ranges->ranges[i]), NULL, NULL, NULL, &end);
		if (end > size)
			end = (unsigned)size;
		if (start < end) {
			struct inactive_hit hit = { v, lexscan_starts_if_zero(text, start, end) };

			lexscan_identifiers(text, start, end, kernel_api_needles, 1,
					    on_inactive, &hit);
		}
	}
	clang_disposeSourceRangeList(ranges);
}

/*
 * The sites and diagnostics of file in tu, into r (zeroed by the caller):
 * tu is file's own parse, or with `guest` set the parse of a file that
 * includes it, whose diagnostics in other files are not file's.  A guest
 * the parse did not enter is absent.
 */
static void sites_of_parse(struct classify *c, CXTranslationUnit tu, const char *file,
			   int guest, struct file_result *r)
{
	struct visit v;
	char *abs = path_join(c->tree, file);
	size_t entered_size = 0;

	memset(&v, 0, sizeof(v));
	v.main = clang_getFile(tu, abs);
	/* a file looked up but never entered has a CXFile and no contents */
	if (guest && (!v.main || !clang_getFileContents(tu, v.main, &entered_size))) {
		r->absent = 1;
		free(abs);
		return;
	}
	r->parsed = 1;
	v.c = c;
	v.tu = tu;
	v.file = file;
	v.sites = &r->sites;
	clang_visitChildren(clang_getTranslationUnitCursor(tu), visit_top_level, &v);
	scan_inactive(&v);
	{
		struct strvec expanded = STRVEC_INIT;
		size_t size = 0;
		const char *text = clang_getFileContents(tu, v.main, &size);

		for (size_t i = 0; i < v.nr_macros; i++)
			strvec_push(&expanded, v.macros[i].name);
		if (text)
			macro_body_sites(file, text, size, &expanded, &r->sites);
		strvec_clear(&expanded);
	}
	classify_collect_diagnostics_in(c, tu, guest ? v.main : NULL, &r->diags);
	classify_view_diagnostics(c, &r->diags, &r->errors, &r->first_error, &r->error_texts);
	for (size_t i = 0; i < v.nr_macros; i++)
		free(v.macros[i].name);
	free(v.macros);
	free(abs);
}

/* The memo's key of guest's sites from host's parse. */
static void guest_key(struct classify *c, const char *host, const char *guest, char key[33])
{
	char *query = xstrfmt("classify guest %s", guest);

	classify_memo_key(c, query, host, key);
	free(query);
}

void classify_sites_of(struct classify *c, CXIndex index, const char *file,
		       struct file_result *r)
{
	classify_sites_with_guests(c, index, file, NULL, 0, r, NULL);
}

void classify_sites_with_guests(struct classify *c, CXIndex index, const char *file,
				const char *const *guests, size_t nr_guests,
				struct file_result *r, struct file_result *guest_results)
{
	char key[33], guest[33];
	CXTranslationUnit tu;
	size_t hits = 0;
	int memo = cache_dir() != NULL;

	if (memo) {
		classify_memo_key(c, "classify", file, key);
		hits = classify_memo_get(c, key, &classify_memo_file_result, r);
		for (size_t k = 0; hits == 1 + k && k < nr_guests; k++) {
			guest_key(c, file, guests[k], guest);
			hits += classify_memo_get(c, guest, &classify_memo_file_result, &guest_results[k]);
		}
		if (hits == 1 + nr_guests) {
			classify_view_diagnostics(c, &r->diags, &r->errors, &r->first_error, &r->error_texts);
			for (size_t k = 0; k < nr_guests; k++) {
				struct file_result *g = &guest_results[k];

				classify_view_diagnostics(c, &g->diags, &g->errors, &g->first_error,
							  &g->error_texts);
			}
			return;
		}
		/* one query of the parse was not kept: parse for all */
		file_result_release(r);
		for (size_t k = 0; k < nr_guests; k++)
			file_result_release(&guest_results[k]);
	}
	tu = classify_parse(c, index, file, NULL, 0);
	if (!tu) {
		r->errors = 1;
		r->first_error = xstrfmt("%s: libclang could not parse the file", file);
		strvec_push(&r->error_texts, r->first_error);
		for (size_t k = 0; k < nr_guests; k++)
			guest_results[k].absent = 1;
		return;
	}
	sites_of_parse(c, tu, file, 0, r);
	if (memo)
		classify_memo_put(c, key, tu, &classify_memo_file_result, r);
	for (size_t k = 0; k < nr_guests; k++) {
		sites_of_parse(c, tu, guests[k], 1, &guest_results[k]);
		if (memo) {
			guest_key(c, file, guests[k], guest);
			classify_memo_put(c, guest, tu, &classify_memo_file_result, &guest_results[k]);
		}
	}
	clang_disposeTranslationUnit(tu);
}

void classify_keep_sites(struct classify *c, CXTranslationUnit tu, const char *file)
{
	struct file_result r;
	char key[33];

	if (!cache_dir())
		return;
	memset(&r, 0, sizeof(r));
	classify_memo_key(c, "classify", file, key);
	if (!classify_memo_get(c, key, &classify_memo_file_result, &r)) {
		sites_of_parse(c, tu, file, 0, &r);
		classify_memo_put(c, key, tu, &classify_memo_file_result, &r);
	}
	file_result_release(&r);
}
