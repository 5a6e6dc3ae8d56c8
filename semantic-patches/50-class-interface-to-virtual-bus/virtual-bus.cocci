/// Tell the users of a class's interfaces of its devices through a virtual
/// bus, as the USB serial core does with its ports (the default of step 50;
/// --interface=callbacks keeps class_interface instead).
///
/// The file that defines the class (its owner) gains <p>_bus_type, where <p>
/// is the class's identifier without "_class" (in sysfs the bus is the
/// class's name with "_bus": /sys/bus/scsi_host_bus).  Each device of the
/// class gets a mirror on it, a child that no driver binds, and one twin per
/// driver of the bus, which only that driver binds: the driver core probes a
/// driver with its twin when either appears and removes it when either goes.
/// Its drivers are struct <p>_bus_driver, which embeds a struct
/// device_driver and keeps the interface's add() and remove(), called with
/// the device of the class as class_device_add() and class_device_del()
/// called them.  The bus is registered right after the class, with an error
/// path, and unregistered before it; <p>_bus_add_device() follows every
/// registration of a device of the class (device_register(), device_add(),
/// device_create()) and <p>_bus_del_device() precedes its removal
/// (<p>_bus_del_devt() before device_destroy());
/// <p>_bus_register_driver() and <p>_bus_unregister_driver() take the
/// place of class_interface_register() and class_interface_unregister(),
/// also inside a function of the subsystem that registered its interfaces
/// with the class (rtc_interface_register()).  Where the class is declared
/// extern, or else that function, the driver struct and these functions are
/// declared before it in its header; without such a declaration they are
/// static to the owner's file.
///
/// Each struct class_interface becomes a struct <p>_bus_driver called
/// <name>_driver instead of <name>_interface (<name> is also the driver's
/// name), loses its class, and its callbacks take the driver instead of the
/// interface as second parameter.
//
// Order: 50 (class-interface-to-virtual-bus), default variant.
// Requires: 40 (the devices of the class are struct device: add() and
//  remove() take a struct device *, E.class = cls marks them); 10 has run
//  (the class is a static object only when step 10 left it alone).
// Options: --include-headers.  The owner of the class, its header and the
//  files of its interfaces must be in one spatch run (one subsystem).
//
// Who does what: the C pass `virtual-bus` (src/rewrite/virtual-bus.h),
//  run before this patch (`prepare:` in semantic-patches/steps), decides
//  which classes move, writes the bus, the driver struct and the
//  declarations (virtual-bus.c.in; under #if 0 while this patch runs, so
//  that no rule below edits them) and the #includes of <linux/device.h>
//  and <linux/slab.h>, and appends to the owner's file one line per name
//  this patch needs: CDMIGRATE_VIRTUAL_BUS(cls, bus, add, del, del_devt),
//  CDMIGRATE_VIRTUAL_BUS_ERR(cls) (the function that calls class_create()
//  has no "err"), CDMIGRATE_VIRTUAL_BUS_HELPER(function, driver struct,
//  register) and CDMIGRATE_VIRTUAL_BUS_DRIVER(interface, new name, driver
//  struct, register, unregister, "driver name").  The rules below start
//  from those lines (and find each interface's callbacks before it
//  changes) and make the edits inside the code, in this order: the
//  bus's registration and unregistration next to the class's, the calls
//  around the registration and removal of its devices, the register
//  function of the subsystem, then the interfaces.  The pass
//  `virtual-bus-markers`, after this patch, removes those lines and the
//  #if 0 around the new code, and refuses the step when the owner does not
//  register the bus (spatch could not edit the owner).
//  Last, the pass `interface-callbacks` gives each interface this patch
//  left (see Leaves) the 2.6.19 add_dev/remove_dev for the callbacks step
//  40 retyped, when the core's struct class_interface has them
//  (src/rewrite/interface-callbacks.h): else its file would not compile.
//
// Leaves (the class and its interfaces are left unchanged, the report keeps
//  their class-interface sites; the C pass decides all of these):
//   - an interface whose class is not named in its initializer, by an
//     assignment "intf.class = &cls;" or by a register function of the
//     subsystem ("p->class = cls; return class_interface_register(p);"),
//     or whose owner is not in the run (another subsystem, or the kernel
//     out of tree): the bus must live with the class;
//   - an interface used otherwise than registered, unregistered, given its
//     class or passed to that function (a table of interfaces, a macro);
//     an interface declared without an initializer;
//   - an interface with add_dev or remove_dev (already converted the
//     2.6.19 way, as --interface=callbacks does), and its class with all
//     its other interfaces: the class core still calls it;
//   - a class registered in a shape these rules do not know: for a static
//     class other than "ret = class_register(&cls);" followed by "if (ret)"
//     and "return E;", "goto label;" or a block (repeated for the bus, after
//     class_unregister()), and for a class_create()d one other than
//     "cls = class_create(...);" followed by "if (IS_ERR(cls))" and
//     "return PTR_ERR(cls);", "goto label;", "{ err = PTR_ERR(cls); goto
//     label; }" or "{ S return PTR_ERR(cls); }" (S repeated for the bus);
//     or registered more than once;
//   - a class whose devices are registered in a shape other than
//     "ret = device_register(&E); if (ret) S" (device_add likewise) after
//     "E.class = cls", or "E = device_create(cls, ...); ... if (IS_ERR(E))
//     S"; or not registered in the run at all;
//   - a class whose devices may be removed through an expression other than
//     the one that marks them (device_del(&x->f) where "y->f.class = cls"):
//     the removal could not tell the drivers;
//   - a class with a name starting with <p>_bus_ already in the run (a bus
//     made by an earlier run: an interface added since is left);
//   - a class whose name (class_create()'s, or .name of a static class) is
//     not a string literal.
//  For a human to review where it applies: a failed add() no longer earns a
//  remove() (the old core called remove() for every interface); a device of
//  the class whose mirror cannot be made (no memory) is not seen by the
//  drivers, as an interface's failed add() was ignored before; each device
//  of the class gets a mirror and one twin per driver, children of its
//  directory in sysfs, and the bus is /sys/bus/<class name>_bus; a block
//  that handled the failure of class_register() or class_create() is
//  repeated for the bus, so its messages may need rewording; a device
//  removed through another name than the one that registered it (found only
//  by field name); comments that name an interface by its old name; lines
//  past 80 columns when <p> is long.

