package mountcheck.model.ops;

/**
 * {@code mountfd open_tree NAME PATH [OPEN_TREE_CLONE] [AT_RECURSIVE]}: open_tree(2) on PATH (or on
 * the descriptor a name holds, with AT_EMPTY_PATH), its descriptor kept as NAME. Without
 * OPEN_TREE_CLONE ({@code copy}) an O_PATH descriptor on the mount; with it a detached copy of the
 * mount (with AT_RECURSIVE of its subtree).
 */
public record OpenTree(String name, String source, boolean copy, boolean recursive)
    implements Operation {
  public OpenTree {
    DescriptorName.require(name);
    DescriptorName.requirePathOrName(source);
  }

  @Override
  public String toCommand() {
    return "mountfd open_tree "
        + name
        + " "
        + source
        + (copy ? " OPEN_TREE_CLONE" : "")
        + (recursive ? " AT_RECURSIVE" : "");
  }
}
