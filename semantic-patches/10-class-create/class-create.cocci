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
/// dev_uevent and dev_attrs with struct device callbacks.
//
// Order: 10 (class-create)
// Requires: nothing from earlier steps.
// Options: --include-headers.  The definition, its extern declaration and
//   its users must be in the same spatch run (one file group; the step's
//   "follow: class-objects" adds the users): other files are converted
//   through the bindings of the file that defines the class.
// Leaves: (the class is not converted at all, and nothing changes for it)
//   - .class_release: it releases the class object itself (typically
//     freeing a structure that contains it); class_create() allocates and
//     frees the class, so its lifetime must be redesigned by a human;
//   - .class_attrs, or any field other than name, owner, release, hotplug,
//     uevent and class_dev_attrs: class attributes are created when the
//     class registers, too early for an assignment after class_create();
//   - no .name;
//   - a preprocessor conditional in the initializer, except the 2.6.15
//     idiom "#ifdef CONFIG_HOTPLUG .hotplug = f, #endif" (kept around the
//     assignment);
//   - the class's address in a static initializer (a class_interface's
//     .class = &foo): a pointer known only at run time cannot initialize it;
//   - a registration this patch does not know: the result of
//     class_register() used other than by "err = ...; if (err) <return,
//     goto or a block ending in one>", "if ((err = ...))", "if
//     (class_register(...)) ...", "return class_register(...)" or, for a
//     class with no field to assign, an unchecked call; or no registration
//     in the run at all (registered through a helper);
//   - two definitions of the same name in the run;
//   - a struct class embedded in a bigger structure, or defined through a
//     macro: not a plain definition, never matched.
//   The tool's scan reports each of these as needs-human.

@initialize:python@
@@
import re

def cdm_initializer(path, line):
    """The text of the brace initializer that starts on or after line."""
    with open(path, errors="replace") as fp:
        text = "\n".join(fp.read().split("\n")[line - 1:])
    start = text.find("{")
    depth = 0
    for i in range(start, len(text)):
        if text[i] == "{":
            depth += 1
        elif text[i] == "}":
            depth -= 1
            if depth == 0:
                return text[start:i + 1]
    return text[start:]

def cdm_directives(body):
    """'none' without preprocessor lines; 'hotplug' when the only ones are
    #ifdef CONFIG_HOTPLUG ... #endif around .hotplug/.uevent; else 'other'."""
    inside = False
    seen = False
    for line in body.split("\n"):
        s = re.sub(r"^#\s*", "#", line.strip())
        if s.startswith("#"):
            seen = True
            if not inside and re.match(r"#ifdef\s+CONFIG_HOTPLUG\b", s):
                inside = True
            elif inside and s.startswith("#endif"):
                inside = False
            else:
                return "other"
        elif inside and s and not re.match(r"\.(hotplug|uevent)\s*=\s*\w+\s*,?$", s):
            return "other"
    if inside:
        return "other"
    return "hotplug" if seen else "none"

cdm_hotplug_guarded = set()
cdm_defined = {}

@def@
identifier c;
expression N;
position pd;
@@
struct class c@pd = { .name = N, };

// Preprocessor lines inside the initializer: only the 2.6.15 idiom
// "#ifdef CONFIG_HOTPLUG .hotplug = f, #endif" is kept (around the
// assignment); with any other the class is left alone.
@script:python pp@
c << def.c;
pd << def.pd;
@@
cdm_defined.setdefault(c, set()).add((pd[0].file, pd[0].line))
kind = cdm_directives(cdm_initializer(pd[0].file, int(pd[0].line)))
if kind == "other":
    cocci.include_match(False)
elif kind == "hotplug":
    cdm_hotplug_guarded.add((pd[0].file, c))

// Two definitions of one name (static classes of two drivers): every
// &name would be ambiguous in a run that spans both files.
@script:python dup@
c << def.c;
@@
if len(cdm_defined.get(c, ())) > 1:
    cocci.include_match(False)

