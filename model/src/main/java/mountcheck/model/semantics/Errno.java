package mountcheck.model.semantics;

/** The errno values the model can return, with their Linux x86_64 numbers. */
public enum Errno {
  EPERM(1),
  ENOENT(2),
  EBADF(9),
  EBUSY(16),
  EEXIST(17),
  ENOTDIR(20),
  EISDIR(21),
  EINVAL(22),
  ENOSPC(28),
  EROFS(30),
  ENOSYS(38),
  ENOTEMPTY(39),
  ELOOP(40);

  private final int number;

  Errno(int number) {
    this.number = number;
  }

  public int number() {
    return number;
  }

  /** The errno with this number, or null. */
  public static Errno ofNumber(int number) {
    for (Errno e : values()) if (e.number == number) return e;
    return null;
  }
}
