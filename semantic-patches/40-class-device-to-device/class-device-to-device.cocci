/// Convert the users of struct class_device to struct device.  The type
/// becomes struct device everywhere (members, pointers, parameters, return
/// types, casts, sizeof) and struct class_device_attribute becomes struct
/// device_attribute, without const (device_create_file() takes none).
/// The calls follow: class_device_register, _unregister, _initialize,
/// _add, _del, _destroy, _rename, _create_file, _remove_file,
/// _create_bin_file and _remove_bin_file become their device_* namesakes,
/// class_device_get/_put become get_device/put_device, class_get_devdata and
/// class_set_devdata become dev_get_drvdata and dev_set_drvdata, and
/// to_class_dev(kobj) becomes container_of(kobj, struct device, kobj).
/// class_device_create(cls, cd_parent, devt, device, fmt, ...) becomes
/// device_create(cls, parent, devt, fmt, ...): parent is device when
/// cd_parent is NULL, otherwise cd_parent (now a struct device) and device
/// is dropped: when both were given the class-device parent wins.
/// CLASS_DEVICE_ATTR becomes DEVICE_ATTR and class_device_attr_<x> becomes
/// dev_attr_<x>, also inside a subsystem macro whose body is an expression
/// pasting class_device_attr_##name.  Every show/store callback (a function
/// named by an attribute, or ssize_t f(struct class_device *, char *) and
/// ssize_t f(struct class_device *, const char *, size_t)) gains a struct
/// device_attribute * second parameter, called attr, or dattr where the
/// function already uses the name attr; its prototypes follow, and its
/// direct callers pass their own attribute parameter, or NULL.  An
/// attribute named like an entry every struct device already has (power,
/// uevent, dev, subsystem, device, driver) is renamed <file>_<name> after
/// the file that defines it (power in lcd.c becomes lcd_power): its sysfs
/// name changes.  Fields: cd->class_data is read with dev_get_drvdata() and
/// set with dev_set_drvdata() (.driver_data in a static initializer),
/// class_id becomes bus_id and dev (the physical device) becomes parent;
/// class, devt, kobj, parent and release keep their names.  In struct
/// class, release becomes dev_release, hotplug and uevent become
/// dev_uevent, class_dev_attrs becomes dev_attrs and children becomes
/// devices, in initializers (also of a struct class member of a structure
/// defined in the same run) and at run time.
//
// Order: 40 (class-device-to-device)
// Requires: 30 (struct device has class and devt, device_create() exists,
//   struct class has dev_attrs, dev_uevent and dev_release); 10 has run, so
//   the class fields it assigns after class_create() are renamed here.
// Options: --include-headers --all-includes --include-headers-for-types.
//   The files naming a static struct class object are candidates too
//   (`follow: class-objects`): one that registers a class defined in
//   another file, without a class device of its own, sets the fields step
//   10 moved out of the initializer (c->release = f), renamed here.
//   Headers with a trigger token are candidates of their own and are
//   changed with the .c files that reach them (`group: file`: each .c file
//   with the step's headers it reaches and the files defining a callback
//   it calls); the other headers a .c file includes are read for types
//   only: f->cdev.dev is known to be a class device's field only through
//   the header that declares struct f.  Measured on 2.6.16's 127 files of
//   step 40: --local-includes and --no-includes cost 20% and 30% less but
//   change the output of 10 and 13 files (types of <linux/...> headers).
// Leaves:
//   - for the C rewriter, before the rules (`prepare` passes, see
//     semantic-patches/steps and src/rewrite/macro-callbacks.h,
//     src/rewrite/attr-names.h):
//     pasted-macros converts a #define that defines or declares a callback
//     whose name is pasted with ## and a #define pasting
//     class_device_attr_##, whatever its body (spatch parses some of these
//     and would rewrite a part, the type but not the callback's
//     parameters), and the parameter list of a function whose name is
//     built by a macro (UART_SHOW(x)(struct class_device *cd, ...)).  Such
//     a #define the pass cannot convert (class_device_create,
//     to_class_dev, class_data, a clashing name) is left whole for a
//     human, and so is the body of a function named by a macro (spatch
//     sees through the macro on its first parse only, so a rule after
//     another would convert a part): the macro-callbacks pass, after the
//     rules, puts back their text if a rule changed it.
//     attr-names renames the attributes: class_device_attr_<x> becomes
//     dev_attr_<x>, and a name every struct device already has gets the
//     stem of the file defining it, in CLASS_DEVICE_ATTR(), in __ATTR() of
//     a struct class_device_attribute and where it is named (string work
//     SmPL cannot do without a script), and drops the const of a `static
//     const CLASS_DEVICE_ATTR(...)`, which spatch cannot parse; the rules
//     convert the rest around the new names;
//     macro-members and member-users rename the members struct device has
//     under another name (dev, class_id: kernel_member_renames) where the
//     rules cannot type them: in #define bodies, and in files that reach a
//     retyped struct member without naming the API (input_dev->cdev.dev in
//     a driver: such a file is in the working set, not in the step);
//   - for the C rewriter, after the rules: another #define still holding
//     the old API (a body spatch could not parse: macro-callbacks); a
//     struct carrying __attribute__((aligned(...))), which spatch cannot
//     parse (aligned-structs);
//   - for a human (the report): a class_data assignment used as a value and
//     &cd->class_data; cd->hotplug/uevent per device (struct device has no
//     such field); a class device release that kfree()s its container; a
//     struct class member initialized in a structure defined outside the
//     run or by a macro (transport classes: DECLARE_TRANSPORT_CLASS); a
//     callback reached only through a subsystem's own function-pointer
//     type; a call of a converted callback from a file that sees only its
//     prototype; a clashing attribute referenced from a file other than the
//     one defining it, outside the run; a class device's field, in a file
//     without a trigger token, that member-users cannot type (a file that
//     does not parse, an #if branch the parse does not take);
//   - for step 70: the driver core itself, drivers/base/class.c and
//     include/linux/device.h, which no rule touches.
//
// Implementation: one file on purpose, and no script rule (no Python at
// run time).  spatch re-parses a file after each rule that changed it, so
// the rules run in order on each other's output: a callback that already
// has something called attr gains dattr first, and the general rules, which
// want the old parameter list, no longer see it.  What one rule learns for
// another is an inherited identifier (the show and store an attribute
// names, the callbacks converted), bound for the whole run (all the files
// of one spatch process): a static callback of one file stands for a
// function of the same name in another, so a direct call whose first
// argument is known not to be a class device is left.  Callbacks and
// fields are recognised by their struct class_device type, so the type
// itself is renamed last.

