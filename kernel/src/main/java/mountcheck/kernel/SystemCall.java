package mountcheck.kernel;

import java.util.List;
import java.util.stream.Collectors;

/**
 * One system call as the resident executor plans it for a scenario line ({@code syscalls.pl}, see
 * docs/architecture.md §4.1): its name and its arguments, every flag a number. A call whose result
 * is a descriptor may keep it under a {@code mountfd} name ({@code keeps}); {@code close} drops a
 * name ({@code forgets}). {@link #text()} is the line {@code perl syscalls.pl explain} prints for
 * it.
 *
 * <p>Three names are not system calls but the calls coreutils makes for one path, which the
 * executor emulates: {@code mkdir_parents} ({@code mkdir -p}), {@code touch} and {@code rmdir}.
 *
 * @param keeps the descriptor name the result is kept as, or null
 * @param forgets the descriptor name the call drops, or null
 */
public record SystemCall(String name, List<Argument> arguments, String keeps, String forgets) {
  public SystemCall {
    arguments = List.copyOf(arguments);
  }

  /** A call that keeps nothing and drops nothing. */
  public static SystemCall of(String name, Argument... arguments) {
    return new SystemCall(name, List.of(arguments), null, null);
  }

  /** This call, its result kept as the descriptor {@code descriptorName}. */
  public SystemCall keeping(String descriptorName) {
    return new SystemCall(name, arguments, descriptorName, forgets);
  }

  /** This call, dropping the descriptor name {@code descriptorName}. */
  public SystemCall forgetting(String descriptorName) {
    return new SystemCall(name, arguments, keeps, descriptorName);
  }

  /** The call as the dry run prints it: {@code NAME(ARG, ...)[ -> KEPT][ forget NAME]}. */
  public String text() {
    String s =
        name + arguments.stream().map(Argument::text).collect(Collectors.joining(", ", "(", ")"));
    if (keeps != null) s += " -> " + keeps;
    if (forgets != null) s += " forget " + forgets;
    return s;
  }

  /** One argument of a call. */
  public sealed interface Argument permits Int, Text, Null, Descriptor, MountinfoFlags, MountAttr {
    /** The argument as the dry run prints it. */
    String text();
  }

  /** A number: a flag word, a descriptor number such as AT_FDCWD, a size. */
  public record Int(long value) implements Argument {
    @Override
    public String text() {
      return Long.toString(value);
    }
  }

  /** A string, passed as a pointer to its bytes: a path, a source label, a filesystem type. */
  public record Text(String value) implements Argument {
    @Override
    public String text() {
      return "\"" + value + "\"";
    }
  }

  /** A null pointer. */
  public record Null() implements Argument {
    @Override
    public String text() {
      return "NULL";
    }
  }

  /** The descriptor a {@code mountfd} name holds when the call is made (-1 when none: EBADF). */
  public record Descriptor(String name) implements Argument {
    @Override
    public String text() {
      return "fd(" + name + ")";
    }
  }

  /**
   * mount(8)'s remount flags, known only when the call is made: the per-mount flags of the last
   * mountinfo row at {@code path} without {@code clear}, with {@code set}.
   */
  public record MountinfoFlags(String path, long set, long clear) implements Argument {
    @Override
    public String text() {
      return "mountinfo_flags(\"" + path + "\",set=" + set + ",clear=" + clear + ")";
    }
  }

  /**
   * A {@code struct mount_attr} (include/uapi/linux/mount.h), passed as a pointer; its userns_fd is
   * 0 without a user namespace name ({@code userns} null), else the descriptor that name holds.
   */
  public record MountAttr(long set, long clear, long propagation, String userns)
      implements Argument {
    @Override
    public String text() {
      return "mount_attr(attr_set="
          + set
          + ",attr_clr="
          + clear
          + ",propagation="
          + propagation
          + ",userns_fd="
          + (userns == null ? "0" : "fd(" + userns + ")")
          + ")";
    }
  }
}
