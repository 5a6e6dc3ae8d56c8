/// Convert a statically defined struct class, registered with
/// class_register() and removed with class_unregister(), to a class made
/// at run time by class_create() and freed by class_destroy().  The object
/// becomes a pointer of the same name: every &foo becomes foo and every
/// foo.field becomes foo->field, in every file of the run (an exported
/// object becomes an exported pointer, EXPORT_SYMBOL stays, and its extern
/// declaration follows).  Registration keeps the error path it had: the
/// result of class_create() is tested with IS_ERR() and PTR_ERR() gives the
/// error code (err is set to 0 on the success path when that path reads it
/// before writing it).  The .owner of the initializer is class_create()'s
/// first argument (THIS_MODULE without one).  The .release, .hotplug or
/// .uevent and .class_dev_attrs that class_create() cannot take are
/// assigned right after creation, before any class device exists: they
/// only deal with class devices, and step 40 renames them to dev_release,
/// dev_uevent and dev_attrs with struct device callbacks.  A class whose
/// devices are already struct device (2.6.19 and later: .dev_release,
/// .dev_uevent, .dev_attrs) has those assigned the same way.
//
// Order: 10 (class-create)
// Requires: nothing from earlier steps.
// Options: --include-headers.  The definition, its extern declaration and
//   its users must be in the same spatch run (one file group; the step's
//   "follow: class-objects" adds the users): other files are converted
//   through the bindings of the file that defines the class.  Every rule
//   that edits depends on a class_register() call of the group (shape),
//   so a group without one is not run ("needs: class_register"): the
//   pointer users of class_create()'s classes, most of the files the
//   "struct class " trigger finds.
// Rewriter: class-initializer (src/rewrite/class-initializer.h).  spatch
//   does not see the preprocessor lines of an initializer, and one name
//   defined in two files of a run gives two bindings that would both edit
//   each registration.  So the definition and what its initializer says
//   are left to the pass: this file writes the registration as
//   "c = class_create(CDMIGRATE_CLASS_ARGS(c));" and, after its IS_ERR()
//   test, "CDMIGRATE_CLASS_FIELDS(c);".  The pass turns the definition
//   (the one in the same file, else the one of the subsystem) into the
//   pointer, the first placeholder into its owner (THIS_MODULE without
//   one) and name, the second into the assignments, in the initializer's
//   order and inside its #if lines (the 2.6.15 "#ifdef CONFIG_HOTPLUG
//   .hotplug = f, #endif" among them).
// Leaves: (the class is not converted at all, and nothing changes for it)
//   - .class_release: it releases the class object itself (typically
//     freeing a structure that contains it); class_create() allocates and
//     frees the class, so its lifetime must be redesigned by a human;
//   - .class_attrs, or any field other than name, owner, release, hotplug,
//     uevent, class_dev_attrs, dev_release, dev_uevent and dev_attrs: class
//     attributes are created when the class registers, too early for an
//     assignment after class_create();
//   - no .name;
//   - the class's address in a static initializer (a class_interface's
//     .class = &foo): a pointer known only at run time cannot initialize it;
//   - a registration this patch does not know: the result of
//     class_register() used other than by "err = ...; if (err) <return,
//     goto or a block ending in one>", "if ((err = ...))", "if
//     (class_register(...)) ...", "return class_register(...)" or, for a
//     class with no field to assign, an unchecked call; or no registration
//     in the run at all (registered through a helper);
//   - a struct class embedded in a bigger structure, or defined through a
//     macro: not a plain definition, never matched.
//   The tool's scan reports each of these as needs-human.  The pass refuses
//   the step (nothing of it is written, the error names the class) for an
//   initializer spatch misread: .name or .owner under an #if (they are
//   class_create()'s arguments), a field it cannot assign in a branch
//   spatch does not read, or a field to assign after an unchecked
//   registration.

@def@
identifier c;
expression N;
@@
struct class c = { .name = N, };

@cap_release depends on def@
identifier def.c;
expression R;
@@
struct class c = { .release = R, };

@cap_hotplug depends on def@
identifier def.c;
expression H;
@@
struct class c = { .hotplug = H, };

@cap_uevent depends on def@
identifier def.c;
expression U;
@@
struct class c = { .uevent = U, };

@cap_attrs depends on def@
identifier def.c;
expression A;
@@
struct class c = { .class_dev_attrs = A, };

// The 2.6.19 fields of a class whose devices are already struct device.
@cap_dev_fields depends on def@
identifier def.c;
identifier f = {dev_release, dev_uevent, dev_attrs};
expression E;
@@
struct class c = { .f = E, };

// ---------------------------------------------------------------------
// Reasons to leave the class alone.

@bad_field depends on def@
identifier def.c;
identifier f != {name, owner, release, hotplug, uevent, class_dev_attrs, dev_release, dev_uevent, dev_attrs};
expression E;
@@
struct class c = { .f = E, };

@bad_static depends on def@
identifier def.c;
identifier x, f;
type T;
@@
(
T x = { .f = &c, };
|
T x = { ..., &c, ... };
)