// ---------------------------------------------------------------------------
// Show/store callbacks.  First which functions attributes name as their show
// and store, whatever they return.

@cb_ref_show depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
declarer name CLASS_DEVICE_ATTR;
identifier n, a, s;
expression m, st;
@@
(
CLASS_DEVICE_ATTR(n, m, s, st);
|
struct class_device_attribute a[] = { ..., __ATTR(n, m, s, st), ... };
)

@cb_ref_store depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
declarer name CLASS_DEVICE_ATTR;
identifier n, a, st;
expression m, s;
@@
(
CLASS_DEVICE_ATTR(n, m, s, st);
|
struct class_device_attribute a[] = { ..., __ATTR(n, m, s, st), ... };
)

// The callbacks: ssize_t f(struct class_device *, char *) shows and
// ssize_t f(struct class_device *, const char *, size_t) stores, and any
// function an attribute names as its show or store with those parameters.
// The new parameter is dattr where the function already has something
// called attr (a parameter, a local, a global it uses), else attr: the
// callbacks that have are converted first, the rules after them see their
// parameter list changed and leave them.

@cb_show_dattr depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier f;
identifier cd, buf;
type T2;
expression E;
symbol attr;
@@
ssize_t f(struct class_device *cd,
+ struct device_attribute *dattr,
  char *buf)
{
  <+...
(
  T2 attr;
|
  T2 attr = E;
|
  attr
)
  ...+>
}