// ---------------------------------------------------------------------
// The names the C pass chose.

@cls@
declarer name CDMIGRATE_VIRTUAL_BUS;
identifier CC, B, ADD, DEL, DELT;
@@
CDMIGRATE_VIRTUAL_BUS(CC, B, ADD, DEL, DELT);

@cls_err@
declarer name CDMIGRATE_VIRTUAL_BUS_ERR;
identifier CE;
@@
CDMIGRATE_VIRTUAL_BUS_ERR(CE);

@hlp@
declarer name CDMIGRATE_VIRTUAL_BUS_HELPER;
identifier FF, TT, RR;
@@
CDMIGRATE_VIRTUAL_BUS_HELPER(FF, TT, RR);

@drv@
declarer name CDMIGRATE_VIRTUAL_BUS_DRIVER;
identifier II, D, T, REG, UNREG;
expression NAME;
@@
CDMIGRATE_VIRTUAL_BUS_DRIVER(II, D, T, REG, UNREG, NAME);

// The callbacks of each interface, found before the interface changes.
@cb_add@
identifier drv.II, F;
@@
struct class_interface II = {
 .add = \(F\|&F\|__devexit_p(F)\|__devexit_p(&F)\),
};

@cb_remove@
identifier drv.II, F;
@@
struct class_interface II = {
 .remove = \(F\|&F\|__devexit_p(F)\|__devexit_p(&F)\),
};

// ---------------------------------------------------------------------
// The owner: the bus goes away before the class, and is there right
// after it (error paths included); then the devices of the class.

@@
identifier cls.CC, cls.B;
@@
(
+ bus_unregister(&B);
  class_unregister(&CC);
|
+ bus_unregister(&B);
  class_destroy(CC);
)

@@
identifier cls.CC, cls.B;
expression ret;
statement list SS;
@@
  ret = class_register(&CC);
  if (ret) { SS }
+ ret = bus_register(&B);
+ if (ret) {
+	class_unregister(&CC);
+	SS
+ }

@@
identifier cls.CC, cls.B;
expression ret, E;
@@
  ret = class_register(&CC);
  if (ret)
	return E;
+ ret = bus_register(&B);
+ if (ret) {
+	class_unregister(&CC);
+	return E;
+ }

@@
identifier cls.CC, cls.B;
expression ret;
identifier L;
@@
  ret = class_register(&CC);
  if (ret)
	goto L;
+ ret = bus_register(&B);
+ if (ret) {
+	class_unregister(&CC);
+	goto L;
+ }

@@
identifier cls.CC, cls.B;
expression M, N;
identifier L;
@@
  CC = class_create(M, N);
  if (IS_ERR(CC))
	goto L;
+ if (bus_register(&B)) {
+	class_destroy(CC);
+	goto L;
+ }

