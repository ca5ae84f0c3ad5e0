package mountcheck.model.semantics;

/**
 * Known kernel-style bugs planted in the model's own semantics, so the property engine's power to
 * find and shrink them can be measured. Their names, references and sources are registered in
 * {@code mountcheck.model.variants.KnownBugVariants}.
 */
public enum ModelVariant {
  /**
   * propagate_mnt() copying to every receiver, even where the mountpoint is not visible under the
   * receiver's root (need_secondary()'s is_subdir test missing; before f2ebb3a921c1 the kernel made
   * such copies and then had to tear them down).
   */
  PROPAGATE_INVISIBLE,
  /**
   * make-slave of a shared mount that forgets to hand its slaves on to its new master
   * (change_mnt_propagation() without the transfer of the slave list).
   */
  MAKE_SLAVE_KEEPS_SLAVES
}
