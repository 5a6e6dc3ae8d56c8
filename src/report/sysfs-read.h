/*
 * sysfs-read.h: what the sysfs prediction (sysfs.h) shares between its
 * files, and nothing else includes.  sysfs_analyze() reads every file
 * that mentions a class or device API into a struct afile (its tokens,
 * functions, macros and file-scope definitions), then:
 *
 *   sysfs-read.c     tokens, files, macro expansion, object keys, bindings
 *   sysfs-devices.c  the classes, the device kinds and their names
 *   sysfs-attrs.c    each kind's attribute files
 *   sysfs-predict.c  parents and paths resolved, the report finished
 * (the writers print it: writer.h).
 */
#ifndef CDMIGRATE_SYSFS_READ_H
#define CDMIGRATE_SYSFS_READ_H
#include "base/util.h"
#include "lex/lex.h"
#include "report/sysfs.h"

#define NO_INDEX ((size_t)-1)
#define MAX_DEPTH 8

struct func {
	char *name;
	size_t params_open, params_close;	/* the ( ) of the parameter list */
	size_t body_open, body_close;		/* the { } of the body */
};

struct macro {
	char *name;
	int function_like;
	struct strvec params;
	size_t body_start, body_end;		/* tokens [start, end) */
};

/* A file-scope declaration with a name (no function, no prototype). */
struct def {
	char *name;
	size_t name_tok;
	size_t init_open, init_close;		/* the initializer's { }, or 0, 0 */
	char *type;				/* "struct class", without storage words or '*' */
	int is_static, pointers, array;
};

struct afile {
	char *path;
	int core;				/* kernel_is_class_device_core() */
	struct strbuf text;
	struct lex_tokens t;
	struct func *funcs;
	size_t nr_funcs, alloc_funcs;
	struct macro *macros;
	size_t nr_macros, alloc_macros;
	struct def *defs;
	size_t nr_defs, alloc_defs;
};

/* `struct owner { struct tag name; }` */
struct member {
	char *owner, *name, *tag;
};

/* An object key tied to a device kind, or (an interface's add parameter) to a class. */
struct binding {
	char *key;
	int is_class;
	size_t index;
};

/* An assignment `chain.member = value` inside a function, member class/dev/parent. */
struct assign {
	char *key;				/* of the chain without its member */
	const char *member;
	size_t file, func;
	size_t value_start, value_end;		/* tokens [start, end) */
	unsigned line;
};

/* `.field = value` in a file-scope initializer. */
struct field_init {
	char *field;
	size_t file;
	size_t value_start, value_end;
};

/* Where a device kind's parent is to be read from, resolved at the end. */
struct pending_parent {
	int kind;				/* 0: from args, 1: from assignments */
	int device_api;				/* struct device's: .parent is any device */
	size_t file, func;
	size_t cd_start, cd_end;		/* class-device parent argument, or empty */
	size_t dev_start, dev_end;		/* device parent argument, or empty */
	char *key;				/* registered object, kind 1 */
};

/* The name of a device kind from a format and its arguments. */
struct name_source {
	size_t file, func;
	size_t fmt_start, fmt_end;
	size_t args_start, args_end;		/* the arguments after the format */
};

struct ctx {
	const char *tree;
	struct afile *files;
	size_t nr_files;
	struct member *members;
	size_t nr_members, alloc_members;
	struct binding *bindings;
	size_t nr_bindings, alloc_bindings;
	struct assign *assigns;
	size_t nr_assigns, alloc_assigns;
	struct field_init *inits;
	size_t nr_inits, alloc_inits;
	struct strvec arena;			/* text of pasted tokens */
	struct sysfs_report *out;
	struct pending_parent *parents;		/* parallel to out->devices */
	char **device_keys;			/* the object each device kind registers, or NULL */
	size_t alloc_devices;
	char **factory_names;			/* functions returning a created device */
	size_t *factory_devices;
	size_t nr_factories;
};

