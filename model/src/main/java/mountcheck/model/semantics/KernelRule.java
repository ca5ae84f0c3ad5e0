package mountcheck.model.semantics;

/**
 * A rule of the mount semantics that differs between kernel series, each switched on or off by a
 * {@link KernelProfile}. Every rule names the release (or commit) where it changed and has a
 * conformance case that shows it on the kernels of the matrix.
 */
public enum KernelRule implements Rule {
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
      "9676f0c6389b (2.6.15) up to 6.16; lost with 406fea799925 (6.17, mnt_t_flags) in"
          + " 6.17/6.18 and 7.2.0-7.2.10; back in 7.2.11 (stable: \"mount: keep a copied mount"
          + " unbindable\")"),

  /**
   * attach_recursive_mnt() tucking (1064f874abc0, v4.11): a propagated copy that slides under a
   * locked mount is locked too, so a plain bind of its parent in the less privileged namespace
   * cannot expose what the locked mount covered; the locked mount keeps its own lock. 5.10, 6.1,
   * 6.12 and the host's 6.18 leave the tucked copy unlocked; Debian's 7.2.13 locks it. Probable
   * source: the stable patch "namespace: keep the lock on a mount that a propagated copy is moved
   * beneath", listed for Linux 7.2.11 in Debian's changelog (not confirmed on 7.2.10). Shown by
   * conformance/C29-tuck-under-locked (line 32: works on 6.18 and older, EINVAL on 7.2).
   */
  TUCKED_COPY_TAKES_LOCK(
      "a propagated copy tucked under a locked mount is locked too",
      "not in 5.10, 6.1, 6.12, 6.18; in 7.2.13 (C29 line 32); probably the 7.2.11 stable patch"
          + " \"namespace: keep the lock on a mount that a propagated copy is moved beneath\""),

  /**
   * attach_recursive_mnt() from 3bd045cc9c4b (v5.0, "separate copying and locking mount tree on
   * cross-userns copies") until ce7df1968653 ("attach_recursive_mnt(): do not lock the covering
   * tree when sliding something under it", 2025, backported to the stable series): when a copy
   * propagated into another user namespace slides under a mount already there, the mount above and
   * everything on it are moved onto the copy first and then locked with it, so a later umount
   * propagation leaves them in place. Debian's 5.10.223 predates the backport; 6.1.176, 6.12 and
   * later have it. Shown by conformance/C31-tuck-locks-covering-tree (its last line).
   */
  COVERING_TREE_LOCKED_ON_TUCK(
      "a mount that a copy propagated into another user namespace slides under is locked, with"
          + " everything on it",
      "3bd045cc9c4b (5.0) until ce7df1968653 (2025, stable backports); in Debian's 5.10.223,"
          + " not in 6.1.176, 6.12, 6.18, 7.2");

  private final String statement;
  private final String source;

  KernelRule(String statement, String source) {
    this.statement = statement;
    this.source = source;
  }

  @Override
  public String statement() {
    return statement;
  }

  /** The releases or commits it comes from. */
  public String source() {
    return source;
  }
}
