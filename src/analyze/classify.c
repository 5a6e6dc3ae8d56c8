#define _GNU_SOURCE
#include "analyze/classify.h"
#include "analyze/macro-body.h"
#include "analyze/parse-setup.h"
#include "base/cache.h"
#include "base/walk.h"
#include "kernel/kernel.h"
#include "lex/lexscan.h"

#include <clang-c/Index.h>
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config.h"

/* An overlay file's content hash, for the parse memo. */
struct overlay_hash {
	const char *name;	/* absolute: the overlay's Filename */
	char hash[33];
};

struct classify {
	char *tree;		/* absolute, real path */
	char *kernel;		/* absolute, real path */
	char *scratch;		/* our temporary directory */
	struct parse_setup *setup;	/* the parse arguments of each file */
	int jobs;
	int type_errors;	/* classify_options.type_errors: the view of a parse's diagnostics */
	struct CXUnsavedFile *overlay;	/* absolute names, borrowed contents */
	size_t nr_overlay;
	struct overlay_hash *overlay_hashes;	/* in strcmp order of name */
	char overlay_new_key[33];	/* the overlay's files the disk lacks, hashed */
};

/* An owned copy of a CXString, disposed at once. */
static char *take_string(CXString s)
{
	const char *p = clang_getCString(s);
	char *copy = xstrdup(p ? p : "");

	clang_disposeString(s);
	return copy;
}

struct classify *classify_new(const struct classify_options *opts)
{
	struct classify *c = xcalloc(1, sizeof(*c));
	const char *tmp = getenv("TMPDIR");
	char real[PATH_MAX];
	struct stat st;
	char *inc, *templ;

	if (!realpath(opts->tree, real)) {
		error("%s: cannot resolve the tree: %s", opts->tree, strerror(errno));
		free(c);
		return NULL;
	}
	c->tree = xstrdup(real);
	if (!realpath(opts->kernel ? opts->kernel : opts->tree, real)) {
		error("%s: cannot resolve the kernel directory: %s", opts->kernel, strerror(errno));
		free(c->tree);
		free(c);
		return NULL;
	}
	c->kernel = xstrdup(real);
	inc = path_join(c->kernel, "include/linux");
	if (!opts->headers_optional && (stat(inc, &st) < 0 || !S_ISDIR(st.st_mode))) {
		if (opts->out_of_tree)
			error("%s: no include/linux/ here: give --kernel the root of a kernel tree", c->kernel);
		else
			error("%s: no include/linux/ here: scan a kernel tree, or give --kernel DIR for a driver directory", c->kernel);
		free(inc);
		free(c->kernel);
		free(c->tree);
		free(c);
		return NULL;
	}
	free(inc);
	templ = xstrfmt("%s/cdmigrate-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(templ)) {
		error_errno("%s: cannot create a scratch directory", templ);
		free(templ);
		free(c->kernel);
		free(c->tree);
		free(c);
		return NULL;
	}
	c->scratch = templ;
	c->jobs = opts->jobs < 1 ? 1 : opts->jobs;
	c->type_errors = opts->type_errors;
	{
		struct parse_setup_options po = { c->tree, c->kernel, c->scratch, opts->arch,
						   opts->out_of_tree };

		c->setup = parse_setup_new(&po);
	}
	classify_set_overlay(c, NULL, 0);
	return c;
}

void classify_free(struct classify *c)
{
	if (!c)
		return;
	parse_setup_free(c->setup, 0);
	rmdir(c->scratch);
	classify_set_overlay(c, NULL, 0);
	free(c->scratch);
	free(c->kernel);
	free(c->tree);
	free(c);
}

/* The arguments parse-setup gives `file`, whose content is `content` (NULL: the overlay's or the disk's). */
static void classify_parse_args(struct classify *c, const char *file, const char *content, size_t len,
				struct strvec *args)
{
	char *abs = content ? NULL : path_join(c->tree, file);

	for (size_t i = 0; abs && i < c->nr_overlay; i++)
		if (!strcmp(c->overlay[i].Filename, abs)) {
			content = c->overlay[i].Contents;
			len = (size_t)c->overlay[i].Length;
		}
	free(abs);
	parse_setup_args(c->setup, file, content, len, args);
}

void classify_print_args(struct classify *c, const char *file, FILE *out)
{
	struct strvec args = STRVEC_INIT;

	classify_parse_args(c, file, NULL, 0, &args);
	for (size_t i = 0; i < args.nr; i++)
		fprintf(out, "%s\n", args.v[i]);
	strvec_clear(&args);
}

static int compare_overlay_hashes(const void *a, const void *b)
{
	return strcmp(((const struct overlay_hash *)a)->name, ((const struct overlay_hash *)b)->name);
}

void classify_set_overlay(struct classify *c, const struct classify_unsaved *files, size_t nr)
{
	struct cache_hasher *fresh = cache_hasher_new();
	struct stat st;

	for (size_t i = 0; i < c->nr_overlay; i++)
		free((char *)c->overlay[i].Filename);
	free(c->overlay);
	free(c->overlay_hashes);
	c->overlay = nr ? xcalloc(nr, sizeof(*c->overlay)) : NULL;
	c->overlay_hashes = nr ? xcalloc(nr, sizeof(*c->overlay_hashes)) : NULL;
	c->nr_overlay = nr;
	for (size_t i = 0; i < nr; i++) {
		struct cache_hasher *h = cache_hasher_new();

		c->overlay[i].Filename = path_join(c->tree, files[i].file);
		c->overlay[i].Contents = files[i].content;
		c->overlay[i].Length = (unsigned long)files[i].len;
		cache_hasher_add(h, files[i].content, files[i].len);
		cache_hasher_finish(h, c->overlay_hashes[i].hash);
		c->overlay_hashes[i].name = c->overlay[i].Filename;
	}
	if (nr)
		qsort(c->overlay_hashes, nr, sizeof(*c->overlay_hashes), compare_overlay_hashes);
	/* a file only the overlay has can change which file an #include finds */
	cache_hasher_add_string(fresh, "overlay-only files");
	for (size_t k = 0; k < nr; k++) {
		const char *name = c->overlay_hashes[k].name;

		if (stat(name, &st) < 0)
			cache_hasher_add_string(fresh, name + strlen(c->tree));
	}
	cache_hasher_finish(fresh, c->overlay_new_key);
}

