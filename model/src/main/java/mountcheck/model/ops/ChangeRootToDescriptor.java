package mountcheck.model.ops;

/**
 * {@code mountfd chroot NAME}: fchdir(2) to the descriptor NAME holds, then chroot(".") (the
 * move_mount selftests' way into a tree put beneath the root, docs/semantics.md §2.18): the
 * executor's root and working directory become the descriptor's mount and directory, attached or
 * not. Later absolute paths start there, as after {@code chroot DIR}.
 */
public record ChangeRootToDescriptor(String name) implements Operation {
  public ChangeRootToDescriptor {
    DescriptorName.require(name);
  }

  @Override
  public String toCommand() {
    return "mountfd chroot " + name;
  }
}
