package mountcheck.model.ops;

/**
 * {@code chroot DIR}: the shell's root becomes DIR (chroot(2), then chdir("/") as chroot(1) does);
 * later absolute paths start there and mountinfo is seen from there (docs/semantics.md §2.18). The
 * executor makes the call, so it is the executor's root; the shell keeps its own.
 */
public record ChangeRoot(String path) implements Operation {
  @Override
  public String toCommand() {
    return "chroot " + path;
  }
}