@cb_show_dattr_cd depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier f;
identifier buf;
symbol attr;
@@
ssize_t f(struct class_device *attr,
+ struct device_attribute *dattr,
  char *buf)
{ ... }

@cb_show_dattr_buf depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier f;
identifier cd;
symbol attr;
@@
ssize_t f(struct class_device *cd,
+ struct device_attribute *dattr,
  char *attr)
{ ... }

@cb_show_ref_dattr depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier cb_ref_show.s;
identifier cd, buf;
type T;
type T2;
expression E;
symbol attr;
@@
T s(struct class_device *cd,
+ struct device_attribute *dattr,
  char *buf)
{
  <+...
(
  T2 attr;
|
  T2 attr = E;
|
  attr
)
  ...+>
}

@cb_show_ref_dattr_cd depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier cb_ref_show.s;
identifier buf;
type T;
symbol attr;
@@
T s(struct class_device *attr,
+ struct device_attribute *dattr,
  char *buf)
{ ... }

@cb_show_ref_dattr_buf depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier cb_ref_show.s;
identifier cd;
type T;
symbol attr;
@@
T s(struct class_device *cd,
+ struct device_attribute *dattr,
  char *attr)
{ ... }

@cb_store_dattr depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier f;
identifier cd, buf, count;
type C;
type T2;
expression E;
symbol attr;
@@
ssize_t f(struct class_device *cd,
+ struct device_attribute *dattr,
  const char *buf, C count)
{
  <+...
(
  T2 attr;
|
  T2 attr = E;
|
  attr
)
  ...+>
}

@cb_store_dattr_cd depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier f;
identifier buf, count;
type C;
symbol attr;
@@
ssize_t f(struct class_device *attr,
+ struct device_attribute *dattr,
  const char *buf, C count)
{ ... }

@cb_store_dattr_buf depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier f;
identifier cd, count;
type C;
symbol attr;
@@
ssize_t f(struct class_device *cd,
+ struct device_attribute *dattr,
  const char *attr, C count)
{ ... }

@cb_store_dattr_count depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier f;
identifier cd, buf;
type C;
symbol attr;
@@
ssize_t f(struct class_device *cd,
+ struct device_attribute *dattr,
  const char *buf, C attr)
{ ... }

@cb_store_ref_dattr depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier cb_ref_store.st;
identifier cd, buf, count;
type T;
type C;
type T2;
expression E;
symbol attr;
@@
T st(struct class_device *cd,
+ struct device_attribute *dattr,
  const char *buf, C count)
{
  <+...
(
  T2 attr;
|
  T2 attr = E;
|
  attr
)
  ...+>
}

@cb_store_ref_dattr_cd depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier cb_ref_store.st;
identifier buf, count;
type T;
type C;
symbol attr;
@@
T st(struct class_device *attr,
+ struct device_attribute *dattr,
  const char *buf, C count)
{ ... }

@cb_store_ref_dattr_buf depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier cb_ref_store.st;
identifier cd, count;
type T;
type C;
symbol attr;
@@
T st(struct class_device *cd,
+ struct device_attribute *dattr,
  const char *attr, C count)
{ ... }

@cb_store_ref_dattr_count depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier cb_ref_store.st;
identifier cd, buf;
type T;
type C;
symbol attr;
@@
T st(struct class_device *cd,
+ struct device_attribute *dattr,
  const char *buf, C attr)
{ ... }

@cb_show depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier f;
identifier cd, buf;
@@
ssize_t f(struct class_device *cd,
+ struct device_attribute *attr,
  char *buf)
  { ... }

@cb_show_ref depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier cb_ref_show.s;
identifier cd, buf;
type T;
@@
T s(struct class_device *cd,
+ struct device_attribute *attr,
  char *buf)
  { ... }

