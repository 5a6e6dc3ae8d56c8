/*
 * check_header_users: the names a header's change can break its users
 * through, the macros of other headers over them, and the errors of a
 * parse that are new (by file and message, lines and renames aside).
 */
#define _GNU_SOURCE
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/header-users.h"
#include "test-lib.h"

static int has(const struct strvec *v, const char *s)
{
	for (size_t i = 0; i < v->nr; i++)
		if (!strcmp(v->v[i], s))
			return 1;
	return 0;
}

static void names_of(const char *before, const char *after, struct strvec *names)
{
	header_users_names(before, strlen(before), after, strlen(after), names, NULL);
}

START_TEST(a_member_renamed_and_its_macro)
{
	const char *before =
		"struct net_device {\n\tint mtu;\n\tstruct class_device class_dev;\n};\n"
		"#define SET_NETDEV_DEV(net, pdev) ((net)->class_dev.dev = (pdev))\n"
		"#define NETDEV_MTU(net) ((net)->mtu)\n"
		"extern int register_netdev(struct net_device *dev);\n";
	const char *after =
		"struct net_device {\n\tint mtu;\n\tstruct device dev;\n};\n"
		"#define SET_NETDEV_DEV(net, pdev) ((net)->dev.parent = (pdev))\n"
		"#define NETDEV_MTU(net) ((net)->mtu)\n"
		"extern int register_netdev(struct net_device *dev);\n";
	struct strvec names = STRVEC_INIT;

	names_of(before, after, &names);
	ck_assert(has(&names, "class_dev"));
	ck_assert(has(&names, "class_device"));
	ck_assert(has(&names, "SET_NETDEV_DEV"));
	/* what did not change is no name of the change */
	ck_assert(!has(&names, "NETDEV_MTU"));
	ck_assert(!has(&names, "mtu"));
	ck_assert(!has(&names, "register_netdev"));
	ck_assert(!has(&names, "struct"));
	strvec_clear(&names);
}
END_TEST

/* A struct deleted whole: its tag is the name; its members' words are everyone's. */
START_TEST(a_struct_deleted_whole_names_its_tag_not_its_members)
{
	const char *before =
		"struct class {\n\tconst char *name;\n\tstruct list_head children;\n\tint users;\n};\n"
		"struct class_device {\n\tstruct kobject kobj;\n\tstruct device *dev;\n"
		"\tvoid *class_data;\n\tchar class_id[20];\n};\n"
		"extern int class_device_register(struct class_device *);\n"
		"struct device {\n\tstruct kobject kobj;\n\tstruct device *parent;\n\tvoid *data;\n};\n"
		"extern void put_device(struct device *dev);\n";
	const char *after =
		"struct class {\n\tconst char *name;\n\tint users;\n};\n"
		"struct device {\n\tstruct kobject kobj;\n\tstruct device *parent;\n\tvoid *data;\n};\n"
		"extern void put_device(struct device *dev);\n";
	struct strvec names = STRVEC_INIT;

	names_of(before, after, &names);
	ck_assert(has(&names, "class_device"));
	ck_assert(has(&names, "class_device_register"));
	/* gone from everywhere, so still names */
	ck_assert(has(&names, "class_data"));
	ck_assert(has(&names, "class_id"));
	/* a member of a struct that stays: its users break */
	ck_assert(has(&names, "children"));
	/* class_device's kobj and dev: every driver says them, and struct device keeps kobj */
	ck_assert(!has(&names, "kobj"));
	ck_assert(!has(&names, "dev"));
	ck_assert(!has(&names, "users"));
	strvec_clear(&names);
}
END_TEST

/*
 * Members a kept struct lost break only files that name its tag as a
 * type (struct class, or dev->class->...): struct class's release and
 * class_interface's add are every driver's words, and so is class.
 */
