package mountcheck.model.ops;

/**
 * {@code mountfd mkdirat PATH | NAME/REL}: mkdirat(2) of one directory (mode 0755), from AT_FDCWD
 * for an absolute path or from the descriptor NAME holds for a path relative to it, the way the
 * selftests make a directory inside a detached tree, which has no absolute path (docs/semantics.md
 * §2.21). Only the last component is made.
 */
public record MakeDirectoryAt(String target) implements Operation {
  public MakeDirectoryAt {
    boolean path = target.startsWith("/") && target.length() > 1 && !target.endsWith("/");
    if (!path && !DescriptorName.isRelative(target))
      throw new IllegalArgumentException(
          "mkdirat takes an absolute path or NAME/REL, with a last component: " + target);
  }

  @Override
  public String toCommand() {
    return "mountfd mkdirat " + target;
  }
}
