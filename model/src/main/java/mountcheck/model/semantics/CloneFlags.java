package mountcheck.model.semantics;

/**
 * The CL_* flags of clone_mnt()/copy_tree() that the model distinguishes (fs/pnode.h).
 *
 * @param slave CL_SLAVE: the copy becomes a slave of a shared original
 * @param makeShared CL_MAKE_SHARED: the copy is shared, in a new group if it has none
 * @param copyUnbindable CL_COPY_UNBINDABLE: unbindable mounts are copied, not pruned
 * @param keepUnbindable the copy of an unbindable mount is unbindable too (clone_mnt() of kernels
 *     that keep the mark in mnt_flags, see {@link KernelRule#UNBINDABLE_KEPT_ON_NAMESPACE_COPY})
 * @param copyNamespaceFiles CL_COPY_MNT_NS_FILE: mounts of mount namespace files (nsfs) are copied;
 *     only do_loopback() (bind, rbind) asks for it, so namespace copies and propagation leave them
 *     out (commit 4ce5d2b1a8fd)
 */
record CloneFlags(
    boolean slave,
    boolean makeShared,
    boolean copyUnbindable,
    boolean keepUnbindable,
    boolean copyNamespaceFiles) {
  static final CloneFlags BIND = new CloneFlags(false, false, false, false, true);
  static final CloneFlags PEER = new CloneFlags(false, true, false, false, false);
  static final CloneFlags NAMESPACE = new CloneFlags(false, false, true, false, false);
  static final CloneFlags NAMESPACE_SLAVE = new CloneFlags(true, false, true, false, false);

  static CloneFlags slaveOf(boolean receiverShared) {
    return new CloneFlags(true, receiverShared, false, false, false);
  }

  CloneFlags keepingUnbindable() {
    return new CloneFlags(slave, makeShared, copyUnbindable, true, copyNamespaceFiles);
  }
}
