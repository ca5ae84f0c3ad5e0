package mountcheck.properties.catalogue;

import mountcheck.engine.Labeller;
import mountcheck.model.state.Mount;
import mountcheck.model.state.MountTable;

/**
 * Labels for the statistics: which of the bug-prone shapes a generated state has. The runner
 * reports each label's share, and a property can require a minimum share.
 */
final class StateLabels {
  static final String OVERLAPPING = "overlapping";
  static final String SLAVE_OF_SLAVE = "slave-of-slave";
  static final String LOCKED = "locked";
  static final String OVERMOUNT = "overmount-stack";
  static final String TUCKED = "tucked";
  static final String UNBINDABLE = "unbindable";
  static final String NAMESPACES = "nested-namespaces";
  static final String CANDIDATES = "umount-with-candidates";
  static final String LAZY = "lazy-umount-with-candidates";
  static final String LIVE_NAMESPACES = "live-namespaces-on-files";
  static final String HELD = "held-references";
  static final String DETACHED_HELD = "detached-but-held";
  static final String REMOVED_ROOT = "mount-root-removed";

  /** An umount whose candidates are too many for the exhaustive search: not compared with it. */
  static final String SPEC_REFUSED = "spec-refused-too-many-candidates";

  private StateLabels() {}

  /** Labels the shapes present in this state. */
  static void label(MountTable t, Labeller labels) {
    boolean overlapping = false,
        slaveOfSlave = false,
        locked = false,
        overmount = false,
        tucked = false,
        unbindable = false,
        removedRoot = false;
    for (int id : t.mountIds()) {
      Mount m = t.mount(id);
      if (m.locked()) locked = true;
      if (m.unbindable()) unbindable = true;
      if (t.dentry(m.root()).deleted()) removedRoot = true; // rmdir of a bind's root
      if (m.slave() && t.mount(m.master()).slave()) slaveOfSlave = true;
      if (m.hasParent()) {
        Mount p = t.mount(m.parent());
        if (m.mountpoint() == p.root()) overmount = true;
        if (p.id() > id && p.hasParent()) tucked = true; // the parent was made after the child
      }
      if (!overlapping && m.shared()) {
        for (int a = m.parent(); a != 0; a = t.mount(a).parent()) {
          if (t.mount(a).group() == m.group()) {
            overlapping = true;
            break;
          }
        }
      }
    }
    if (overlapping) labels.label(OVERLAPPING);
    if (slaveOfSlave) labels.label(SLAVE_OF_SLAVE);
    if (locked) labels.label(LOCKED);
    if (overmount) labels.label(OVERMOUNT);
    if (tucked) labels.label(TUCKED);
    if (unbindable) labels.label(UNBINDABLE);
    if (removedRoot) labels.label(REMOVED_ROOT);
    if (t.namespaces().size() > 1) labels.label(NAMESPACES);
    if (!t.shell().named().isEmpty()) labels.label(LIVE_NAMESPACES);
    if (!t.shell().heldMounts().isEmpty()) labels.label(HELD);
    if (!t.shell().detached().isEmpty()) labels.label(DETACHED_HELD);
  }
}
