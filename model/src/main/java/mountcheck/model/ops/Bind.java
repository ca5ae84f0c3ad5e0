package mountcheck.model.ops;

/** {@code mount --bind SRC DST} or, when recursive, {@code mount --rbind SRC DST}. */
public record Bind(String source, String target, boolean recursive) implements Operation {
  @Override
  public String toCommand() {
    return "mount " + (recursive ? "--rbind " : "--bind ") + source + " " + target;
  }
}