START_TEST(a_kept_struct_loses_members_its_tag_scopes_them)
{
	const char *before =
		"struct class {\n\tconst char *name;\n\tvoid (*release)(struct class_device *dev);\n};\n"
		"struct class_interface {\n\tint (*add)(struct class_device *, struct class_interface *);\n};\n"
		"struct device {\n\tvoid (*release)(struct device *dev);\n};\n"
		"extern struct class *class_get(struct class *);\n";
	const char *after =
		"struct class {\n\tconst char *name;\n\tvoid (*dev_release)(struct device *dev);\n};\n"
		"struct class_interface {\n\tint (*add_dev)(struct device *, struct class_interface *);\n};\n"
		"struct device {\n\tvoid (*release)(struct device *dev);\n};\n";
	const char *fops = "static struct file_operations f = { .release = r, };\n";
	const char *sets = "static struct class c = { .name = \"c\", .release = r, };\n";
	const char *adds = "list_add(a, b); intf.add = x;\n";
	const char *gets = "struct device *d; class_get(NULL);\n";
	/* the tag as a word that is no type: a PCI class code beside a file_operations */
	const char *pci = "if ((pdev->class >> 8) == 0x0c03) f.release = r; /* the class of it */\n";
	/* reached through a member named like its type, or a cast */
	const char *chain = "dev->class\n\t->release = r;\n";
	const char *cast = "((struct\tclass *)p)->release = r;\n";
	struct strvec names = STRVEC_INIT, members = STRVEC_INIT;

	header_users_names(before, strlen(before), after, strlen(after), &names, &members);
	/* still names of the change (an error line naming them blames the header) */
	ck_assert(has(&names, "release"));
	ck_assert(has(&names, "add"));
	ck_assert(has(&members, "release\tclass"));
	ck_assert(has(&members, "add\tclass_interface"));
	/* a prototype removed is no member */
	ck_assert(has(&names, "class_get"));
	ck_assert(!has(&members, "class_get\tclass"));
	ck_assert_uint_eq(members.nr, 2);
	ck_assert(!header_users_mentions_scoped(fops, strlen(fops), &names, &members));
	ck_assert(header_users_mentions_scoped(sets, strlen(sets), &names, &members));
	ck_assert(!header_users_mentions_scoped(adds, strlen(adds), &names, &members));
	ck_assert(header_users_mentions_scoped(gets, strlen(gets), &names, &members));
	ck_assert(!header_users_mentions_scoped(pci, strlen(pci), &names, &members));
	ck_assert(header_users_mentions_scoped(chain, strlen(chain), &names, &members));
	ck_assert(header_users_mentions_scoped(cast, strlen(cast), &names, &members));
	ck_assert_ptr_null(header_users_first_mentioned(pci, strlen(pci), &names, &members));
	ck_assert_str_eq(header_users_first_mentioned(chain, strlen(chain), &names, &members),
			 names.v[0]);
	/* without members, every mention counts */
	ck_assert(header_users_mentions_scoped(fops, strlen(fops), &names, NULL));
	strvec_clear(&names);
	strvec_clear(&members);
}
END_TEST

START_TEST(a_member_retyped_and_a_prototype)
{
	const char *before =
		"struct gauge {\n\tint value;\n\tstruct class_device *cdev;\n};\n"
		"extern int gauge_add(struct class_device *cd,\n\t\tint flags);\n"
		"int (*gauge_hook)(struct class_device *);\n";
	const char *after =
		"struct gauge {\n\tint value;\n\tstruct device *cdev;\n};\n"
		"extern int gauge_add(struct device *cd,\n\t\tint flags);\n"
		"int (*gauge_hook)(struct device *);\n";
	struct strvec names = STRVEC_INIT;

	names_of(before, after, &names);
	ck_assert(has(&names, "cdev"));
	ck_assert(has(&names, "gauge_add"));
	ck_assert(has(&names, "gauge_hook"));
	ck_assert(!has(&names, "value"));
	ck_assert(!has(&names, "gauge"));
	strvec_clear(&names);
	/* the same text: nothing */
	names_of(before, before, &names);
	ck_assert_uint_eq(names.nr, 0);
}
END_TEST

START_TEST(mentions_whole_identifiers_only)
{
	struct strvec names = STRVEC_INIT;
	const char *text = "int x = cdev_add(a); /* my_cdev */\n";

	strvec_push(&names, "cdev");
	ck_assert(!header_users_mentions(text, strlen(text), &names));
	ck_assert(header_users_mentions("p->cdev.x", 9, &names));
	ck_assert(header_users_mentions("cdev", 4, &names));
	strvec_clear(&names);
	ck_assert(!header_users_mentions("cdev", 4, &names));
}
END_TEST

START_TEST(macros_of_another_header_over_a_name)
{
	const char *text =
		"#define SET_ETHER_DEV(e, p) SET_NETDEV_DEV((e)->net, p)\n"
		"#define ETHER_MTU(e) ((e)->mtu)\n"
		"#define ETHER_WRAP(e, p) \\\n\tdo { SET_ETHER_DEV(e, p); } while (0)\n";
	struct strvec names = STRVEC_INIT;

	strvec_push(&names, "SET_NETDEV_DEV");
	ck_assert_uint_eq(header_users_macro_names(text, strlen(text), &names), 1);
	ck_assert(has(&names, "SET_ETHER_DEV"));
	ck_assert(!has(&names, "ETHER_MTU"));
	/* a second pass follows the new name one macro further */
	ck_assert_uint_eq(header_users_macro_names(text, strlen(text), &names), 1);
	ck_assert(has(&names, "ETHER_WRAP"));
	ck_assert_uint_eq(header_users_macro_names(text, strlen(text), &names), 0);
	strvec_clear(&names);
}
END_TEST

