package mountcheck.model.ops;

/** {@code mount --move SRC DST}. */
public record Move(String source, String target) implements Operation {
  @Override
  public String toCommand() {
    return "mount --move " + source + " " + target;
  }
}
