package mountcheck.model.ops;

/**
 * {@code exec N<PATH} (N from 3 to 9): the shell opens PATH (a file or a directory) read-only on
 * descriptor N, which holds a reference to the mount PATH resolves to until {@code exec N<&-}. An
 * open descriptor N is closed first.
 *
 * <p>With {@code write}, {@code exec N<>PATH}: bash opens PATH with O_RDWR | O_CREAT (mode 0666),
 * so a missing file is made, and the open file also holds write access to its mount
 * (docs/semantics.md §2.19).
 */
public record HoldFile(int fd, String path, boolean write) implements Operation {
  public HoldFile {
    if (fd < ReleaseFile.FIRST_FD || fd > ReleaseFile.LAST_FD)
      throw new IllegalArgumentException("descriptor must be 3..9: " + fd);
  }

  /** {@code exec N<PATH}: read-only. */
  public HoldFile(int fd, String path) {
    this(fd, path, false);
  }

  /** The same open on another path. */
  public HoldFile withPath(String newPath) {
    return new HoldFile(fd, newPath, write);
  }

  @Override
  public String toCommand() {
    return "exec " + fd + (write ? "<>" : "<") + path;
  }
}
