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
  LISTMOUNT("lm"),
  /**
   * open_by_handle_at(2) with a file handle of nsfs (fs/nsfs.c nsfs_fh_to_dentry, Linux 7.2): under
   * rcu_read_lock the namespace tree lookup by id and ns_get_unless_inactive; a caller that may not
   * see the namespace (its owner elsewhere, no CAP_SYS_ADMIN over the initial namespaces) then gets
   * EPERM after ns->ops->put, which may be the last reference and tear the namespace down in the
   * caller's own context (put_mnt_ns).
   */
  NSFS_HANDLE("nh"),
  /**
   * listns(2) (kernel/nstree.c do_listns, Linux 7.2): under rcu_read_lock it walks the namespace
   * list and takes each namespace it reports with ns_get_unless_inactive (legitimize_ns); it leaves
   * the read-side section before it copies the id to user space, and drops the reference with
   * ns_put after rcu_read_unlock, since the put may sleep.
   */
  LISTNS("ln");

  private final String prefix;

  NsReaderKind(String prefix) {
    this.prefix = prefix;
  }

  /** Gets a reference with ns_get_unless_inactive (the nsfs-handle and listns readers). */
  public boolean getsUnlessInactive() {
    return this == NSFS_HANDLE || this == LISTNS;
  }

  /** The actor name of reader {@code i} of this kind in step labels. */
  public String name(int i) {
    return prefix + i;
  }
}