@cb_store depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier f;
identifier cd, buf, count;
type C;
@@
ssize_t f(struct class_device *cd,
+ struct device_attribute *attr,
  const char *buf, C count)
  { ... }

@cb_store_ref depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier cb_ref_store.st;
identifier cd, buf, count;
type T;
type C;
@@
T st(struct class_device *cd,
+ struct device_attribute *attr,
  const char *buf, C count)
  { ... }

@cb_proto_show depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier f, cd, buf;
@@
ssize_t f(struct class_device *cd,
+ struct device_attribute *attr,
  char *buf);

@cb_proto_show_anon depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier f;
@@
ssize_t f(struct class_device *,
+ struct device_attribute *,
  char *);

@cb_proto_store depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier f, cd, buf, count;
type C;
@@
ssize_t f(struct class_device *cd,
+ struct device_attribute *attr,
  const char *buf, C count);

@cb_proto_store_anon depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier f;
type C;
@@
ssize_t f(struct class_device *,
+ struct device_attribute *,
  const char *, C);

// Pointers to show and store callbacks (a member, a variable): they hold
// the converted callbacks (a table of them, copied into attributes built at
// run time), so they take the new parameter too.  A call through one is
// left: it is one argument short and verify holds the file back.  A
// typedef of one is left too (spatch 1.1.1 cannot match a typedef's
// function type).

@fp_show_field depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier s, fp;
@@
struct s {
  ...
  ssize_t (*fp)(struct class_device *,
+ struct device_attribute *,
  char *);
  ...
};

@fp_show_field_named depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier s, fp, cd, buf;
@@
struct s {
  ...
  ssize_t (*fp)(struct class_device *cd,
+ struct device_attribute *,
  char *buf);
  ...
};

@fp_show_var depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier fp;
@@
ssize_t (*fp)(struct class_device *,
+ struct device_attribute *,
  char *);

@fp_store_field depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier s, fp;
type C;
@@
struct s {
  ...
  ssize_t (*fp)(struct class_device *,
+ struct device_attribute *,
  const char *, C);
  ...
};

@fp_store_field_named depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier s, fp, cd, buf, count;
type C;
@@
struct s {
  ...
  ssize_t (*fp)(struct class_device *cd,
+ struct device_attribute *,
  const char *buf, C count);
  ...
};

@fp_store_var depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier fp;
type C;
@@
ssize_t (*fp)(struct class_device *,
+ struct device_attribute *,
  const char *, C);

// Direct calls of a converted callback: the caller's own attribute, or NULL.
// The callbacks converted in this run are those of the new shape whose first
// parameter is still a struct class_device (the types are renamed last).
// Their names hold for the whole run: a call whose first argument has a
// known type that is not a class device (nor void *) calls a function of the
// same name of another file (a static helper), and is left.  Each rule that
// adds an argument is preceded by the two that find those calls: positions
// do not outlive a change of the file.

@cb_shown depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier f, cd, a, buf;
type T;
@@
T f(struct class_device *cd, struct device_attribute *a, char *buf) { ... }

@cb_stored depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier f, cd, a, buf, count;
type T, C;
@@
T f(struct class_device *cd, struct device_attribute *a, const char *buf, C count) { ... }

@cb_call_show_typed depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier cb_shown.f;
{struct class_device *, struct device *, void *} E1;
expression E2;
position p;
@@
f@p(E1, E2)

@cb_call_show_other depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier cb_shown.f;
type T;
T E1;
expression E2;
position p != cb_call_show_typed.p;
@@
f@p(E1, E2)

@cb_call_show depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier cb_shown.f;
identifier h, a;
expression E1, E2;
position p != cb_call_show_other.p;
@@
h(..., struct device_attribute *a, ...)
{
<...
  f@p(E1
+ , a
  , E2)
...>
}

