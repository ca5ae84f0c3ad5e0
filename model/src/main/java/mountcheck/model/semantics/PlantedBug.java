package mountcheck.model.semantics;

/**
 * A known kernel-style bug planted in the model's own semantics, so that the property engine's
 * power to find and shrink it can be measured. A planted bug is a {@link Rule} like a kernel's: a
 * {@link RuleSet} that contains it makes the operations follow the bug. Names, references and
 * sources are registered in {@code mountcheck.model.variants.KnownBugVariants}.
 */
public enum PlantedBug implements Rule {
  /**
   * propagate_mnt() copying to every receiver, even where the mountpoint is not visible under the
   * receiver's root (need_secondary()'s is_subdir test missing; before f2ebb3a921c1 the kernel made
   * such copies and then had to tear them down).
   */
  PROPAGATE_INVISIBLE("propagation copies where the mountpoint is not visible to the receiver"),
  /**
   * make-slave of a shared mount that forgets to hand its slaves on to its new master
   * (change_mnt_propagation() without the transfer of the slave list).
   */
  MAKE_SLAVE_KEEPS_SLAVES("make-slave of a shared mount does not hand its slaves on");

  private final String statement;

  PlantedBug(String statement) {
    this.statement = statement;
  }

  @Override
  public String statement() {
    return statement;
  }
}
