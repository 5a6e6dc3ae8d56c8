#define _GNU_SOURCE
/*
 * classify-clang.c: the classifier's lifecycle and libclang itself (see
 * classify-clang.h for the module's other files).
 */
#include "analyze/classify-clang.h"
#include "analyze/parse-setup.h"
#include "base/cache.h"

#include <errno.h>
#include <limits.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config.h"

char *classify_take_string(CXString s)
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
						   opts->out_of_tree, opts->blank_header_bodies };

		c->setup = parse_setup_new(&po);
	}
	classify_set_overlay(c, NULL, 0);
	return c;
}

void classify_set_blank_header_bodies(struct classify *c, int blank)
{
	parse_setup_set_blank_header_bodies(c->setup, blank);
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

/* The overlay's content of file (relative) into *content and *len; unchanged without one. */
static void overlay_content(const struct classify *c, const char *file, const char **content,
			    size_t *len)
{
	char *abs = path_join(c->tree, file);

	for (size_t i = 0; i < c->nr_overlay; i++)
		if (!strcmp(c->overlay[i].Filename, abs)) {
			*content = c->overlay[i].Contents;
			*len = (size_t)c->overlay[i].Length;
		}
	free(abs);
}

void classify_parse_args(struct classify *c, const char *file, const char *content, size_t len,
				struct strvec *args)
{
	if (!content)
		overlay_content(c, file, &content, &len);
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

const char *classify_overlay_hash_of(const struct classify *c, const char *abs)
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

CXTranslationUnit classify_parse(struct classify *c, CXIndex index, const char *file,
				 const char *content, size_t len)
{
	struct strvec args = STRVEC_INIT;
	char *abs = path_join(c->tree, file);
	struct CXUnsavedFile *unsaved;
	size_t nr_unsaved = 0;
	CXTranslationUnit tu = NULL;
	enum CXErrorCode rc;
	const char *text = content;
	size_t text_len = len;
	struct parse_header *headers;
	size_t nr_headers;

	if (!text)
		overlay_content(c, file, &text, &text_len);
	classify_parse_args(c, file, text, text_len, &args);
	nr_headers = parse_setup_headers(c->setup, file, text, text_len, &args, &headers);
	unsaved = xcalloc(c->nr_overlay + 1 + nr_headers, sizeof(*unsaved));
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
	/* the overlay's text of a header wins over the disk's */
	for (size_t i = 0; i < nr_headers; i++) {
		if (classify_overlay_hash_of(c, headers[i].file) || !strcmp(headers[i].file, abs))
			continue;
		unsaved[nr_unsaved].Filename = headers[i].path;
		unsaved[nr_unsaved].Contents = headers[i].text;
		unsaved[nr_unsaved].Length = (unsigned long)headers[i].len;
		nr_unsaved++;
	}
	rc = clang_parseTranslationUnit2(index, abs, (const char *const *)args.v, (int)args.nr,
					 unsaved, (unsigned)nr_unsaved,
					 CXTranslationUnit_KeepGoing |
					 CXTranslationUnit_DetailedPreprocessingRecord, &tu);
	if (rc != CXError_Success)
		tu = NULL;
	atomic_fetch_add(&total_parses, 1);
	parse_headers_free(headers, nr_headers);
	free(unsaved);
	strvec_clear(&args);
	free(abs);
	return tu;
}

void classify_type_shape(CXType t, struct type_shape *s)
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
			s->record = classify_take_string(clang_getCursorSpelling(decl));
	}
}

int classify_shape_is(const struct type_shape *s, const char *tag)
{
	return s->record && !strcmp(s->record, tag);
}

static enum CXChildVisitResult find_aligned(CXCursor cursor, CXCursor parent, CXClientData data)
{
	if (cursor.kind == CXCursor_AlignedAttr) {
		*(int *)data = 1;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Continue;
}

int classify_has_aligned_attr(CXCursor cursor)
{
	int found = 0;

	clang_visitChildren(cursor, find_aligned, &found);
	return found;
}

/*
 * "FILE:LINE:COLUMN: error: TEXT" with FILE relative to the tree (or the
 * kernel, or our scratch directory): what we print must not depend on
 * where the tree is, and clang_formatDiagnostic() names absolute paths.
 */
static char *diagnostic_text(const struct classify *c, CXDiagnostic d)
{
	CXSourceLocation loc = clang_getDiagnosticLocation(d);
	char *text = classify_take_string(clang_getDiagnosticSpelling(d));
	char *name = NULL, *out;
	const char *shown;
	CXFile file;
	unsigned line, column;

	clang_getSpellingLocation(loc, &file, &line, &column, NULL);
	if (file)
		name = classify_take_string(clang_getFileName(file));
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
	char *spelling = classify_take_string(clang_getDiagnosticSpelling(d));
	char *option = classify_take_string(clang_getDiagnosticOption(d, NULL));
	int yes = !strcmp(option, "-Wimplicit-function-declaration") &&
		  starts_with(spelling, "use of unknown builtin");

	free(spelling);
	free(option);
	return yes;
}

void classify_collect_diagnostics(const struct classify *c, CXTranslationUnit tu, struct strvec *diags)
{
	classify_collect_diagnostics_in(c, tu, NULL, diags);
}

void classify_collect_diagnostics_in(const struct classify *c, CXTranslationUnit tu, CXFile only,
				     struct strvec *diags)
{
	unsigned n = clang_getNumDiagnostics(tu);

	for (unsigned i = 0; i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);
		enum CXDiagnosticSeverity sev = clang_getDiagnosticSeverity(d);
		int keep = sev >= CXDiagnostic_Warning;

		if (keep && only) {
			CXFile file;

			/* the file diagnostic_text() names */
			clang_getSpellingLocation(clang_getDiagnosticLocation(d), &file, NULL, NULL, NULL);
			keep = file && clang_File_isEqual(file, only);
		}
		if (keep) {
			char *text = diagnostic_text(c, d);
			int error = sev >= CXDiagnostic_Error || default_error(d);

			strvec_pushf(diags, "%c%s", error ? 'E' : 'W', text);
			free(text);
		}
		clang_disposeDiagnostic(d);
	}
}

void classify_view_diagnostics(const struct classify *c, const struct strvec *diags,
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

char *classify_file_arch(struct classify *c, const char *file)
{
	const char *content = NULL;
	size_t len = 0;

	overlay_content(c, file, &content, &len);
	return parse_setup_arch(c->setup, file, content, len);
}

/* 0, or -1 when libclang could not parse `file` (nothing to close then). */
int classify_parsed_file_open(struct classify *c, CXIndex index, const char *file, struct parsed_file *pf)
{
	char *abs = path_join(c->tree, file);

	memset(pf, 0, sizeof(*pf));
	pf->index = index ? NULL : clang_createIndex(0, 0);
	pf->tu = classify_parse(c, index ? index : pf->index, file, NULL, 0);
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

void classify_parsed_file_close(struct parsed_file *pf)
{
	clang_disposeTranslationUnit(pf->tu);
	if (pf->index)
		clang_disposeIndex(pf->index);
}