START_TEST(new_errors_by_file_and_message)
{
	struct strvec before = STRVEC_INIT, after = STRVEC_INIT, fresh = STRVEC_INIT;

	strvec_push(&before, "include/asm/module.h:58:2: error: unknown processor family");
	strvec_push(&before, "drivers/x/a.c:10:3: error: no member named 'class_dev' in 'struct net_device'");
	strvec_push(&before, "error: too many errors");
	/* the same errors on other lines, one renamed: nothing new */
	strvec_push(&after, "include/asm/module.h:58:2: error: unknown processor family");
	strvec_push(&after, "drivers/x/a.c:12:3: error: no member named 'dev' in 'struct net_device'");
	strvec_push(&after, "error: too many errors");
	header_users_new_errors(&before, &after, &fresh);
	ck_assert_uint_eq(fresh.nr, 0);

	/* a second error of a message seen once is new; so is one in another file */
	strvec_push(&after, "drivers/x/a.c:20:1: error: no member named 'dev' in 'struct net_device'");
	strvec_push(&after, "drivers/x/b.c:20:1: error: unknown processor family");
	header_users_new_errors(&before, &after, &fresh);
	ck_assert_uint_eq(fresh.nr, 2);
	ck_assert_str_eq(fresh.v[0], "drivers/x/a.c:20:1: error: no member named 'dev' in 'struct net_device'");
	ck_assert_str_eq(fresh.v[1], "drivers/x/b.c:20:1: error: unknown processor family");
	strvec_clear(&fresh);

	/* nothing before: every error is new, in order */
	strvec_clear(&before);
	header_users_new_errors(&before, &after, &fresh);
	ck_assert_uint_eq(fresh.nr, after.nr);
	ck_assert_str_eq(fresh.v[0], after.v[0]);
	strvec_clear(&fresh);
	strvec_clear(&after);
}
END_TEST

START_TEST(a_renamed_error_matches_only_once)
{
	struct strvec before = STRVEC_INIT, after = STRVEC_INIT, fresh = STRVEC_INIT;

	strvec_push(&before, "d/a.c:1:1: error: use of undeclared identifier 'foo'");
	strvec_push(&after, "d/a.c:1:1: error: use of undeclared identifier 'bar'");
	strvec_push(&after, "d/a.c:9:1: error: use of undeclared identifier 'baz'");
	header_users_new_errors(&before, &after, &fresh);
	ck_assert_uint_eq(fresh.nr, 1);
	ck_assert_str_eq(fresh.v[0], "d/a.c:9:1: error: use of undeclared identifier 'baz'");
	strvec_clear(&fresh);
	strvec_clear(&before);
	strvec_clear(&after);
}
END_TEST