/* The overlay's content hash of the absolute path, or NULL when it has none. */
static const char *overlay_hash_of(const struct classify *c, const char *abs)
{
	size_t lo = 0, hi = c->nr_overlay;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int cmp = strcmp(c->overlay_hashes[mid].name, abs);

		if (!cmp)
			return c->overlay_hashes[mid].hash;
		if (cmp < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

static atomic_ulong total_parses;

unsigned long classify_parse_count(void)
{
	return atomic_load(&total_parses);
}

static CXTranslationUnit parse(struct classify *c, CXIndex index, const char *file,
			       const char *content, size_t len)
{
	struct strvec args = STRVEC_INIT;
	char *abs = path_join(c->tree, file);
	struct CXUnsavedFile *unsaved = xcalloc(c->nr_overlay + 1, sizeof(*unsaved));
	size_t nr_unsaved = 0;
	CXTranslationUnit tu = NULL;
	enum CXErrorCode rc;

	classify_parse_args(c, file, content, len, &args);
	/* The file's own content wins over the overlay's copy of it. */
	for (size_t i = 0; i < c->nr_overlay; i++)
		if (!content || strcmp(c->overlay[i].Filename, abs))
			unsaved[nr_unsaved++] = c->overlay[i];
	if (content) {
		unsaved[nr_unsaved].Filename = abs;
		unsaved[nr_unsaved].Contents = content;
		unsaved[nr_unsaved].Length = (unsigned long)len;
		nr_unsaved++;
	}
	rc = clang_parseTranslationUnit2(index, abs, (const char *const *)args.v, (int)args.nr,
					 unsaved, (unsigned)nr_unsaved,
					 CXTranslationUnit_KeepGoing |
					 CXTranslationUnit_DetailedPreprocessingRecord, &tu);
	if (rc != CXError_Success)
		tu = NULL;
	atomic_fetch_add(&total_parses, 1);
	free(unsaved);
	strvec_clear(&args);
	free(abs);
	return tu;
}

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

struct type_shape {
	char *record;		/* struct tag after pointers/arrays, or NULL */
	int pointers;
	int arrays;
};

static void type_shape(CXType t, struct type_shape *s)
{
	s->record = NULL;
	s->pointers = s->arrays = 0;
	for (;;) {
		t = clang_getCanonicalType(t);
		if (t.kind == CXType_Pointer) {
			s->pointers++;
			t = clang_getPointeeType(t);
		} else if (t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray ||
			   t.kind == CXType_VariableArray || t.kind == CXType_DependentSizedArray) {
			s->arrays++;
			t = clang_getArrayElementType(t);
		} else {
			break;
		}
	}
	if (t.kind == CXType_Record) {
		CXCursor decl = clang_getTypeDeclaration(t);

		if (decl.kind == CXCursor_StructDecl)
			s->record = take_string(clang_getCursorSpelling(decl));
	}
}

static int shape_is(const struct type_shape *s, const char *tag)
{
	return s->record && !strcmp(s->record, tag);
}

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

	clang_getExpansionLocation(loc, &file, line, column, offset);
	return file && clang_File_isEqual(file, v->main);
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
		char *t = take_string(clang_getTokenSpelling(v->tu, tokens[i]));
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
				name = take_string(clang_getTokenSpelling(v->tu, tokens[i + 1]));
				next = take_string(clang_getTokenSpelling(v->tu, tokens[i + 2]));
				if (strcmp(next, "=")) {
					free(name);
					name = NULL;
				}
			} else if (i + 1 < nr) {
				next = take_string(clang_getTokenSpelling(v->tu, tokens[i + 1]));
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

static int has_aligned_attr(CXCursor cursor);

static enum CXChildVisitResult find_aligned(CXCursor cursor, CXCursor parent, CXClientData data)
{
	if (cursor.kind == CXCursor_AlignedAttr) {
		*(int *)data = 1;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Continue;
}

static int has_aligned_attr(CXCursor cursor)
{
	int found = 0;

	clang_visitChildren(cursor, find_aligned, &found);
	return found;
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
	char *name = take_string(clang_getCursorSpelling(cursor));
	struct type_shape s;

	type_shape(clang_getCursorType(cursor), &s);
	if (shape_is(&s, "class") && !s.pointers && !s.arrays && file_scope) {
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
	} else if (shape_is(&s, "class_device") && (file_scope || !macro_at(v, offset))) {
		/* A local made by a macro (container_of's __mptr) is the macro's, not a site. */
		char *symbol = file_scope || !v->function ? xstrdup(name)
							   : xstrfmt("%s:%s", v->function, name);

		add_site(v, line, column, "class-device-variable", symbol, SITE_AUTO, shape_form(&s));
		free(symbol);
	} else if (shape_is(&s, "class_device_attribute") && (file_scope || !macro_at(v, offset))) {
		const char *kind = s.arrays ? "attribute array" : "attribute";
		char *reason = name_clashes(name)
			? xstrfmt("%s; clashes with %s", kind, name + strlen("class_device_attr_"))
			: xstrdup(kind);
		char *symbol = file_scope || !v->function ? xstrdup(name)
							   : xstrfmt("%s:%s", v->function, name);

		add_site(v, line, column, "class-device-attribute", symbol, SITE_AUTO, reason);
		free(symbol);
		free(reason);
	} else if (shape_is(&s, "class_interface") && !s.pointers && !s.arrays && file_scope &&
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
	char *tag = take_string(clang_getCursorSpelling(parent));
	char *member = take_string(clang_getCursorSpelling(cursor));
	char *symbol = xstrfmt("%s.%s", tag[0] ? tag : "(anonymous)", member);
	struct type_shape s;

	type_shape(clang_getCursorType(cursor), &s);
	if (shape_is(&s, "class_device")) {
		char *reason = xstrfmt("%s%s", shape_form(&s),
				       has_aligned_attr(parent) || has_aligned_attr(cursor) ?
				       "; aligned struct: C rewriter" : "");

		add_site(v, line, column, "class-device-field", symbol, SITE_AUTO, reason);
		free(reason);
	} else if (shape_is(&s, "class_device_attribute")) {
		add_site(v, line, column, "class-device-attribute", symbol, SITE_AUTO, "attribute field");
	} else if (shape_is(&s, "class") && !s.pointers && !s.arrays) {
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

	type_shape(t, &s);
	uses = (shape_is(&s, "class_device") && s.pointers) || shape_is(&s, "class_device_attribute");
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
	name = take_string(clang_getCursorSpelling(cursor));
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
	char *name = take_string(clang_getCursorSpelling(cursor));

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
		char *name = take_string(clang_getCursorSpelling(cursor));

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

static enum CXChildVisitResult collect_macros(CXCursor cursor, CXCursor parent, CXClientData data)
{
	struct visit *v = data;
	CXSourceRange range;
	CXFile file;
	unsigned start, end;

	if (cursor.kind != CXCursor_MacroExpansion)
		return CXChildVisit_Continue;
	range = clang_getCursorExtent(cursor);
	clang_getExpansionLocation(clang_getRangeStart(range), &file, NULL, NULL, &start);
	if (!file || !clang_File_isEqual(file, v->main))
		return CXChildVisit_Continue;
	clang_getExpansionLocation(clang_getRangeEnd(range), NULL, NULL, NULL, &end);
	ALLOC_GROW(v->macros, v->nr_macros + 1, v->alloc_macros);
	v->macros[v->nr_macros].start = start;
	v->macros[v->nr_macros].end = end > start ? end : start + 1;
	v->macros[v->nr_macros].name = take_string(clang_getCursorSpelling(cursor));
	v->nr_macros++;
	return CXChildVisit_Continue;
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
 * "FILE:LINE:COLUMN: error: TEXT" with FILE relative to the tree (or the
 * kernel, or our scratch directory): what we print must not depend on
 * where the tree is, and clang_formatDiagnostic() names absolute paths.
 */
static char *diagnostic_text(const struct classify *c, CXDiagnostic d)
{
	CXSourceLocation loc = clang_getDiagnosticLocation(d);
	char *text = take_string(clang_getDiagnosticSpelling(d));
	char *name = NULL, *out;
	const char *shown;
	CXFile file;
	unsigned line, column;

	clang_getSpellingLocation(loc, &file, &line, &column, NULL);
	if (file)
		name = take_string(clang_getFileName(file));
	shown = name ? name : "<command line>";
	if (name) {
		const char *roots[] = { c->tree, c->kernel, c->scratch };

		for (size_t r = 0; r < sizeof(roots) / sizeof(roots[0]); r++) {
			size_t n = roots[r] ? strlen(roots[r]) : 0;

			if (n && !strncmp(name, roots[r], n) && name[n] == '/') {
				shown = name + n + 1;
				break;
			}
		}
	}
	out = file ? xstrfmt("%s:%u:%u: error: %s", shown, line, column, text)
		   : xstrfmt("error: %s", text);
	free(name);
	free(text);
	return out;
}

/*
 * Whether a warning is one clang makes an error by default: enabling its
 * group (-Wimplicit-function-declaration) made it a warning, and -w, which
 * scan parsed with, left it an error.  Of the three groups parse-setup
 * enables, clang 14 has one: "use of unknown builtin" (measured: the only
 * difference between -w's errors and these flags' errors over v2.6.16's
 * 548 changed files and users).
 */
static int default_error(CXDiagnostic d)
{
	char *spelling = take_string(clang_getDiagnosticSpelling(d));
	char *option = take_string(clang_getDiagnosticOption(d, NULL));
	int yes = !strcmp(option, "-Wimplicit-function-declaration") &&
		  starts_with(spelling, "use of unknown builtin");

	free(spelling);
	free(option);
	return yes;
}

/*
 * A parse's diagnostics that count, in the order clang gave them, each
 * "E<text>" for an error or "W<text>" for one of the warnings parse-setup
 * enables (a type mismatch or an implicit declaration): every parse keeps
 * both, and each classifier's view (view_diagnostics()) takes the
 * warnings as errors or leaves them, so that scan's, the step passes' and
 * verify's parses of a file in one state are one parse and one memo entry.
 */
static void collect_diagnostics(const struct classify *c, CXTranslationUnit tu, struct strvec *diags)
{
	unsigned n = clang_getNumDiagnostics(tu);

	for (unsigned i = 0; i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);
		enum CXDiagnosticSeverity sev = clang_getDiagnosticSeverity(d);

		if (sev >= CXDiagnostic_Warning) {
			char *text = diagnostic_text(c, d);
			int error = sev >= CXDiagnostic_Error || default_error(d);

			strvec_pushf(diags, "%c%s", error ? 'E' : 'W', text);
			free(text);
		}
		clang_disposeDiagnostic(d);
	}
}

/* The errors of diags as c counts them: their number, the first (allocated) and all, in order. */
static void view_diagnostics(const struct classify *c, const struct strvec *diags,
			     unsigned *errors, char **first, struct strvec *all)
{
	*errors = 0;
	*first = NULL;
	for (size_t i = 0; i < diags->nr; i++) {
		if (diags->v[i][0] != 'E' && !c->type_errors)
			continue;
		if (!(*errors)++)
			*first = xstrdup(diags->v[i] + 1);
		if (all)
			strvec_push(all, diags->v[i] + 1);
	}
}

/* Everything one file yields; filled by a worker, merged in input order. */
struct file_result {
	struct site_list sites;
	struct strvec diags;	/* collect_diagnostics(): what the memo keeps */
	unsigned errors;	/* diags in the classifier's view */
	char *first_error;
	struct strvec error_texts;
	int parsed;
	int cached;		/* replayed from the parse memo */
};

/*
 * The parse memo: classify_one()'s results kept in the cache across runs.
 * A parse reads its arguments, the file and every file it includes, and
 * the names of the headers that could have been found instead: the key
 * holds what is known before parsing (this binary, libclang's version,
 * the arguments, the file's name, the names of the tree's headers and of
 * the files only the overlay has) and the entry lists, for each state
 * seen (MEMO_STATES at most: a file is parsed before and after a change),
 * the files the parse entered and one hash of all their contents, with
 * the results.  Paths are kept relative to the tree, the kernel or the
 * scratch directory, so that a copy of the tree finds them.
 */
#define MEMO_STATES 4

static pthread_mutex_t memo_lock = PTHREAD_MUTEX_INITIALIZER;
static char *memo_names_root;		/* under memo_lock */
static char memo_names_key[33];

/* A hash of the names of the .h files under the tree and the kernel. */
static void header_names_key(const struct classify *c, char key[33])
{
	char *roots = xstrfmt("%s\n%s", c->tree, c->kernel);

	pthread_mutex_lock(&memo_lock);
	if (!memo_names_root || strcmp(memo_names_root, roots)) {
		struct cache_hasher *h = cache_hasher_new();
		const char *const dirs[] = { c->tree, c->kernel };

		for (size_t d = 0; d < 2; d++) {
			struct strvec files = STRVEC_INIT;
			struct walk_stats ws = { 0, 0, NULL, NULL };

			if (d == 1 && !strcmp(c->kernel, c->tree))
				break;
			walk_tree(dirs[d], NULL, &files, &ws);
			cache_hasher_add_string(h, d ? "kernel" : "tree");
			for (size_t i = 0; i < files.nr; i++)
				if (ends_with(files.v[i], ".h"))
					cache_hasher_add_string(h, files.v[i]);
			strvec_clear(&files);
		}
		cache_hasher_finish(h, memo_names_key);
		free(memo_names_root);
		memo_names_root = roots;
		roots = NULL;
	}
	memcpy(key, memo_names_key, 33);
	pthread_mutex_unlock(&memo_lock);
	free(roots);
}

/* path with the scratch, tree or kernel prefix replaced by S/, T/ or K/ (A/: none). */
static char *memo_relative(const struct classify *c, const char *path)
{
	const char *roots[] = { c->scratch, c->tree, c->kernel };
	const char marks[] = "STK";

	for (size_t r = 0; r < 3; r++) {
		size_t n = strlen(roots[r]);

		if (!strncmp(path, roots[r], n) && path[n] == '/')
			return xstrfmt("%c/%s", marks[r], path + n + 1);
	}
	return xstrfmt("A/%s", path);
}

static char *memo_absolute(const struct classify *c, const char *rel)
{
	switch (rel[0]) {
	case 'S': return path_join(c->scratch, rel + 2);
	case 'T': return path_join(c->tree, rel + 2);
	case 'K': return path_join(c->kernel, rel + 2);
	default: return xstrdup(rel + 2);
	}
}

/* query: what is kept ("classify", "member-uses class_device", ...) */
static void memo_key(struct classify *c, const char *query, const char *file, char key[33])
{
	struct cache_hasher *h = cache_hasher_new();
	struct strvec args = STRVEC_INIT;
	char names[33];

	classify_parse_args(c, file, NULL, 0, &args);
	header_names_key(c, names);
	cache_hasher_add_string(h, "cdmigrate-parse 2");
	cache_hasher_add_string(h, query);
	cache_hasher_add_string(h, cache_binary_key());
	{
		char *version = take_string(clang_getClangVersion());

		cache_hasher_add_string(h, version);
		free(version);
	}
	cache_hasher_add_string(h, names);
	cache_hasher_add_string(h, c->overlay_new_key);
	cache_hasher_add_string(h, file);
	for (size_t i = 0; i < args.nr; i++) {
		char *rel = memo_relative(c, args.v[i]);

		/* "-I/tree/include": the root follows the option's letters */
		if (rel[0] == 'A' && args.v[i][0] == '-' && args.v[i][1] && args.v[i][2] == '/') {
			char *inner = memo_relative(c, args.v[i] + 2);

			free(rel);
			rel = xstrfmt("%.2s%s", args.v[i], inner);
			free(inner);
		}
		cache_hasher_add_string(h, rel);
		free(rel);
	}
	strvec_clear(&args);
	cache_hasher_finish(h, key);
}

/* One hash of the contents the files (newline-separated, relative) hold now. */
static void memo_contents(const struct classify *c, const char *paths, size_t len, char key[33])
{
	struct cache_hasher *h = cache_hasher_new();
	const char *end = paths + len;

	for (const char *p = paths; p < end;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		char *rel = xstrndup(p, nl ? (size_t)(nl - p) : (size_t)(end - p));
		char *abs = memo_absolute(c, rel);
		const char *in_overlay = overlay_hash_of(c, abs);
		char hash[33];

		if (in_overlay)
			memcpy(hash, in_overlay, 33);
		else
			cache_file_hash(abs, hash);
		cache_hasher_add_string(h, rel);
		cache_hasher_add_string(h, hash);
		free(abs);
		free(rel);
		p = nl ? nl + 1 : end;
	}
	cache_hasher_finish(h, key);
}

/*
 * What one query keeps: write() adds its results to a payload, read()
 * gives them back into the same kind of result (1), or leaves it
 * untouched (0: damaged).
 */
struct memo_query {
	void (*write)(const void *result, struct strbuf *payload);
	int (*read)(const char *buf, size_t len, void *result);
};

/* classify_one()'s results into r (diags and sites); 0 (r untouched) when damaged. */
static int read_file_result(const char *buf, size_t len, void *result)
{
	struct file_result *r = result;
	struct cache_reader rd;
	struct site_list sites = SITE_LIST_INIT;
	struct strvec diags = STRVEC_INIT;
	char tag, which;
	const char *field;
	size_t n;
	long count = -1;
	int rc;

	cache_reader_init(&rd, buf, len);
	while ((rc = cache_record_next(&rd, &tag, &field, &n)) == 1) {
		if (tag == 'n') {
			count = strtol(field, NULL, 10);
		} else if (tag == 'D') {
			char *text = xstrndup(field, n);

			if (text[0] != 'E' && text[0] != 'W') {
				free(text);
				break;
			}
			strvec_push(&diags, text);
			free(text);
		} else if (tag == 'I') {
			if (!site_record_read(field, n, &which, &sites))
				break;
		}
	}
	if (rc != 0 || count < 0 || diags.nr != (size_t)count) {
		site_list_release(&sites);
		strvec_clear(&diags);
		return 0;
	}
	site_list_take(&r->sites, &sites);
	r->diags = diags;
	r->parsed = 1;
	r->cached = 1;
	return 1;
}

static void write_file_result(const void *result, struct strbuf *payload)
{
	const struct file_result *r = result;
	char num[32];

	snprintf(num, sizeof(num), "%zu", r->diags.nr);
	cache_record_addstr(payload, 'n', num);
	for (size_t i = 0; i < r->diags.nr; i++)
		cache_record_addstr(payload, 'D', r->diags.v[i]);
	site_list_add_records(&r->sites, 'S', payload);
}

static const struct memo_query file_result_query = { write_file_result, read_file_result };

/* Fill result from the memo for key; 1 on a hit. */
static int memo_get(struct classify *c, const char *key, const struct memo_query *q, void *result)
{
	struct strbuf payload = STRBUF_INIT, err = STRBUF_INIT;
	struct cache_reader rd;
	const char *field, *paths = NULL, *state = NULL;
	size_t n, paths_len = 0, state_len = 0;
	char tag, now[33];
	int status, hit = 0;

	if (!cache_get(key, &payload, &err, &status) || status != 0)
		goto out;
	cache_reader_init(&rd, payload.buf, payload.len);
	/* records: P paths, C their contents' hash, R results; one triple a state */
	while (!hit && cache_record_next(&rd, &tag, &field, &n) == 1) {
		if (tag == 'P') {
			paths = field;
			paths_len = n;
		} else if (tag == 'C' && paths && n == 32) {
			memo_contents(c, paths, paths_len, now);
			state = memcmp(now, field, 32) ? NULL : field;
		} else if (tag == 'R' && state) {
			state_len = n;
			hit = q->read(field, state_len, result);
			state = NULL;
		}
	}
out:
	strbuf_release(&payload);
	strbuf_release(&err);
	return hit;
}

struct memo_inclusions {
	const struct classify *c;
	struct strvec paths;
};

static void collect_inclusion(CXFile included, CXSourceLocation *stack, unsigned depth, CXClientData data)
{
	struct memo_inclusions *m = data;
	char *name = take_string(clang_getFileName(included));

	(void)stack;
	(void)depth;
	if (*name) {
		char *rel = memo_relative(m->c, name);

		strvec_push(&m->paths, rel);
		free(rel);
	}
	free(name);
}

/* Keep result, from the parse tu, under key: first among the states kept. */
static void memo_put(struct classify *c, const char *key, CXTranslationUnit tu,
		     const struct memo_query *q, const void *result)
{
	struct memo_inclusions m = { c, STRVEC_INIT };
	struct strbuf paths = STRBUF_INIT, results = STRBUF_INIT, entry = STRBUF_INIT;
	struct strbuf old = STRBUF_INIT, err = STRBUF_INIT;
	char contents[33];
	int status, kept = 1;

	clang_getInclusions(tu, collect_inclusion, &m);
	strvec_sort(&m.paths);
	for (size_t i = 0; i < m.paths.nr; i++) {
		if (i && !strcmp(m.paths.v[i], m.paths.v[i - 1]))
			continue;
		if (paths.len)
			strbuf_addch(&paths, '\n');
		strbuf_addstr(&paths, m.paths.v[i]);
	}
	strvec_clear(&m.paths);
	memo_contents(c, paths.buf, paths.len, contents);
	q->write(result, &results);
	cache_record_add(&entry, 'P', paths.buf, paths.len);
	cache_record_addstr(&entry, 'C', contents);
	cache_record_add(&entry, 'R', results.buf, results.len);

	pthread_mutex_lock(&memo_lock);
	if (cache_get(key, &old, &err, &status) && status == 0) {
		struct cache_reader rd;
		const char *field, *p = NULL, *h = NULL;
		size_t n, plen = 0;
		char tag;

		cache_reader_init(&rd, old.buf, old.len);
		while (kept < MEMO_STATES && cache_record_next(&rd, &tag, &field, &n) == 1) {
			if (tag == 'P') {
				p = field;
				plen = n;
			} else if (tag == 'C') {
				h = n == 32 ? field : NULL;
			} else if (tag == 'R' && p && h && memcmp(h, contents, 32)) {
				cache_record_add(&entry, 'P', p, plen);
				cache_record_add(&entry, 'C', h, 32);
				cache_record_add(&entry, 'R', field, n);
				kept++;
				p = h = NULL;
			}
		}
	}
	cache_put(key, entry.buf, entry.len, "", 0, 0);
	pthread_mutex_unlock(&memo_lock);
	strbuf_release(&old);
	strbuf_release(&err);
	strbuf_release(&paths);
	strbuf_release(&results);
	strbuf_release(&entry);
}

static void classify_one(struct classify *c, CXIndex index, const char *file,
			 struct file_result *r)
{
	struct visit v;
	char *abs, key[33];
	CXTranslationUnit tu;
	int memo = cache_dir() != NULL;

	if (memo) {
		memo_key(c, "classify", file, key);
		if (memo_get(c, key, &file_result_query, r)) {
			view_diagnostics(c, &r->diags, &r->errors, &r->first_error, &r->error_texts);
			return;
		}
	}
	abs = path_join(c->tree, file);
	tu = parse(c, index, file, NULL, 0);
	memset(&v, 0, sizeof(v));
	if (!tu) {
		r->errors = 1;
		r->first_error = xstrfmt("%s: libclang could not parse the file", file);
		strvec_push(&r->error_texts, r->first_error);
		free(abs);
		return;
	}
	r->parsed = 1;
	v.c = c;
	v.tu = tu;
	v.main = clang_getFile(tu, abs);
	v.file = file;
	v.sites = &r->sites;
	clang_visitChildren(clang_getTranslationUnitCursor(tu), collect_macros, &v);
	clang_visitChildren(clang_getTranslationUnitCursor(tu), visit_cursor, &v);
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
	collect_diagnostics(c, tu, &r->diags);
	view_diagnostics(c, &r->diags, &r->errors, &r->first_error, &r->error_texts);
	if (memo)
		memo_put(c, key, tu, &file_result_query, r);
	for (size_t i = 0; i < v.nr_macros; i++)
		free(v.macros[i].name);
	free(v.macros);
	clang_disposeTranslationUnit(tu);
	free(abs);
}

struct classify_job {
	struct classify *c;
	const struct strvec *files;
	struct file_result *results;	/* classify_files() */
	int *errors;			/* classify_count_errors_many() */
	char **first_errors;
	/* any other query: one file's, on the worker's index */
	void (*query)(struct classify *c, CXIndex index, size_t i, void *data);
	void *query_data;
	atomic_size_t next;
};

static void *classify_worker(void *data)
{
	struct classify_job *job = data;
	CXIndex index = clang_createIndex(0, 0);
	size_t i;

	while ((i = atomic_fetch_add(&job->next, 1)) < job->files->nr) {
		if (job->query) {
			job->query(job->c, index, i, job->query_data);
		} else if (job->results) {
			classify_one(job->c, index, job->files->v[i], &job->results[i]);
		} else {
			/* the whole classification: its results go to the parse memo */
			struct file_result r;

			memset(&r, 0, sizeof(r));
			classify_one(job->c, index, job->files->v[i], &r);
			job->errors[i] = r.parsed ? (int)r.errors : -1;
			job->first_errors[i] = r.parsed ? r.first_error : NULL;
			if (!r.parsed)
				free(r.first_error);
			site_list_release(&r.sites);
			strvec_clear(&r.error_texts);
			strvec_clear(&r.diags);
		}
	}
	clang_disposeIndex(index);
	return NULL;
}

/* Run classify_worker on `jobs` threads (the caller's thread is one). */
static void run_workers(struct classify_job *job, int jobs)
{
	pthread_t *threads = xcalloc((size_t)jobs, sizeof(*threads));
	int started = 0;

	atomic_init(&job->next, 0);
	for (int t = 1; t < jobs && (size_t)t < job->files->nr; t++) {
		pthread_attr_t attr;

		/* libclang's parser expects the 8 MB stacks of a main thread. */
		pthread_attr_init(&attr);
		pthread_attr_setstacksize(&attr, 8u << 20);
		if (!pthread_create(&threads[started], &attr, classify_worker, job))
			started++;
		pthread_attr_destroy(&attr);
	}
	classify_worker(job);
	for (int t = 0; t < started; t++)
		pthread_join(threads[t], NULL);
	free(threads);
}

/* query(c, index, i, data) for each of files, on c's jobs */
static void run_query(struct classify *c, const struct strvec *files,
		      void (*query)(struct classify *c, CXIndex index, size_t i, void *data), void *data)
{
	struct classify_job job;

	memset(&job, 0, sizeof(job));
	job.c = c;
	job.files = files;
	job.query = query;
	job.query_data = data;
	run_workers(&job, c->jobs);
}

void classify_count_errors_many(struct classify *c, const struct strvec *files,
				int *errors, char **first_errors)
{
	struct classify_job job;

	memset(&job, 0, sizeof(job));
	job.c = c;
	job.files = files;
	job.errors = errors;
	job.first_errors = first_errors;
	run_workers(&job, c->jobs);
}

void classify_files(struct classify *c, const struct strvec *files,
		    struct site_list *sites, struct classify_stats *stats)
{
	struct classify_job job;

	memset(&job, 0, sizeof(job));
	job.c = c;
	job.files = files;
	job.results = xcalloc(files->nr ? files->nr : 1, sizeof(*job.results));
	run_workers(&job, c->jobs);

	if (stats) {
		stats->files = xcalloc(files->nr ? files->nr : 1, sizeof(*stats->files));
		stats->nr = files->nr;
	}
	for (size_t i = 0; i < files->nr; i++) {
		struct file_result *r = &job.results[i];

		site_list_take(sites, &r->sites);
		strvec_clear(&r->diags);
		if (stats) {
			stats->parsed += r->parsed;
			stats->cached += r->cached;
			stats->with_errors += r->errors > 0;
			stats->files[i].file = xstrdup(files->v[i]);
			stats->files[i].errors = r->errors;
			stats->files[i].first_error = r->first_error;
			stats->files[i].error_texts = r->error_texts;
		} else {
			free(r->first_error);
			strvec_clear(&r->error_texts);
		}
	}
	site_list_sort(sites);
	free(job.results);
}

void classify_stats_release(struct classify_stats *stats)
{
	for (size_t i = 0; i < stats->nr; i++) {
		free(stats->files[i].file);
		free(stats->files[i].first_error);
		strvec_clear(&stats->files[i].error_texts);
	}
	free(stats->files);
	memset(stats, 0, sizeof(*stats));
}

int classify_count_errors(struct classify *c, const char *file,
			  const char *content, size_t len, char **first_error)
{
	CXIndex index = clang_createIndex(0, 0);
	CXTranslationUnit tu = parse(c, index, file, content, len);
	struct strvec diags = STRVEC_INIT;
	unsigned errors;
	char *first;

	if (!tu) {
		clang_disposeIndex(index);
		if (first_error)
			*first_error = NULL;
		return -1;
	}
	collect_diagnostics(c, tu, &diags);
	view_diagnostics(c, &diags, &errors, &first, NULL);
	strvec_clear(&diags);
	if (first_error)
		*first_error = first;
	else
		free(first);
	clang_disposeTranslationUnit(tu);
	clang_disposeIndex(index);
	return (int)errors;
}

/*
 * One file parsed for a collector: its translation unit, its own CXFile
 * and text (the overlay's, when the engine holds the file).  Every
 * classify_* query below that walks one file opens it here.
 */
struct parsed_file {
	CXIndex index;
	CXTranslationUnit tu;
	CXFile main;
	const char *text;	/* NULL when libclang has no contents for it */
	size_t size;
};

/* 0, or -1 when libclang could not parse `file` (nothing to close then). */
/* index: a worker's (kept), or NULL for one of the file's own */
static int parsed_file_open(struct classify *c, CXIndex index, const char *file, struct parsed_file *pf)
{
	char *abs = path_join(c->tree, file);

	memset(pf, 0, sizeof(*pf));
	pf->index = index ? NULL : clang_createIndex(0, 0);
	pf->tu = parse(c, index ? index : pf->index, file, NULL, 0);
	if (!pf->tu) {
		if (pf->index)
			clang_disposeIndex(pf->index);
		free(abs);
		return -1;
	}
	pf->main = clang_getFile(pf->tu, abs);
	if (pf->main)
		pf->text = clang_getFileContents(pf->tu, pf->main, &pf->size);
	free(abs);
	return 0;
}

static void parsed_file_close(struct parsed_file *pf)
{
	clang_disposeTranslationUnit(pf->tu);
	if (pf->index)
		clang_disposeIndex(pf->index);
}

struct macro_collect {
	CXTranslationUnit tu;
	CXFile main;
	const char *text;
	size_t size;
	const char *const *tokens;
	struct macro_definition **defs;
	size_t *nr, alloc;
	int count;
};

static enum CXChildVisitResult collect_definitions(CXCursor cursor, CXCursor parent, CXClientData data)
{
	struct macro_collect *m = data;
	CXSourceRange range;
	CXFile file;
	unsigned start, end, line;

	if (cursor.kind != CXCursor_MacroDefinition)
		return CXChildVisit_Continue;
	range = clang_getCursorExtent(cursor);
	clang_getExpansionLocation(clang_getRangeStart(range), &file, &line, NULL, &start);
	if (!file || !clang_File_isEqual(file, m->main))
		return CXChildVisit_Continue;
	clang_getExpansionLocation(clang_getRangeEnd(range), NULL, NULL, NULL, &end);
	if (end > m->size || end < start)
		return CXChildVisit_Continue;
	for (const char *const *t = m->tokens; *t; t++) {
		if (memmem(m->text + start, end - start, *t, strlen(*t))) {
			struct macro_definition *d;

			ALLOC_GROW(*m->defs, *m->nr + 1, m->alloc);
			d = &(*m->defs)[(*m->nr)++];
			d->name = take_string(clang_getCursorSpelling(cursor));
			d->start = start;
			d->end = end;
			d->line = line;
			m->count++;
			break;
		}
	}
	return CXChildVisit_Continue;
}

int classify_macro_definitions(struct classify *c, const char *file,
			       const char *const *tokens,
			       struct macro_definition **defs, size_t *nr)
{
	struct parsed_file pf;
	struct macro_collect m;

	if (parsed_file_open(c, NULL, file, &pf) < 0)
		return -1;
	memset(&m, 0, sizeof(m));
	m.tu = pf.tu;
	m.main = pf.main;
	m.text = pf.text;
	m.size = pf.size;
	m.tokens = tokens;
	m.defs = defs;
	m.nr = nr;
	m.alloc = *nr;
	if (m.text)
		clang_visitChildren(clang_getTranslationUnitCursor(pf.tu), collect_definitions, &m);
	parsed_file_close(&pf);
	return m.count;
}

struct field_collect {
	CXTranslationUnit tu;
	CXFile main;
	const char *const *tags;
	struct record_field **fields;
	size_t *nr, alloc;
	int count;
};

static enum CXChildVisitResult find_aligned_member(CXCursor cursor, CXCursor parent, CXClientData data)
{
	if (cursor.kind == CXCursor_FieldDecl && has_aligned_attr(cursor)) {
		*(int *)data = 1;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Continue;
}

static int record_is_aligned(CXCursor record)
{
	int found = has_aligned_attr(record);

	if (!found)
		clang_visitChildren(record, find_aligned_member, &found);
	return found;
}

/* Offset of the `tag` identifier after `struct`/`union` in the member's own tokens, or -1. */
static long tag_offset_in(const struct field_collect *m, CXCursor field, const char *tag)
{
	CXSourceLocation loc = clang_getCursorLocation(field);
	CXFile sfile, efile;
	unsigned soff, eoff, nr = 0;
	CXToken *tokens = NULL;
	long found = -1;

	clang_getFileLocation(loc, &sfile, NULL, NULL, &soff);
	clang_getExpansionLocation(loc, &efile, NULL, NULL, &eoff);
	if (!sfile || !clang_File_isEqual(sfile, m->main) || soff != eoff)
		return -1;	/* a macro made the member */
	clang_tokenize(m->tu, clang_getCursorExtent(field), &tokens, &nr);
	for (unsigned i = 0; i + 1 < nr && found < 0; i++) {
		char *kw, *name;

		if (clang_getTokenKind(tokens[i]) != CXToken_Keyword ||
		    clang_getTokenKind(tokens[i + 1]) != CXToken_Identifier)
			continue;
		kw = take_string(clang_getTokenSpelling(m->tu, tokens[i]));
		name = take_string(clang_getTokenSpelling(m->tu, tokens[i + 1]));
		if ((!strcmp(kw, "struct") || !strcmp(kw, "union")) && !strcmp(name, tag)) {
			CXFile file;
			unsigned off;

			clang_getFileLocation(clang_getTokenLocation(m->tu, tokens[i + 1]),
						  &file, NULL, NULL, &off);
			if (file && clang_File_isEqual(file, m->main))
				found = (long)off;
		}
		free(kw);
		free(name);
	}
	if (tokens)
		clang_disposeTokens(m->tu, tokens, nr);
	return found;
}

static enum CXChildVisitResult collect_fields(CXCursor cursor, CXCursor parent, CXClientData data)
{
	struct field_collect *m = data;
	CXSourceRange range;
	CXFile file;
	CXCursor record;
	struct type_shape s;
	const char *const *t;
	struct record_field *f;
	unsigned line, start, end;

	if (cursor.kind != CXCursor_FieldDecl)
		return CXChildVisit_Recurse;
	clang_getExpansionLocation(clang_getCursorLocation(cursor), &file, &line, NULL, NULL);
	if (!file || !clang_File_isEqual(file, m->main))
		return CXChildVisit_Continue;
	type_shape(clang_getCursorType(cursor), &s);
	for (t = m->tags; s.record && *t && strcmp(*t, s.record); t++)
		;
	if (!s.record || !*t) {
		free(s.record);
		return CXChildVisit_Continue;
	}
	record = clang_getCursorSemanticParent(cursor);
	range = clang_getCursorExtent(record);
	clang_getExpansionLocation(clang_getRangeStart(range), NULL, NULL, NULL, &start);
	clang_getExpansionLocation(clang_getRangeEnd(range), NULL, NULL, NULL, &end);
	ALLOC_GROW(*m->fields, *m->nr + 1, m->alloc);
	f = &(*m->fields)[(*m->nr)++];
	f->record = take_string(clang_getCursorSpelling(record));
	if (clang_Cursor_isAnonymous(record)) {
		free(f->record);
		f->record = xstrdup("");
	}
	f->field = take_string(clang_getCursorSpelling(cursor));
	f->tag = xstrdup(*t);
	f->line = line;
	f->record_start = start;
	f->record_end = end;
	f->aligned = record_is_aligned(record);
	f->tag_offset = tag_offset_in(m, cursor, *t);
	f->pointers = s.pointers;
	f->arrays = s.arrays;
	m->count++;
	free(s.record);
	return CXChildVisit_Continue;
}

int classify_record_fields(struct classify *c, const char *file, const char *const *tags,
			   struct record_field **fields, size_t *nr)
{
	struct parsed_file pf;
	struct field_collect m;

	if (parsed_file_open(c, NULL, file, &pf) < 0)
		return -1;
	memset(&m, 0, sizeof(m));
	m.tu = pf.tu;
	m.main = pf.main;
	m.tags = tags;
	m.fields = fields;
	m.nr = nr;
	m.alloc = *nr;
	if (m.main)
		clang_visitChildren(clang_getTranslationUnitCursor(pf.tu), collect_fields, &m);
	parsed_file_close(&pf);
	return m.count;
}

void classify_record_fields_free(struct record_field *fields, size_t nr)
{
	for (size_t i = 0; i < nr; i++) {
		free(fields[i].record);
		free(fields[i].field);
		free(fields[i].tag);
	}
	free(fields);
}

struct use_collect {
	CXFile main;
	const char *tag;
	struct member_use **uses;
	size_t *nr, alloc;
	int count;
};

static enum CXChildVisitResult first_child(CXCursor cursor, CXCursor parent, CXClientData data)
{
	*(CXCursor *)data = cursor;
	return CXChildVisit_Break;
}

/* The member expression under implicit conversions and parentheses, or a null cursor. */
static CXCursor base_member(CXCursor expr)
{
	CXCursor child = clang_getNullCursor();

	clang_visitChildren(expr, first_child, &child);
	while (!clang_Cursor_isNull(child) &&
	       (child.kind == CXCursor_UnexposedExpr || child.kind == CXCursor_ParenExpr)) {
		CXCursor inner = clang_getNullCursor();

		clang_visitChildren(child, first_child, &inner);
		child = inner;
	}
	if (!clang_Cursor_isNull(child) && child.kind == CXCursor_MemberRefExpr)
		return child;
	return clang_getNullCursor();
}

static enum CXChildVisitResult collect_uses(CXCursor cursor, CXCursor parent, CXClientData data)
{
	struct use_collect *m = data;
	CXCursor field, record, base;
	CXSourceLocation loc;
	CXFile sfile, efile;
	unsigned line, soff, eoff;
	struct member_use *u;
	char *tag;

	if (cursor.kind != CXCursor_MemberRefExpr)
		return CXChildVisit_Recurse;
	loc = clang_getCursorLocation(cursor);
	clang_getExpansionLocation(loc, &efile, &line, NULL, &eoff);
	if (!efile || !clang_File_isEqual(efile, m->main))
		return CXChildVisit_Recurse;
	field = clang_getCursorReferenced(cursor);
	if (field.kind != CXCursor_FieldDecl)
		return CXChildVisit_Recurse;
	record = clang_getCursorSemanticParent(field);
	tag = take_string(clang_getCursorSpelling(record));
	if (strcmp(tag, m->tag)) {
		free(tag);
		return CXChildVisit_Recurse;
	}
	free(tag);
	clang_getFileLocation(loc, &sfile, NULL, NULL, &soff);
	ALLOC_GROW(*m->uses, *m->nr + 1, m->alloc);
	u = &(*m->uses)[(*m->nr)++];
	u->member = take_string(clang_getCursorSpelling(field));
	u->line = line;
	u->offset = sfile && clang_File_isEqual(sfile, m->main) && soff == eoff ? (long)soff : -1;
	u->base_record = u->base_field = NULL;
	base = base_member(cursor);
	if (!clang_Cursor_isNull(base)) {
		CXCursor bfield = clang_getCursorReferenced(base);

		if (bfield.kind == CXCursor_FieldDecl) {
			CXCursor brecord = clang_getCursorSemanticParent(bfield);

			u->base_field = take_string(clang_getCursorSpelling(bfield));
			u->base_record = clang_Cursor_isAnonymous(brecord)
				? xstrdup("") : take_string(clang_getCursorSpelling(brecord));
		}
	}
	m->count++;
	return CXChildVisit_Recurse;
}

/*
 * A query's list of items for the memo (member uses, macro members): its
 * return value and the items it appended to the caller's array.  Records:
 * 'n' the count, then one 'U' record an item, written and read by the
 * query's own functions.
 */
struct found_list {
	int count;
	const void *items;	/* to write: the new items */
	size_t nr;
	void *got;		/* read back: malloc'd items, the caller's */
	size_t got_nr;
	size_t size;		/* of one item */
	void (*write_item)(const void *item, struct strbuf *record);
	/* 0 when damaged; the item is freed with the others all the same */
	int (*read_item)(const char *buf, size_t len, void *item);
	void (*free_items)(void *items, size_t nr);
};

static void write_found(const void *result, struct strbuf *payload)
{
	const struct found_list *f = result;
	struct strbuf one = STRBUF_INIT;
	char num[32];

	snprintf(num, sizeof(num), "%d", f->count);
	cache_record_addstr(payload, 'n', num);
	for (size_t i = 0; i < f->nr; i++) {
		strbuf_reset(&one);
		f->write_item((const char *)f->items + i * f->size, &one);
		cache_record_add(payload, 'U', one.buf, one.len);
	}
	strbuf_release(&one);
}

static int read_found(const char *buf, size_t len, void *result)
{
	struct found_list *f = result;
	struct cache_reader rd;
	const char *field;
	char *got = NULL, tag;
	size_t n, nr = 0;
	int rc, count = -1, ok = 1;

	cache_reader_init(&rd, buf, len);
	while (ok && (rc = cache_record_next(&rd, &tag, &field, &n)) == 1) {
		if (tag == 'n') {
			count = atoi(field);
		} else if (tag == 'U') {
			got = xrealloc(got, (nr + 1) * f->size);
			memset(got + nr * f->size, 0, f->size);
			ok = f->read_item(field, n, got + nr * f->size);
			nr++;
		}
	}
	if (!ok || rc != 0 || count < 0 || (size_t)count != nr) {
		f->free_items(got, nr);
		return 0;
	}
	f->got = got;
	f->got_nr = nr;
	f->count = count;
	return 1;
}

static const struct memo_query found_memo = { write_found, read_found };

/* The memo's list of `query` for tag in file into found (key: for memo_put()); 1 on a hit. */
static int found_get(struct classify *c, const char *query, const char *tag, const char *file,
		     char key[33], struct found_list *found)
{
	char *name = xstrfmt("%s %s", query, tag);

	memo_key(c, name, file, key);
	free(name);
	return memo_get(c, key, &found_memo, found);
}

/* The caller's array of *nr items with found's items read back appended (and taken). */
static void *found_append(void *items, size_t *nr, struct found_list *found)
{
	items = xrealloc(items, (*nr + found->got_nr + 1) * found->size);
	memcpy((char *)items + *nr * found->size, found->got, found->got_nr * found->size);
	*nr += found->got_nr;
	free(found->got);
	found->got = NULL;
	return items;
}

/*
 * A query that lists items of one kind for a file and a struct tag (member
 * uses, macro members), kept in the memo as a found_list.  collect() walks
 * the parse of a file with a main CXFile and appends to *items (the
 * caller's array, *nr items, behind a void *); it returns the query's
 * count.
 */
struct list_query {
	const char *name;		/* the memo's: "member-uses" */
	size_t size;			/* of one item */
	void (*write_item)(const void *item, struct strbuf *record);
	int (*read_item)(const char *buf, size_t len, void *item);
	void (*free_items)(void *items, size_t nr);
	int (*collect)(struct classify *c, const struct parsed_file *pf, const char *tag,
		       void **items, size_t *nr);
};

/* q's items for tag in file appended to *items; the count, or -1 when the file does not parse. */
static int list_of(struct classify *c, CXIndex index, const char *file, const char *tag,
		   const struct list_query *q, void **items, size_t *nr)
{
	struct parsed_file pf;
	struct found_list found = { -1, NULL, 0, NULL, 0, q->size,
				    q->write_item, q->read_item, q->free_items };
	int memo = cache_dir() != NULL;
	char key[33];
	size_t from = *nr;

	if (memo && found_get(c, q->name, tag, file, key, &found)) {
		*items = found_append(*items, nr, &found);
		return found.count;
	}
	if (parsed_file_open(c, index, file, &pf) < 0)
		return -1;
	found.count = pf.main ? q->collect(c, &pf, tag, items, nr) : 0;
	found.items = (char *)*items + from * q->size;
	found.nr = *nr - from;
	if (memo)
		memo_put(c, key, pf.tu, &found_memo, &found);
	parsed_file_close(&pf);
	return found.count;
}

struct list_many {
	const struct list_query *q;
	const struct strvec *files;
	const char *tag;
	void **items;
	size_t *nr;
	int *counts;
};

static void list_many_query(struct classify *c, CXIndex index, size_t i, void *data)
{
	struct list_many *m = data;

	m->items[i] = NULL;
	m->nr[i] = 0;
	m->counts[i] = list_of(c, index, m->files->v[i], m->tag, m->q, &m->items[i], &m->nr[i]);
}

/* list_of() for each of files on c's jobs: the arrays, one a file (the caller frees). */
static void **list_many(struct classify *c, const struct strvec *files, const char *tag,
			const struct list_query *q, size_t *nr, int *counts)
{
	struct list_many m = { q, files, tag, xcalloc(files->nr + 1, sizeof(void *)), nr, counts };

	run_query(c, files, list_many_query, &m);
	return m.items;
}

static void write_member_use(const void *item, struct strbuf *record)
{
	const struct member_use *u = item;
	char num[32];

	cache_record_addstr(record, 'm', u->member);
	snprintf(num, sizeof(num), "%u", u->line);
	cache_record_addstr(record, 'l', num);
	snprintf(num, sizeof(num), "%ld", u->offset);
	cache_record_addstr(record, 'o', num);
	if (u->base_record) {
		cache_record_addstr(record, 'r', u->base_record);
		cache_record_addstr(record, 'f', u->base_field);
	}
}

static int read_member_use(const char *buf, size_t len, void *item)
{
	struct member_use *u = item;
	struct cache_reader rd;
	const char *v;
	size_t n;
	char tag;

	u->offset = -1;
	cache_reader_init(&rd, buf, len);
	while (cache_record_next(&rd, &tag, &v, &n) == 1) {
		if (tag == 'm' && !u->member)
			u->member = xstrndup(v, n);
		else if (tag == 'l')
			u->line = (unsigned)strtoul(v, NULL, 10);
		else if (tag == 'o')
			u->offset = strtol(v, NULL, 10);
		else if (tag == 'r' && !u->base_record)
			u->base_record = xstrndup(v, n);
		else if (tag == 'f' && !u->base_field)
			u->base_field = xstrndup(v, n);
	}
	return u->member && !u->base_record == !u->base_field;
}

static void free_member_uses(void *items, size_t nr)
{
	classify_member_uses_free(items, nr);
}

static int collect_member_uses(struct classify *c, const struct parsed_file *pf, const char *tag,
			       void **items, size_t *nr)
{
	struct member_use *uses = *items;
	struct use_collect m = { pf->main, tag, &uses, nr, *nr, 0 };

	clang_visitChildren(clang_getTranslationUnitCursor(pf->tu), collect_uses, &m);
	*items = uses;
	return m.count;
}

static const struct list_query member_uses_list = {
	"member-uses", sizeof(struct member_use),
	write_member_use, read_member_use, free_member_uses, collect_member_uses,
};

int classify_member_uses(struct classify *c, const char *file, const char *tag,
			 struct member_use **uses, size_t *nr)
{
	void *items = *uses;
	int count = list_of(c, NULL, file, tag, &member_uses_list, &items, nr);

	*uses = items;
	return count;
}

void classify_member_uses_many(struct classify *c, const struct strvec *files, const char *tag,
			       struct member_use **uses, size_t *nr, int *counts)
{
	void **items = list_many(c, files, tag, &member_uses_list, nr, counts);

	for (size_t i = 0; i < files->nr; i++)
		uses[i] = items[i];
	free(items);
}

void classify_member_uses_free(struct member_use *uses, size_t nr)
{
	for (size_t i = 0; i < nr; i++) {
		free(uses[i].member);
		free(uses[i].base_record);
		free(uses[i].base_field);
	}
	free(uses);
}

struct expansion {
	unsigned start;
	char *name, *file;
};

struct macro_member_collect {
	struct classify *c;
	CXFile main;
	const char *tag;
	struct expansion *exp;
	size_t nr_exp, alloc_exp;
	struct macro_member **uses;
	size_t *nr, alloc;
	int count;
};

/* The file of `cursor`'s location relative to the tree, or NULL outside it. */
static char *tree_file_of(struct classify *c, CXCursor cursor)
{
	CXFile file;
	char *name, *rel = NULL;
	size_t n = strlen(c->tree);

	clang_getFileLocation(clang_getCursorLocation(cursor), &file, NULL, NULL, NULL);
	if (!file)
		return NULL;
	name = take_string(clang_getFileName(file));
	if (!strncmp(name, c->tree, n) && name[n] == '/')
		rel = xstrdup(name + n + 1);
	free(name);
	return rel;
}

static enum CXChildVisitResult collect_expansions(CXCursor cursor, CXCursor parent, CXClientData data)
{
	struct macro_member_collect *m = data;
	CXFile file;
	unsigned start;
	struct expansion *x;

	if (cursor.kind != CXCursor_MacroExpansion)
		return CXChildVisit_Continue;
	clang_getExpansionLocation(clang_getCursorLocation(cursor), &file, NULL, NULL, &start);
	if (!file || !clang_File_isEqual(file, m->main))
		return CXChildVisit_Continue;
	ALLOC_GROW(m->exp, m->nr_exp + 1, m->alloc_exp);
	x = &m->exp[m->nr_exp++];
	x->start = start;
	x->name = take_string(clang_getCursorSpelling(cursor));
	x->file = tree_file_of(m->c, clang_getCursorReferenced(cursor));
	return CXChildVisit_Continue;
}

static enum CXChildVisitResult collect_macro_members(CXCursor cursor, CXCursor parent, CXClientData data)
{
	struct macro_member_collect *m = data;
	CXCursor field;
	CXSourceLocation loc;
	CXFile sfile, efile;
	unsigned line, soff, eoff;
	struct macro_member *u;
	char *tag;
	size_t i;

	if (cursor.kind != CXCursor_MemberRefExpr)
		return CXChildVisit_Recurse;
	loc = clang_getCursorLocation(cursor);
	clang_getExpansionLocation(loc, &efile, &line, NULL, &eoff);
	if (!efile || !clang_File_isEqual(efile, m->main))
		return CXChildVisit_Recurse;
	/*
	 * A token of a macro's body has its invocation for file location too;
	 * one of an argument has its place in the argument list.
	 */
	clang_getFileLocation(loc, &sfile, NULL, NULL, &soff);
	if (!sfile || !clang_File_isEqual(sfile, m->main) || soff != eoff)
		return CXChildVisit_Recurse;
	for (i = 0; i < m->nr_exp; i++)
		if (m->exp[i].start == eoff)
			break;
	if (i == m->nr_exp)
		return CXChildVisit_Recurse;	/* written in the file */
	field = clang_getCursorReferenced(cursor);
	if (field.kind != CXCursor_FieldDecl)
		return CXChildVisit_Recurse;
	tag = take_string(clang_getCursorSpelling(clang_getCursorSemanticParent(field)));
	if (strcmp(tag, m->tag)) {
		free(tag);
		return CXChildVisit_Recurse;
	}
	free(tag);
	ALLOC_GROW(*m->uses, *m->nr + 1, m->alloc);
	u = &(*m->uses)[(*m->nr)++];
	u->macro = xstrdup(m->exp[i].name);
	u->file = m->exp[i].file ? xstrdup(m->exp[i].file) : NULL;
	u->member = take_string(clang_getCursorSpelling(field));
	u->line = line;
	m->count++;
	return CXChildVisit_Recurse;
}

static void write_macro_member(const void *item, struct strbuf *record)
{
	const struct macro_member *u = item;
	char num[32];

	cache_record_addstr(record, 'M', u->macro);
	if (u->file)
		cache_record_addstr(record, 'f', u->file);
	cache_record_addstr(record, 'm', u->member);
	snprintf(num, sizeof(num), "%u", u->line);
	cache_record_addstr(record, 'l', num);
}

static int read_macro_member(const char *buf, size_t len, void *item)
{
	struct macro_member *u = item;
	struct cache_reader rd;
	const char *v;
	size_t n;
	char tag;

	cache_reader_init(&rd, buf, len);
	while (cache_record_next(&rd, &tag, &v, &n) == 1) {
		if (tag == 'M' && !u->macro)
			u->macro = xstrndup(v, n);
		else if (tag == 'f' && !u->file)
			u->file = xstrndup(v, n);
		else if (tag == 'm' && !u->member)
			u->member = xstrndup(v, n);
		else if (tag == 'l')
			u->line = (unsigned)strtoul(v, NULL, 10);
	}
	return u->macro && u->member;
}

static void free_macro_members(void *items, size_t nr)
{
	classify_macro_members_free(items, nr);
}

static int collect_macro_member_list(struct classify *c, const struct parsed_file *pf,
				     const char *tag, void **items, size_t *nr)
{
	struct macro_member *uses = *items;
	struct macro_member_collect m;
	CXCursor tu = clang_getTranslationUnitCursor(pf->tu);

	memset(&m, 0, sizeof(m));
	m.c = c;
	m.main = pf->main;
	m.tag = tag;
	m.uses = &uses;
	m.nr = nr;
	m.alloc = *nr;
	clang_visitChildren(tu, collect_expansions, &m);
	if (m.nr_exp)
		clang_visitChildren(tu, collect_macro_members, &m);
	for (size_t i = 0; i < m.nr_exp; i++) {
		free(m.exp[i].name);
		free(m.exp[i].file);
	}
	free(m.exp);
	*items = uses;
	return m.count;
}

static const struct list_query macro_members_list = {
	"macro-members", sizeof(struct macro_member),
	write_macro_member, read_macro_member, free_macro_members, collect_macro_member_list,
};

int classify_macro_members(struct classify *c, const char *file, const char *tag,
			   struct macro_member **uses, size_t *nr)
{
	void *items = *uses;
	int count = list_of(c, NULL, file, tag, &macro_members_list, &items, nr);

	*uses = items;
	return count;
}

void classify_macro_members_many(struct classify *c, const struct strvec *files, const char *tag,
				 struct macro_member **uses, size_t *nr, int *counts)
{
	void **items = list_many(c, files, tag, &macro_members_list, nr, counts);

	for (size_t i = 0; i < files->nr; i++)
		uses[i] = items[i];
	free(items);
}

void classify_macro_members_free(struct macro_member *uses, size_t nr)
{
	for (size_t i = 0; i < nr; i++) {
		free(uses[i].macro);
		free(uses[i].file);
		free(uses[i].member);
	}
	free(uses);
}

struct named_collect {
	CXFile main;
	const char *text;	/* the main file's contents */
	size_t size;
	const char *tag;
	struct macro_named_function **fns;
	size_t *nr, alloc;
	int count;
};

static enum CXChildVisitResult collect_named_functions(CXCursor cursor, CXCursor parent,
							CXClientData data)
{
	struct named_collect *m = data;
	CXSourceLocation loc;
	CXFile efile, pfile;
	unsigned line, eoff, poff, start;
	int n, takes = 0;
	struct macro_named_function *f;
	char *name;
	size_t len;

	if (cursor.kind != CXCursor_FunctionDecl)
		return CXChildVisit_Continue;
	loc = clang_getCursorLocation(cursor);
	clang_getExpansionLocation(loc, &efile, &line, NULL, &eoff);
	if (!efile || !clang_File_isEqual(efile, m->main) || eoff >= m->size)
		return CXChildVisit_Continue;
	/*
	 * libclang gives a pasted name no location of its own (spelling and
	 * file locations are the expansion's): the name is written out when
	 * the text at its expansion location is the name itself.
	 */
	name = take_string(clang_getCursorSpelling(cursor));
	len = strlen(name);
	if (eoff + len <= m->size && !memcmp(m->text + eoff, name, len) &&
	    (eoff + len == m->size || !(m->text[eoff + len] == '_' ||
					(m->text[eoff + len] >= 'a' && m->text[eoff + len] <= 'z') ||
					(m->text[eoff + len] >= 'A' && m->text[eoff + len] <= 'Z') ||
					(m->text[eoff + len] >= '0' && m->text[eoff + len] <= '9')))) {
		free(name);
		return CXChildVisit_Continue;
	}
	free(name);
	n = clang_Cursor_getNumArguments(cursor);
	for (int i = 0; i < n; i++) {
		CXCursor parm = clang_Cursor_getArgument(cursor, (unsigned)i);
		struct type_shape s;

		/* the parameters must be written in the file, not made by the macro */
		clang_getFileLocation(clang_getCursorLocation(parm), &pfile, NULL, NULL, &poff);
		if (!pfile || !clang_File_isEqual(pfile, m->main) || poff <= eoff) {
			takes = 0;
			break;
		}
		type_shape(clang_getCursorType(parm), &s);
		takes |= shape_is(&s, m->tag) && s.pointers == 1 && !s.arrays;
		free(s.record);
	}
	if (!takes)
		return CXChildVisit_Continue;
	clang_getExpansionLocation(clang_getRangeStart(clang_getCursorExtent(cursor)),
				   NULL, NULL, NULL, &start);
	ALLOC_GROW(*m->fns, *m->nr + 1, m->alloc);
	f = &(*m->fns)[(*m->nr)++];
	f->line = line;
	f->decl_start = start <= eoff ? start : eoff;
	f->name_start = eoff;
	m->count++;
	return CXChildVisit_Continue;
}

int classify_macro_named_functions(struct classify *c, const char *file, const char *tag,
				   struct macro_named_function **fns, size_t *nr)
{
	struct parsed_file pf;
	struct named_collect m;

	if (parsed_file_open(c, NULL, file, &pf) < 0)
		return -1;
	memset(&m, 0, sizeof(m));
	m.main = pf.main;
	m.text = pf.text;
	m.size = pf.size;
	m.tag = tag;
	m.fns = fns;
	m.nr = nr;
	m.alloc = *nr;
	if (m.text)
		clang_visitChildren(clang_getTranslationUnitCursor(pf.tu), collect_named_functions, &m);
	parsed_file_close(&pf);
	return m.count;
}