@cb_call_store_typed depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier cb_stored.f;
{struct class_device *, struct device *, void *} E1;
expression E2, E3;
position p;
@@
f@p(E1, E2, E3)

@cb_call_store_other depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier cb_stored.f;
type T;
T E1;
expression E2, E3;
position p != cb_call_store_typed.p;
@@
f@p(E1, E2, E3)

@cb_call_store depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier cb_stored.f;
identifier h, a;
expression E1, E2, E3;
position p != cb_call_store_other.p;
@@
h(..., struct device_attribute *a, ...)
{
<...
  f@p(E1
+ , a
  , E2, E3)
...>
}

@cb_call_show_null_typed depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier cb_shown.f;
{struct class_device *, struct device *, void *} E1;
expression E2;
position p;
@@
f@p(E1, E2)

@cb_call_show_null_other depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier cb_shown.f;
type T;
T E1;
expression E2;
position p != cb_call_show_null_typed.p;
@@
f@p(E1, E2)

@cb_call_show_null depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier cb_shown.f;
expression E1, E2;
position p != cb_call_show_null_other.p;
@@
  f@p(E1
+ , NULL
  , E2)

@cb_call_store_null_typed depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier cb_stored.f;
{struct class_device *, struct device *, void *} E1;
expression E2, E3;
position p;
@@
f@p(E1, E2, E3)

@cb_call_store_null_other depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier cb_stored.f;
type T;
T E1;
expression E2, E3;
position p != cb_call_store_null_typed.p;
@@
f@p(E1, E2, E3)

@cb_call_store_null depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier cb_stored.f;
expression E1, E2, E3;
position p != cb_call_store_null_other.p;
@@
  f@p(E1
+ , NULL
  , E2, E3)

// Code that calls an attribute's own show/store pointer.

@cb_call_pointer depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
struct class_device_attribute *a;
expression E1, E2, E3;
@@
(
  a->show(E1
+ , a
  , E2)
|
  a->store(E1
+ , a
  , E2, E3)
)

// ---------------------------------------------------------------------------
// Attributes: CLASS_DEVICE_ATTR -> DEVICE_ATTR.  Their names (dev_attr_x,
// the file's stem for a name every device already has) were given by the
// attr-names pass before the rules.

@attr_decl depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
declarer name CLASS_DEVICE_ATTR, DEVICE_ATTR;
@@
- CLASS_DEVICE_ATTR
+ DEVICE_ATTR
  (...);

// ---------------------------------------------------------------------------
// Fields of the class device.  struct device has no class_data, class_id or
// dev member, so the same accesses through a pointer already retyped (a
// header converted with another subsystem) are leftovers of the same kind.

@class_data_set depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
{struct class_device *, struct device *} e;
{struct class_device, struct device} s;
expression v;
@@
(
- e->class_data = v;
+ dev_set_drvdata(e, v);
|
- s.class_data = v;
+ dev_set_drvdata(&s, v);
)

@class_data_get depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
{struct class_device *, struct device *} e;
{struct class_device, struct device} s;
expression v;
@@
(
  e->class_data = v
|
  &e->class_data
|
  s.class_data = v
|
  &s.class_data
|
- e->class_data
+ dev_get_drvdata(e)
|
- s.class_data
+ dev_get_drvdata(&s)
)

@class_id depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
{struct class_device *, struct device *} e;
{struct class_device, struct device} s;
@@
(
  e->
- class_id
+ bus_id
|
  s.
- class_id
+ bus_id
)

@dev_to_parent depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
{struct class_device *, struct device *} e;
{struct class_device, struct device} s;
@@
(
  e->
- dev
+ parent
|
  s.
- dev
+ parent
)

@init_class_id depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier x;
expression E;
@@
struct class_device x = {
- .class_id
+ .bus_id
  = E,
};

@init_dev depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier x;
expression E;
@@
struct class_device x = {
- .dev
+ .parent
  = E,
};