@shape depends on def@
identifier def.c;
expression err, E;
identifier l;
position p;
@@
(
 err = class_register@p(&c);
 if (\(err\|err < 0\|err != 0\))
 \(return E;\|goto l;\|{ ... \(return E;\|goto l;\) }\)
|
 if (\((err = class_register@p(&c))\|(err = class_register@p(&c)) < 0\|(err = class_register@p(&c)) != 0\))
 \(return E;\|goto l;\|{ ... \(return E;\|goto l;\) }\)
|
 if (\(class_register@p(&c)\|class_register@p(&c) < 0\|class_register@p(&c) != 0\))
 \(return E;\|goto l;\|{ ... \(return E;\|goto l;\) }\)
|
 return class_register@p(&c);
|
 class_register@p(&c);
)

// A registration in a shape not listed above.
@unsup depends on shape@
identifier def.c;
position p != shape.p;
@@
class_register@p(&c)

// An unchecked registration of a class that needs assignments after
// creation: they would dereference an ERR_PTR.
@bare depends on shape && (cap_release || cap_hotplug || cap_uevent || cap_attrs || cap_dev_fields)@
identifier def.c;
position shape.p;
@@
class_register@p(&c);

@ok depends on shape && !bad_field && !bad_static && !unsup && !bare@
identifier def.c;
@@
struct class c = { ... };

// ---------------------------------------------------------------------
// Registration.

// if ((err = class_register(&c))) S  ->  err = class_register(&c); if (err) S
@reg_inline depends on ok@
identifier def.c;
expression err;
statement S;
@@
+ err = class_register(&c);
  if (
- \((err = class_register(&c))\|(err = class_register(&c)) < 0\|(err = class_register(&c)) != 0\)
+ err
  ) S

// err was 0 after a successful class_register(); class_create() does not
// set it, so keep it 0 where the success path reads it before writing it.
@zero depends on ok exists@
identifier def.c;
expression err, E;
statement S;
position p;
@@
 err = class_register@p(&c);
 if (\(err\|err < 0\|err != 0\)) S
 ... when != err = E
 return <+... err ...+>;

@keep_zero depends on ok@
identifier def.c;
expression zero.err;
position zero.p;
statement S;
@@
  err = class_register@p(&c);
  if (\(err\|err < 0\|err != 0\)) S
+ err = 0;

@reg_err depends on ok@
identifier def.c;
expression err, E;
identifier l;
@@
- err = class_register(&c);
+ c = class_create(CDMIGRATE_CLASS_ARGS(c));
(
  if (
- \(err\|err < 0\|err != 0\)
+ IS_ERR(c)
  )
  return
- err
+ PTR_ERR(c)
  ;
|
- if (\(err\|err < 0\|err != 0\))
-	return \(E \& <+... err ...+>\);
+ if (IS_ERR(c)) {
+	err = PTR_ERR(c);
+	return E;
+ }
|
  if (
- \(err\|err < 0\|err != 0\)
+ IS_ERR(c)
  )
  return E;
|
- if (\(err\|err < 0\|err != 0\))
-	goto l;
+ if (IS_ERR(c)) {
+	err = PTR_ERR(c);
+	goto l;
+ }
|
  if (
- \(err\|err < 0\|err != 0\)
+ IS_ERR(c)
  ) {
+ err = PTR_ERR(c);
  <+... err ...+>
  }
|
  if (
- \(err\|err < 0\|err != 0\)
+ IS_ERR(c)
  ) {
  ...
  }
)

@reg_if depends on ok@
identifier def.c;
statement S;
@@
+ c = class_create(CDMIGRATE_CLASS_ARGS(c));
  if (
- \(class_register(&c)\|class_register(&c) < 0\|class_register(&c) != 0\)
+ IS_ERR(c)
  ) S

@reg_ret depends on ok@
identifier def.c;
@@
- return class_register(&c);
+ c = class_create(CDMIGRATE_CLASS_ARGS(c));
+ if (IS_ERR(c))
+	return PTR_ERR(c);
+ return 0;

@reg_bare depends on ok@
identifier def.c;
@@
- class_register(&c);
+ c = class_create(CDMIGRATE_CLASS_ARGS(c));

// ---------------------------------------------------------------------
// What the initializer set that class_create() cannot take: assigned by
// the pass on the success path, right after the IS_ERR() test.

@fields depends on ok@
identifier def.c;
statement S;
@@
  c = class_create(...);
  if (IS_ERR(c)) S
+ CDMIGRATE_CLASS_FIELDS(c);

// ---------------------------------------------------------------------
// The object becomes a pointer, everywhere (its definition: the pass).

@destroy depends on ok@
identifier def.c;
@@
- class_unregister(&c)
+ class_destroy(c)

@pointer_extern depends on ok@
identifier def.c;
@@
- extern struct class c;
+ extern struct class *c;

@pointer_tentative depends on ok@
identifier def.c;
@@
- struct class c;
+ struct class *c;

@address depends on ok@
identifier def.c;
@@
- &c
+ c

@member depends on ok@
identifier def.c;
identifier f;
@@
- c.f
+ c->f
