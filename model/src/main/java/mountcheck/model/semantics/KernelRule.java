package mountcheck.model.semantics;

/**
 * A rule of the mount semantics that differs between kernel series, each switched on or off by a
 * {@link KernelProfile}. Every rule names the release (or commit) where it changed and has a
 * conformance case that shows it on the kernels of the matrix.
 */
public enum KernelRule {
  /**
   * copy_mnt_ns(): the copies of unbindable mounts stay unbindable. Kept up to 6.16, where
   * clone_mnt() copied MNT_UNBINDABLE with the other mnt_flags; 6.17 moved the mark to mnt_t_flags,
   * which clone_mnt() does not copy, so 6.18 drops it; 7.2 keeps it again. The rule dates from
   * 9676f0c6389b ("[PATCH] unbindable mounts", 2.6.15); the loss starts with 406fea799925 ("mount:
   * separate the flags accessed only under namespace_sem", 6.17); it is restored by the stable
   * patch "mount: keep a copied mount unbindable" in Linux 7.2.11. Shown by
   * conformance/C10a-clone-same-userns and probes/a2-namespace-copy-drops-unbindable.
   */
  UNBINDABLE_KEPT_ON_NAMESPACE_COPY(
      "a namespace copy keeps the unbindable mark of every unbindable mount",
      "9676f0c6389b (2.6.15) up to 6.16; lost with 406fea799925 (6.17, mnt_t_flags) in 6.17/6.18"
          + " and 7.2.0-7.2.10; back in 7.2.11 (stable: \"mount: keep a copied mount unbindable\")");

  private final String statement;
  private final String source;

  KernelRule(String statement, String source) {
    this.statement = statement;
    this.source = source;
  }

  /** The rule in one line. */
  public String statement() {
    return statement;
  }

  /** The releases or commits it comes from. */
  public String source() {
    return source;
  }
}
