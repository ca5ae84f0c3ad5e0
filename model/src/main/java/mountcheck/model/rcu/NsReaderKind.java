package mountcheck.model.rcu;

/** A kind of lockless reader of mount namespaces (docs/semantics.md §4.5). */
public enum NsReaderKind {
  /**
   * open_by_handle_at(2) without CAP_DAC_READ_SEARCH on a directory fd of the mount: its permission
   * check (fs/fhandle.c may_decode_fh) reads the mount's mnt_ns and the namespace's user_ns; then
   * it closes the fd (mntput).
   */
  FHANDLE("fh"),
  /**
   * listmount(2)/statmount(2) with a namespace id: lookup_mnt_ns finds the namespace in the tree
   * under rcu_read_lock and takes a passive reference, reads its mount tree under namespace_sem,
   * then drops the reference (mnt_ns_release).
   */
  LISTMOUNT("lm");

  private final String prefix;

  NsReaderKind(String prefix) {
    this.prefix = prefix;
  }

  /** The actor name of reader {@code i} of this kind in step labels. */
  public String name(int i) {
    return prefix + i;
  }
}
