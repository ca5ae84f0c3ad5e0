package mountcheck.model.ops;

/**
 * {@code pivot_root NEW PUT_OLD} (util-linux's command): the mount at NEW becomes the root of the
 * shell's namespace in place of the current root, which moves to PUT_OLD; every task whose root or
 * working directory was the old root moves to the new one (docs/semantics.md §2.18).
 */
public record PivotRoot(String newRoot, String putOld) implements Operation {
  @Override
  public String toCommand() {
    return "pivot_root " + newRoot + " " + putOld;
  }
}
