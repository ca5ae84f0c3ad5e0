package mountcheck.model.state;

/**
 * A descriptor a {@code mountfd} line named (README, "The fd-based mount API"): an open file on a
 * mount, at a directory of it.
 *
 * @param file the open file (a key of {@link ShellState#files()})
 * @param dentry the directory the descriptor is at (the mount's root for a detached tree)
 * @param tree the anonymous namespace this file dissolves when it closes (the detached tree
 *     open_tree(OPEN_TREE_CLONE) or fsmount() made, FMODE_NEED_UNMOUNT), 0 for none
 */
public record NamedDescriptor(int file, int dentry, int tree) {}