@@
identifier cls.CC, cls.B;
expression M, N, E;
identifier L;
@@
  CC = class_create(M, N);
  if (IS_ERR(CC)) {
	E = PTR_ERR(CC);
	goto L;
  }
+ E = bus_register(&B);
+ if (E) {
+	class_destroy(CC);
+	goto L;
+ }

// "return PTR_ERR(cls)": the error of bus_register() needs a variable.
@@
identifier cls_err.CE, fn;
expression M, N;
statement S;
symbol err;
@@
fn(...)
{
+ int err;
+
  ...
  CE = class_create(M, N);
  if (IS_ERR(CE))
(
	return PTR_ERR(CE);
|
	{
	S
	return PTR_ERR(CE);
	}
)
  ...
}

@@
identifier cls.CC, cls.B;
expression M, N;
symbol err;
@@
  CC = class_create(M, N);
  if (IS_ERR(CC))
	return PTR_ERR(CC);
+ err = bus_register(&B);
+ if (err) {
+	class_destroy(CC);
+	return err;
+ }

@@
identifier cls.CC, cls.B;
expression M, N;
statement S;
symbol err;
@@
  CC = class_create(M, N);
  if (IS_ERR(CC)) {
	S
	return PTR_ERR(CC);
  }
+ err = bus_register(&B);
+ if (err) {
+	class_destroy(CC);
+	S
+	return err;
+ }

// The devices of a converted class.
@dev_class_ok@
identifier cls.CC;
expression E;
@@
(
E.class = &CC;
|
E.class = CC;
)

@@
expression dev_class_ok.E, ret;
identifier cls.ADD;
statement S;
@@
(
  ret = device_register(&E);
|
  ret = device_add(&E);
)
  if (ret) S
+ ADD(&E);

@@
expression dev_class_ok.E;
identifier cls.DEL;
@@
(
+ DEL(&E);
  device_unregister(&E);
|
+ DEL(&E);
  device_del(&E);
)

@@
identifier cls.CC, cls.ADD;
expression E;
statement S;
@@
  E = device_create(\(&CC\|CC\), ...);
  ... when != E
  if (IS_ERR(E)) S
+ ADD(E);

@@
identifier cls.CC, cls.DELT;
expression X;
@@
+ DELT(X);
  device_destroy(\(&CC\|CC\), X);

@dev_made@
identifier cls.CC;
expression E;
@@
E = device_create(\(&CC\|CC\), ...)

@@
expression dev_made.E;
identifier cls.DEL;
@@
(
+ DEL(E);
  device_unregister(E);
|
+ DEL(E);
  device_del(E);
)

// The register function of the subsystem registers a bus driver.
@@
identifier hlp.FF, hlp.TT, hlp.RR, P;
expression E;
type T;
@@
T FF(
- struct class_interface *P
+ struct TT *P
  )
{
- P->class = E;
- return class_interface_register(P);
+ return RR(P);
}

// ---------------------------------------------------------------------
// The interfaces become drivers of the bus.

@@
identifier cb_add.F, drv.T;
identifier p;
type t;
parameter p0;
@@
t F(p0,
-   struct class_interface *p
+   struct T *p
    ) {...}

@@
identifier cb_add.F, drv.T;
type t;
parameter p0;
@@
t F(p0,
-   struct class_interface *
+   struct T *
    );

@@
identifier cb_remove.F, drv.T;
identifier p;
type t;
parameter p0;
@@
t F(p0,
-   struct class_interface *p
+   struct T *p
    ) {...}

@@
identifier cb_remove.F, drv.T;
type t;
parameter p0;
@@
t F(p0,
-   struct class_interface *
+   struct T *
    );

@@
identifier hlp.FF, hlp.TT, P;
type T;
@@
(
  T FF(
- struct class_interface *P
+ struct TT *P
  );
|
  T FF(
- struct class_interface *
+ struct TT *
  );
)

@@
identifier drv.II;
expression E;
@@
- II.class = E;

@@
identifier drv.II;
expression E;
@@
struct class_interface II = {
- .class = E,
};

@@
identifier drv.II;
expression drv.NAME;
@@
struct class_interface II = {
  ...,
+ .driver = {
+	.name = NAME,
+ },
};

@@
identifier drv.II, drv.T, drv.D;
@@
(
- struct class_interface II
+ struct T D
  = ...;
|
  extern
- struct class_interface II;
+ struct T D;
)

@@
identifier drv.II, drv.REG, drv.UNREG, drv.D;
@@
(
- class_interface_register(&II)
+ REG(&D)
|
- class_interface_unregister(&II)
+ UNREG(&D)
)

@@
identifier drv.II, drv.D;
@@
- II
+ D