START_TEST(a_global_retyped_links_its_users)
{
	const char *def_before =
		"#include <linux/device.h>\n"
		"struct class hpsb_host_class = {\n\t.name = \"ieee1394_host\",\n};\n"
		"static struct class local_class = {\n\t.name = \"local\",\n};\n"
		"static CLASS_DEVICE_ATTR(state, S_IRUGO, show_state, NULL);\n"
		"int nodemgr_init(void)\n{\n\treturn class_register(&hpsb_host_class);\n}\n"
		"module_init(nodemgr_init);\n";
	const char *def_after =
		"#include <linux/device.h>\n"
		"struct class *hpsb_host_class;\n"
		"static struct class *local_class;\n"
		"static DEVICE_ATTR(state, S_IRUGO, show_state, NULL);\n"
		"int nodemgr_init(void)\n{\n\thpsb_host_class = class_create(THIS_MODULE, \"ieee1394_host\");\n"
		"\treturn 0;\n}\n"
		"module_init(nodemgr_init);\n";
	const char *user_before =
		"extern struct class hpsb_host_class;\n"
		"void add_host(struct hpsb_host *h)\n{\n\th->class_dev.class = &hpsb_host_class;\n}\n";
	const char *user_after =
		"extern struct class *hpsb_host_class;\n"
		"void add_host(struct hpsb_host *h)\n{\n\th->host_dev.class = hpsb_host_class;\n}\n";
	const char *other_before = "void f(struct foo *x)\n{\n\tclass_device_register(&x->cdev);\n}\n";
	const char *other_after = "void f(struct foo *x)\n{\n\tdevice_register(&x->cdev);\n}\n";
	struct strvec globals = STRVEC_INIT, user_ids = STRVEC_INIT, other_ids = STRVEC_INIT;
	const char *shared = NULL;

	header_users_changed_globals(def_before, strlen(def_before), def_after, strlen(def_after), &globals);
	/* the retyped global; not what is static, a macro invocation, or a body's change */
	ck_assert(has(&globals, "hpsb_host_class"));
	ck_assert(!has(&globals, "local_class"));
	ck_assert(!has(&globals, "state"));
	ck_assert(!has(&globals, "CLASS_DEVICE_ATTR"));
	ck_assert(!has(&globals, "module_init"));
	ck_assert(!has(&globals, "nodemgr_init"));
	header_users_changed_identifiers(user_before, strlen(user_before), user_after,
					 strlen(user_after), &user_ids);
	ck_assert(has(&user_ids, "hpsb_host_class"));
	ck_assert(has(&user_ids, "class_dev"));
	ck_assert(has(&user_ids, "host_dev"));
	ck_assert(!has(&user_ids, "add_host"));
	ck_assert(header_users_intersect(&globals, &user_ids, &shared));
	ck_assert_str_eq(shared, "hpsb_host_class");
	header_users_changed_identifiers(other_before, strlen(other_before), other_after,
					 strlen(other_after), &other_ids);
	ck_assert(!header_users_intersect(&globals, &other_ids, NULL));
	strvec_clear(&globals);
	strvec_clear(&user_ids);
	strvec_clear(&other_ids);
}
END_TEST

START_TEST(a_changed_prototype_is_a_global)
{
	const char *before = "int scsi_add(struct class_device *cd,\n\t\tint flags)\n{\n\treturn 0;\n}\n";
	const char *after = "int scsi_add(struct device *dev,\n\t\tint flags)\n{\n\treturn 0;\n}\n";
	struct strvec globals = STRVEC_INIT;

	header_users_changed_globals(before, strlen(before), after, strlen(after), &globals);
	ck_assert_uint_eq(globals.nr, 1);
	ck_assert_str_eq(globals.v[0], "scsi_add");
	strvec_clear(&globals);
}
END_TEST

START_TEST(vanished_names_are_the_ones_gone_everywhere)
{
	/* the prototype goes; class_device stays in another declaration; a
	 * name only in a comment or string never counted */
	const char *before = "struct class_device;\n"
		"extern void class_device_del(struct class_device *);\n"
		"extern int class_device_add(struct class_device *);\n"
		"/* gone_in_comment */\n";
	const char *after = "struct class_device;\n"
		"extern int class_device_add(struct class_device *);\n";
	struct strvec gone = STRVEC_INIT;

	strvec_push(&gone, "aaa_kept");
	header_users_vanished_names(before, strlen(before), after, strlen(after), &gone);
	ck_assert_uint_eq(gone.nr, 3);
	ck_assert_str_eq(gone.v[0], "aaa_kept");
	ck_assert_str_eq(gone.v[1], "class_device_del");
	ck_assert_str_eq(gone.v[2], "void");
	strvec_clear(&gone);
}
END_TEST

static unsigned long long next_random(unsigned long long *state)
{
	*state ^= *state << 13;
	*state ^= *state >> 7;
	*state ^= *state << 17;
	return *state;
}

/*
 * header_users_first_mentioned() answers what asking
 * header_users_mentions_scoped() about each name alone, in order, does:
 * random texts over a few words, names and members drawn from them.
 */
