package mountcheck.model.ops;

/** {@code umount PATH} or, when lazy, {@code umount -l PATH} (MNT_DETACH). */
public record Umount(String target, boolean lazy) implements Operation {
  @Override
  public String toCommand() {
    return "umount " + (lazy ? "-l " : "") + target;
  }
}
