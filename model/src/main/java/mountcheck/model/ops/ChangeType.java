package mountcheck.model.ops;

/** {@code mount --make-TYPE PATH} or, when recursive, {@code mount --make-rTYPE PATH}. */
public record ChangeType(Propagation type, boolean recursive, String target) implements Operation {
  @Override
  public String toCommand() {
    return "mount --make-" + (recursive ? "r" : "") + type.word() + " " + target;
  }
}
