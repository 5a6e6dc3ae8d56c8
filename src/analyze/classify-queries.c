#define _GNU_SOURCE
#include "analyze/classify-jobs.h"
#include "analyze/classify-memo.h"
#include "analyze/classify-sites.h"
#include "base/cache.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * classify_parsed_file_open() for a query, the file's sites kept in the
 * parse memo on the way (classify_keep_sites()): the step's passes parse
 * files before their change, as verify's parse before it will.
 */
static int open_parse(struct classify *c, CXIndex index, const char *file, struct parsed_file *pf)
{
	if (classify_parsed_file_open(c, index, file, pf) < 0)
		return -1;
	classify_keep_sites(c, pf->tu, file);
	return 0;
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
			d->name = classify_take_string(clang_getCursorSpelling(cursor));
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

	if (open_parse(c, NULL, file, &pf) < 0)
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
	classify_parsed_file_close(&pf);
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
	if (cursor.kind == CXCursor_FieldDecl && classify_has_aligned_attr(cursor)) {
		*(int *)data = 1;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Continue;
}

static int record_is_aligned(CXCursor record)
{
	int found = classify_has_aligned_attr(record);

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
		kw = classify_take_string(clang_getTokenSpelling(m->tu, tokens[i]));
		name = classify_take_string(clang_getTokenSpelling(m->tu, tokens[i + 1]));
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
	classify_type_shape(clang_getCursorType(cursor), &s);
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
	f->record = classify_take_string(clang_getCursorSpelling(record));
	if (clang_Cursor_isAnonymous(record)) {
		free(f->record);
		f->record = xstrdup("");
	}
	f->field = classify_take_string(clang_getCursorSpelling(cursor));
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

	if (open_parse(c, NULL, file, &pf) < 0)
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
	classify_parsed_file_close(&pf);
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
	tag = classify_take_string(clang_getCursorSpelling(record));
	if (strcmp(tag, m->tag)) {
		free(tag);
		return CXChildVisit_Recurse;
	}
	free(tag);
	clang_getFileLocation(loc, &sfile, NULL, NULL, &soff);
	ALLOC_GROW(*m->uses, *m->nr + 1, m->alloc);
	u = &(*m->uses)[(*m->nr)++];
	u->member = classify_take_string(clang_getCursorSpelling(field));
	u->line = line;
	u->offset = sfile && clang_File_isEqual(sfile, m->main) && soff == eoff ? (long)soff : -1;
	u->base_record = u->base_field = NULL;
	base = base_member(cursor);
	if (!clang_Cursor_isNull(base)) {
		CXCursor bfield = clang_getCursorReferenced(base);

		if (bfield.kind == CXCursor_FieldDecl) {
			CXCursor brecord = clang_getCursorSemanticParent(bfield);

			u->base_field = classify_take_string(clang_getCursorSpelling(bfield));
			u->base_record = clang_Cursor_isAnonymous(brecord)
				? xstrdup("") : classify_take_string(clang_getCursorSpelling(brecord));
		}
	}
	m->count++;
	return CXChildVisit_Recurse;
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

	if (memo && classify_memo_found_get(c, q->name, tag, file, key, &found)) {
		*items = classify_memo_found_append(*items, nr, &found);
		return found.count;
	}
	if (open_parse(c, index, file, &pf) < 0)
		return -1;
	found.count = pf.main ? q->collect(c, &pf, tag, items, nr) : 0;
	found.items = (char *)*items + from * q->size;
	found.nr = *nr - from;
	if (memo)
		classify_memo_put(c, key, pf.tu, &classify_memo_found, &found);
	classify_parsed_file_close(&pf);
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

	classify_jobs_run_query(c, files, list_many_query, &m);
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
	name = classify_take_string(clang_getFileName(file));
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
	x->name = classify_take_string(clang_getCursorSpelling(cursor));
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
	tag = classify_take_string(clang_getCursorSpelling(clang_getCursorSemanticParent(field)));
	if (strcmp(tag, m->tag)) {
		free(tag);
		return CXChildVisit_Recurse;
	}
	free(tag);
	ALLOC_GROW(*m->uses, *m->nr + 1, m->alloc);
	u = &(*m->uses)[(*m->nr)++];
	u->macro = xstrdup(m->exp[i].name);
	u->file = m->exp[i].file ? xstrdup(m->exp[i].file) : NULL;
	u->member = classify_take_string(clang_getCursorSpelling(field));
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
	name = classify_take_string(clang_getCursorSpelling(cursor));
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
		classify_type_shape(clang_getCursorType(parm), &s);
		takes |= classify_shape_is(&s, m->tag) && s.pointers == 1 && !s.arrays;
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

	if (open_parse(c, NULL, file, &pf) < 0)
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
	classify_parsed_file_close(&pf);
	return m.count;
}
