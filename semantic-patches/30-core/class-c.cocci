/// Make the driver core's drivers/base/class.c look after the two class
/// members that step 30 adds for class devices that are struct devices:
/// class_register() starts the class's list of devices empty, and
/// class_unregister() removes the class's directory under
/// /sys/devices/virtual when one was made for its parentless devices;
/// class_interface_register() calls a new interface's add_dev for every
/// struct device already in the class, and class_interface_unregister()
/// its remove_dev (the 2.6.19 callbacks).
//
// Order: 30 (core), third of three: device-h, core-c, class-c.
// Requires: device-h.cocci (struct class has devices and virtual_dir).
// Options: --include-headers; core.c and class.c in the same run.
// Leaves: nothing for a human.  Anchored on INIT_LIST_HEAD(&cls->children)
//   and subsystem_unregister(&cls->subsys), present in every 2.6.1x
//   class.c; each change is skipped when the function already has it, and
//   the directory is removed only when the virtual parent is the one step
//   30 adds: device_add() calls virtual_device_parent() (core-c.cocci's
//   call) and core.c does not define it yet (the core-text pass adds it
//   after the patches); a 2.6.19 core keeps its own.  The interface walks
//   are added where the function does not name add_dev/remove_dev (or the
//   walks) yet; their definitions are text in class.c.in, inserted by the
//   core-text pass.

@has_init@
identifier c;
@@
class_register(struct class *c) { <+... INIT_LIST_HEAD(&c->devices); ...+> }

@init_devices depends on !has_init@
identifier c;
@@
class_register(struct class *c)
{
  ...
  INIT_LIST_HEAD(&c->children);
+ INIT_LIST_HEAD(&c->devices);
  ...
}

@has_vdir@
identifier c;
@@
class_unregister(struct class *c) { <+... c->virtual_dir ...+> }

// Only when the virtual parent is step 30's (a 2.6.19 core keeps its own).
@calls_vparent@
@@
device_add(...) { <+... virtual_device_parent(...) ...+> }

@has_vparent@
@@
virtual_device_parent(...) { ... }

@remove_virtual_dir depends on calls_vparent && !has_vparent && !has_vdir@
identifier c;
@@
class_unregister(struct class *c)
{
  ...
+ if (c->virtual_dir) {
+	kobject_del(c->virtual_dir);
+	kobject_put(c->virtual_dir);
+	c->virtual_dir = NULL;
+ }
  subsystem_unregister(&c->subsys);
  ...
}

// ---------------------------------------------------------------------
// class_interface add_dev/remove_dev for the devices already there.

@has_add_devs@
identifier c;
@@
class_interface_register(struct class_interface *c)
{ <+... \(c->add_dev\|class_interface_add_devs(c)\) ...+> }

@add_devs depends on !has_add_devs@
identifier c, p;
@@
class_interface_register(struct class_interface *c)
{
  ...
+ class_interface_add_devs(c);
  up(&p->sem);
  ...
}

@has_remove_devs@
identifier c;
@@
class_interface_unregister(struct class_interface *c)
{ <+... \(c->remove_dev\|class_interface_remove_devs(c)\) ...+> }

@remove_devs depends on !has_remove_devs@
identifier c, p;
@@
class_interface_unregister(struct class_interface *c)
{
  ...
+ class_interface_remove_devs(c);
  up(&p->sem);
  ...
}
