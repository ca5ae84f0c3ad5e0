package mountcheck.model.coverage;

import mountcheck.model.state.Mount;

/** The five propagation types of sharedsubtree.rst's transition tables, as target labels. */
public enum MountType {
  SHARED("shared"),
  SLAVE("slave"),
  SHARED_SLAVE("shared-slave"),
  PRIVATE("private"),
  UNBINDABLE("unbindable");

  private final String label;

  MountType(String label) {
    this.label = label;
  }

  public String label() {
    return label;
  }

  public static MountType of(Mount m) {
    if (m.unbindable()) return UNBINDABLE;
    if (m.shared()) return m.slave() ? SHARED_SLAVE : SHARED;
    return m.slave() ? SLAVE : PRIVATE;
  }
}