@init_class_data depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier x;
expression E;
@@
struct class_device x = {
- .class_data
+ .driver_data
  = E,
};

// ---------------------------------------------------------------------------
// The class_device fields of struct class.

@class_init_release depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier c;
expression E;
@@
struct class c = {
- .release
+ .dev_release
  = E,
};

@class_init_hotplug depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier c;
expression E;
@@
struct class c = {
- .hotplug
+ .dev_uevent
  = E,
};

@class_init_uevent depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier c;
expression E;
@@
struct class c = {
- .uevent
+ .dev_uevent
  = E,
};

@class_init_attrs depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier c;
expression E;
@@
struct class c = {
- .class_dev_attrs
+ .dev_attrs
  = E,
};

// A struct class member of a bigger structure defined in the run (a driver's
// own class wrapper): its nested initializer.

@class_member depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier T, f;
@@
struct T { ... struct class f; ... };

@class_member_release depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier class_member.T, class_member.f, x;
expression E;
@@
struct T x = { .f = {
- .release
+ .dev_release
  = E,
  },
};

@class_member_hotplug depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier class_member.T, class_member.f, x;
expression E;
@@
struct T x = { .f = {
- .hotplug
+ .dev_uevent
  = E,
  },
};

@class_member_uevent depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier class_member.T, class_member.f, x;
expression E;
@@
struct T x = { .f = {
- .uevent
+ .dev_uevent
  = E,
  },
};

@class_member_attrs depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier class_member.T, class_member.f, x;
expression E;
@@
struct T x = { .f = {
- .class_dev_attrs
+ .dev_attrs
  = E,
  },
};

@class_fields depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
struct class *c;
struct class s;
@@
(
  c->
- release
+ dev_release
|
  s.
- release
+ dev_release
|
  c->
- hotplug
+ dev_uevent
|
  s.
- hotplug
+ dev_uevent
|
  c->
- uevent
+ dev_uevent
|
  s.
- uevent
+ dev_uevent
|
  c->
- class_dev_attrs
+ dev_attrs
|
  s.
- class_dev_attrs
+ dev_attrs
|
  c->
- children
+ devices
|
  s.
- children
+ devices
)

// ---------------------------------------------------------------------------
// Calls.

@create depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
expression cls, parent, devt, device;
expression list args;
@@
(
- class_device_create(cls, \(NULL\|0\), devt, device, args)
+ device_create(cls, device, devt, args)
|
- class_device_create(cls, parent, devt, device, args)
+ device_create(cls, parent, devt, args)
)

@calls depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
expression list args;
@@
(
- class_device_destroy
+ device_destroy
|
- class_device_register
+ device_register
|
- class_device_unregister
+ device_unregister
|
- class_device_initialize
+ device_initialize
|
- class_device_add
+ device_add
|
- class_device_del
+ device_del
|
- class_device_get
+ get_device
|
- class_device_put
+ put_device
|
- class_device_rename
+ device_rename
|
- class_device_create_file
+ device_create_file
|
- class_device_remove_file
+ device_remove_file
|
- class_device_create_bin_file
+ device_create_bin_file
|
- class_device_remove_bin_file
+ device_remove_bin_file
|
- class_get_devdata
+ dev_get_drvdata
|
- class_set_devdata
+ dev_set_drvdata
|
- class_find_child
+ class_find_device
)
  (args)

@to_class_dev depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
expression k;
@@
- to_class_dev(k)
+ container_of(k, struct device, kobj)

// ---------------------------------------------------------------------------
// Types, last: everything above recognised the class device by its type.

// device_create_file() and struct class's dev_attrs take a struct
// device_attribute that is not const: a const attribute (an array of them
// created in a loop) loses its const, or every call would discard it.
@type_attribute_const depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
@@
- const struct class_device_attribute
+ struct device_attribute

@type_attribute depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
@@
- struct class_device_attribute
+ struct device_attribute

@type_device depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
@@
- struct class_device
+ struct device
