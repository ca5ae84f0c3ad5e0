package mountcheck.model.state;

/**
 * What a descriptor named by a {@code mountfd} line holds (README, "The fd-based mount API"): a
 * mount, a filesystem context, a user namespace, or an O_PATH file on a kernel-internal mount. The
 * calls tell them apart as the kernel does: fdget() refuses an O_PATH file (EBADF), fsconfig() and
 * fsmount() want a filesystem context (EINVAL), and a call that wants a mount finds none of its
 * namespaces in the others (EINVAL).
 */
public sealed interface DescriptorHandle
    permits MountDescriptor, FsContext, UserNamespaceDescriptor, InternalFile {

  /** Whether the file was opened O_PATH (open_tree() and fsmount() give such files). */
  boolean pathOnly();
}
