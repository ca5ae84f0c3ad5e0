package mountcheck.model.ops;

/**
 * {@code mountfd open_tree NAME PATH [OPEN_TREE_CLONE | OPEN_TREE_NAMESPACE] [AT_RECURSIVE]}:
 * open_tree(2) on PATH (or on the descriptor a name holds, with AT_EMPTY_PATH), its descriptor kept
 * as NAME. Without a flag an O_PATH descriptor on the mount; with OPEN_TREE_CLONE ({@code copy}) a
 * detached copy of the mount (with AT_RECURSIVE of its subtree); with OPEN_TREE_NAMESPACE (Linux
 * 7.0) a descriptor on a new mount namespace holding such a copy.
 */
public record OpenTree(
    String name, String source, boolean copy, boolean recursive, boolean namespace)
    implements Operation {
  public OpenTree {
    DescriptorName.require(name);
    DescriptorName.requirePathOrName(source);
  }

  /** An open_tree without OPEN_TREE_NAMESPACE. */
  public OpenTree(String name, String source, boolean copy, boolean recursive) {
    this(name, source, copy, recursive, false);
  }

  @Override
  public String toCommand() {
    return "mountfd open_tree "
        + name
        + " "
        + source
        + (copy ? " OPEN_TREE_CLONE" : "")
        + (namespace ? " OPEN_TREE_NAMESPACE" : "")
        + (recursive ? " AT_RECURSIVE" : "");
  }
}
