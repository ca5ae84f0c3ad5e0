package mountcheck.model.semantics;

import java.util.Optional;

/**
 * Known kernel-style bugs planted in the model's own semantics, selectable by name, so the
 * property engine's power to find and shrink them can be measured (the umount-generation bugs
 * live in {@code mountcheck.model.umount.Generations#variant}).
 */
public enum ModelVariant {
  /**
   * propagate_mnt() copying to every receiver, even where the mountpoint is not visible under the
   * receiver's root (need_secondary()'s is_subdir test missing; before f2ebb3a921c1 the kernel
   * made such copies and then had to tear them down).
   */
  PROPAGATE_INVISIBLE("propagate-invisible"),
  /**
   * make-slave of a shared mount that forgets to hand its slaves on to its new master
   * (change_mnt_propagation() without the transfer of the slave list).
   */
  MAKE_SLAVE_KEEPS_SLAVES("make-slave-keeps-slaves");

  private final String variantName;

  ModelVariant(String variantName) {
    this.variantName = variantName;
  }

  public String variantName() {
    return variantName;
  }

  public static Optional<ModelVariant> byName(String name) {
    for (ModelVariant v : values()) if (v.variantName.equals(name)) return Optional.of(v);
    return Optional.empty();
  }
}