/*
 * A loop over every token i of the body of every function fn (its braces
 * included) of every file fi outside the driver core, in that order: the
 * walk most readers of the device API make.  `continue` goes on to the
 * next token; setting i skips ahead within the body.
 */
#define sysfs_read_for_each_body_token(c, fi, fn, i)						\
	for (size_t fi = 0; fi < (c)->nr_files; fi++)						\
		if (!(c)->files[fi].core)							\
			for (size_t fn = 0; fn < (c)->files[fi].nr_funcs; fn++)			\
				for (size_t i = (c)->files[fi].funcs[fn].body_open;			\
				     i < (c)->files[fi].funcs[fn].body_close; i++)

/* A token list built by expansion; the texts point into files or the arena. */
struct tokvec {
	struct lex_token *v;
	size_t nr, alloc;
};

struct chain {
	size_t base;
	size_t members[16];
	size_t nr;
	int ok;
};

struct attr_list {
	struct sysfs_attr *v;
	size_t nr, alloc;
};

/* sysfs-read.c */
int sysfs_read_is(const struct lex_token *t, const char *s);
int sysfs_read_is_ident(const struct lex_token *t);
int sysfs_read_same_token(const struct lex_token *a, const struct lex_token *b);
char *sysfs_read_tok_str(const struct lex_token *t);
char *sysfs_read_join(const struct lex_token *v, size_t a, size_t b);
size_t sysfs_read_match(const struct lex_token *v, size_t nr, size_t open);
size_t sysfs_read_call_args(const struct lex_token *v, size_t nr, size_t open,
			    size_t (*args)[2], size_t max, size_t *close_out);
int sysfs_read_is_null(const struct lex_token *v, size_t a, size_t b);
void sysfs_read_file(struct ctx *c, struct afile *f);
struct def *sysfs_read_find_def(struct afile *f, const char *name);
struct func *sysfs_read_find_func(struct afile *f, const char *name);
void sysfs_read_expand(struct ctx *c, struct afile *f, const struct lex_token *in, size_t n,
		       struct tokvec *out, int depth);
int sysfs_read_parse_chain(const struct lex_token *v, size_t a, size_t b, struct chain *ch);
const struct def *sysfs_read_global_def(struct ctx *c, size_t file, const char *name, size_t *def_file);
char *sysfs_read_chain_key(struct ctx *c, size_t file, size_t fn, const struct chain *ch, size_t use,
			   int depth);
char *sysfs_read_object_key(struct ctx *c, size_t file, size_t fn, size_t a, size_t b, int depth);
char *sysfs_read_object_tag(struct ctx *c, size_t file, size_t fn, size_t a, size_t b);
void sysfs_read_bind(struct ctx *c, const char *key, int is_class, size_t index);
const struct binding *sysfs_read_find_binding(struct ctx *c, const char *key, size_t *from);
void sysfs_read_lhs_of(const struct lex_token *v, size_t lower, size_t eq, size_t *a, size_t *b);

/* sysfs-devices.c */
void sysfs_devices_note(struct ctx *c, size_t file, const struct lex_token *at, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
void sysfs_devices_read_classes(struct ctx *c);
size_t sysfs_devices_class_ref(struct ctx *c, size_t file, size_t a, size_t b);
void sysfs_devices_device_note(struct sysfs_device *d, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void sysfs_devices_read_created(struct ctx *c);
void sysfs_devices_read_assignments(struct ctx *c);
void sysfs_devices_read_field_inits(struct ctx *c);
int sysfs_devices_def_field(struct afile *f, const struct def *def, const char *field, size_t *a, size_t *b);
void sysfs_devices_read_interfaces(struct ctx *c);
const struct assign *sysfs_devices_find_assign(struct ctx *c, const char *key, const char *member, size_t prefer_file);
void sysfs_devices_read_registered(struct ctx *c);
void sysfs_devices_read_factory_calls(struct ctx *c);

/* sysfs-attrs.c */
void sysfs_attrs_read(struct ctx *c);

/* sysfs-predict.c */
int sysfs_predict_clashes(const char *name);

#endif