START_TEST(first_mentioned_is_the_first_name_asked_alone)
{
	static const char *const words[] = { "cdev", "dev", "foo", "class_dev", "parent",
					     "bar", "x", "shost_attrs", "attrs", "host" };
	const size_t nw = sizeof(words) / sizeof(*words);
	unsigned long long state = 0x9e3779b97f4a7c15ULL;

	for (int round = 0; round < 400; round++) {
		struct strvec names = STRVEC_INIT, members = STRVEC_INIT;
		struct strbuf text = STRBUF_INIT;
		const char *want = NULL, *got;

		for (unsigned k = next_random(&state) % 12; k > 0; k--)
			strbuf_addf(&text, "%s%s", words[next_random(&state) % nw], next_random(&state) % 3 ? " " : "->");
		for (size_t w = 0; w < nw; w++)
			if (next_random(&state) % 3 == 0)
				strvec_push(&names, words[w]);
		strvec_sort(&names);
		for (unsigned k = next_random(&state) % 3; k > 0; k--)
			strvec_pushf(&members, "%s\t%s", words[next_random(&state) % nw], words[next_random(&state) % nw]);
		strvec_sort(&members);
		for (size_t i = 0; i < names.nr && !want; i++) {
			struct strvec one = STRVEC_INIT;

			strvec_push(&one, names.v[i]);
			if (header_users_mentions_scoped(text.buf, text.len, &one, &members))
				want = names.v[i];
			strvec_clear(&one);
		}
		got = header_users_first_mentioned(text.buf, text.len, &names, &members);
		ck_assert_msg(got == want || (got && want && !strcmp(got, want)),
			      "round %d: text \"%s\": %s, one name at a time %s", round, text.buf,
			      got ? got : "(none)", want ? want : "(none)");
		strvec_clear(&names);
		strvec_clear(&members);
		strbuf_release(&text);
	}
}
END_TEST

/*
 * The matcher answers, for each header at once, what
 * header_users_mentions_scoped() answers for it alone: random texts over
 * a few words joined as types (struct, ->) or as words.
 */
START_TEST(matcher_is_mentions_scoped_for_each_header)
{
	static const char *const words[] = { "class", "release", "dev", "pci_bus", "add",
					     "class_dev", "remove", "x", "struct", "bus" };
	static const char *const joins[] = { " ", "->", ".", " >> ", "\n", "(" };
	const size_t nw = sizeof(words) / sizeof(*words), nj = sizeof(joins) / sizeof(*joins);
	unsigned long long state = 0x243f6a8885a308d3ULL;

	for (int round = 0; round < 300; round++) {
		struct strvec names[4], members[4];
		struct header_users_matcher *m;
		char hits[4];

		for (size_t k = 0; k < 4; k++) {
			names[k] = (struct strvec)STRVEC_INIT;
			members[k] = (struct strvec)STRVEC_INIT;
			for (size_t w = 0; w < nw; w++)
				if (next_random(&state) % 4 == 0)
					strvec_push(&names[k], words[w]);
			strvec_sort(&names[k]);
			for (unsigned i = next_random(&state) % 3; i > 0; i--)
				strvec_pushf(&members[k], "%s\t%s", words[next_random(&state) % nw],
					     words[next_random(&state) % nw]);
			strvec_sort(&members[k]);
		}
		m = header_users_matcher_new(names, members, 4);
		for (int t = 0; t < 5; t++) {
			struct strbuf text = STRBUF_INIT;

			for (unsigned i = next_random(&state) % 14; i > 0; i--)
				strbuf_addf(&text, "%s%s", words[next_random(&state) % nw],
					    joins[next_random(&state) % nj]);
			header_users_matcher_hits(m, text.buf, text.len, hits);
			for (size_t k = 0; k < 4; k++)
				ck_assert_msg(hits[k] == header_users_mentions_scoped(text.buf, text.len, &names[k],
										      &members[k]),
					      "round %d: text \"%s\", header %zu: matcher %d", round, text.buf, k,
					      hits[k]);
			strbuf_release(&text);
		}
		header_users_matcher_free(m);
		for (size_t k = 0; k < 4; k++) {
			strvec_clear(&names[k]);
			strvec_clear(&members[k]);
		}
	}
}
END_TEST

Suite *test_suite(void)
{
	Suite *suite = suite_create("header_users");
	TCase *tc = tcase_create("header_users");

	tcase_add_test(tc, a_member_renamed_and_its_macro);
	tcase_add_test(tc, a_member_retyped_and_a_prototype);
	tcase_add_test(tc, a_kept_struct_loses_members_its_tag_scopes_them);
	tcase_add_test(tc, a_struct_deleted_whole_names_its_tag_not_its_members);
	tcase_add_test(tc, mentions_whole_identifiers_only);
	tcase_add_test(tc, macros_of_another_header_over_a_name);
	tcase_add_test(tc, new_errors_by_file_and_message);
	tcase_add_test(tc, a_renamed_error_matches_only_once);
	tcase_add_test(tc, a_global_retyped_links_its_users);
	tcase_add_test(tc, a_changed_prototype_is_a_global);
	tcase_add_test(tc, vanished_names_are_the_ones_gone_everywhere);
	tcase_add_test(tc, first_mentioned_is_the_first_name_asked_alone);
	tcase_add_test(tc, matcher_is_mentions_scoped_for_each_header);
	suite_add_tcase(suite, tc);
	return suite;
}
