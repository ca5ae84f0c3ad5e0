package mountcheck.model.state;

/**
 * An O_PATH descriptor on a file of a kernel-internal mount, which is in no mount namespace: what a
 * plain open_tree() gives for a descriptor that names no mount of the scenario (a filesystem
 * context lives on anon_inodefs, a namespace file on nsfs). A call that wants a mount refuses it
 * (EINVAL); fsconfig() and fsmount() refuse it as an O_PATH file (EBADF).
 */
public record InternalFile() implements DescriptorHandle {
  @Override
  public boolean pathOnly() {
    return true;
  }
}