@own depends on def@
identifier def.c;
identifier O != THIS_MODULE;
@@
struct class c = { .owner = O, };

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

// g is c when the callbacks sit in #ifdef CONFIG_HOTPLUG, u otherwise.
@script:python guard@
c << def.c;
pd << def.pd;
g;
u;
@@
if (pd[0].file, c) in cdm_hotplug_guarded:
    coccinelle.g = cocci.make_ident(c)
else:
    coccinelle.u = cocci.make_ident(c)

@cap_attrs depends on def@
identifier def.c;
expression A;
@@
struct class c = { .class_dev_attrs = A, };

// ---------------------------------------------------------------------
// Reasons to leave the class alone.

@bad_field depends on def@
identifier def.c;
identifier f != {name, owner, release, hotplug, uevent, class_dev_attrs};
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
@bare depends on shape && (cap_release || cap_hotplug || cap_uevent || cap_attrs)@
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
expression def.N;
expression err, E;
identifier l;
@@
- err = class_register(&c);
+ c = class_create(THIS_MODULE, N);
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
expression def.N;
statement S;
@@
+ c = class_create(THIS_MODULE, N);
  if (
- \(class_register(&c)\|class_register(&c) < 0\|class_register(&c) != 0\)
+ IS_ERR(c)
  ) S

@reg_ret depends on ok@
identifier def.c;
expression def.N;
@@
- return class_register(&c);
+ c = class_create(THIS_MODULE, N);
+ if (IS_ERR(c))
+	return PTR_ERR(c);
+ return 0;

@reg_bare depends on ok@
identifier def.c;
expression def.N;
@@
- class_register(&c);
+ c = class_create(THIS_MODULE, N);

@owner depends on ok && own@
identifier def.c;
identifier own.O;
expression E;
@@
  c = class_create(
- THIS_MODULE
+ O
  , E);

// ---------------------------------------------------------------------
// What the initializer set that class_create() cannot: assigned on the
// success path, right after the IS_ERR() test.  Each rule inserts at the
// same place, so they run in reverse order of the lines they produce.

@set_attrs depends on ok@
identifier def.c;
expression cap_attrs.A;
expression X, Y;
statement S;
@@
  c = class_create(X, Y);
  if (IS_ERR(c)) S
+ c->class_dev_attrs = A;

@set_uevent_hotplug depends on ok@
identifier guard.g;
expression cap_uevent.U;
expression X, Y;
statement S;
@@
  g = class_create(X, Y);
  if (IS_ERR(g)) S
+#ifdef CONFIG_HOTPLUG
+ g->uevent = U;
+#endif

@set_uevent depends on ok@
identifier guard.u;
expression cap_uevent.U;
expression X, Y;
statement S;
@@
  u = class_create(X, Y);
  if (IS_ERR(u)) S
+ u->uevent = U;

@set_hotplug_hotplug depends on ok@
identifier guard.g;
expression cap_hotplug.H;
expression X, Y;
statement S;
@@
  g = class_create(X, Y);
  if (IS_ERR(g)) S
+#ifdef CONFIG_HOTPLUG
+ g->hotplug = H;
+#endif

@set_hotplug depends on ok@
identifier guard.u;
expression cap_hotplug.H;
expression X, Y;
statement S;
@@
  u = class_create(X, Y);
  if (IS_ERR(u)) S
+ u->hotplug = H;

@set_release depends on ok@
identifier def.c;
expression cap_release.R;
expression X, Y;
statement S;
@@
  c = class_create(X, Y);
  if (IS_ERR(c)) S
+ c->release = R;

// ---------------------------------------------------------------------
// The object becomes a pointer, everywhere.

@destroy depends on ok@
identifier def.c;
@@
- class_unregister(&c)
+ class_destroy(c)

@pointer depends on ok@
identifier def.c;
@@
- struct class c = { ... };
+ struct class *c;

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
