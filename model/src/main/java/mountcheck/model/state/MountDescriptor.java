package mountcheck.model.state;

/**
 * A named descriptor on a mount (README, "The fd-based mount API"): an open file at a directory of
 * the mount, as open_tree() and fsmount() return it (an O_PATH file).
 *
 * @param file the open file (a key of {@link ShellState#files()})
 * @param dentry the directory the descriptor is at (the mount's root for a detached tree)
 * @param tree the anonymous namespace this file dissolves when it closes (the detached tree
 *     open_tree(OPEN_TREE_CLONE) or fsmount() made, FMODE_NEED_UNMOUNT), 0 for none
 */
public record MountDescriptor(int file, int dentry, int tree) implements DescriptorHandle {
  @Override
  public boolean pathOnly() {
    return true;
  }
}
