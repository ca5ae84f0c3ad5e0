package mountcheck.kernel;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import mountcheck.model.ops.Bind;
import mountcheck.model.ops.ChangeRootToDescriptor;
import mountcheck.model.ops.ChangeType;
import mountcheck.model.ops.CloseDescriptor;
import mountcheck.model.ops.FsConfig;
import mountcheck.model.ops.FsMount;
import mountcheck.model.ops.FsOpen;
import mountcheck.model.ops.MakeDirectoryAt;
import mountcheck.model.ops.MakeDirs;
import mountcheck.model.ops.MakeFiles;
import mountcheck.model.ops.MountSetattr;
import mountcheck.model.ops.MountTmpfs;
import mountcheck.model.ops.Move;
import mountcheck.model.ops.MoveMount;
import mountcheck.model.ops.OpenTree;
import mountcheck.model.ops.OpenUserNamespace;
import mountcheck.model.ops.Operation;
import mountcheck.model.ops.Remount;
import mountcheck.model.ops.RemoveDirs;
import mountcheck.model.ops.Umount;

/**
 * How a {@link ScenarioScript} runs the scenario's mount, umount, mkdir, touch and rmdir lines.
 *
 * <ul>
 *   <li>{@link #SYSCALLS} (the default): a resident perl process per scenario shell, the shell's
 *       coprocess ({@code syscalls.pl} beside this class), makes the system calls that mount(8),
 *       umount(8), mkdir(1), touch(1) and rmdir(1) make for these lines and answers their errno; it
 *       also prints the table after every line. Under QEMU's TCG one process per line was most of a
 *       guest's time.
 *   <li>{@link #TOOLS}: every line runs the tool itself (util-linux, coreutils) and the errno is
 *       read from its messages, as before; {@code -Dmountcheck.executor=tools} selects it, so a
 *       kernel developer can compare with util-linux.
 * </ul>
 *
 * <p>Lines that change the shell itself or its namespaces ({@code unshare}, {@code exec}, {@code
 * cd}) and {@code nsenter} lines run through bash and the tools with either executor; after an
 * {@code unshare} the new shell starts its own executor, in the new namespace.
 */
public enum Executor {
  SYSCALLS,
  TOOLS;

  /** The system property that picks the executor ({@code syscalls} or {@code tools}). */
  public static final String PROPERTY = "mountcheck.executor";

  /** The executor {@link #PROPERTY} names, {@link #SYSCALLS} when it is not set. */
  public static Executor configured() {
    String value = System.getProperty(PROPERTY, "syscalls").strip();
    try {
      return valueOf(value.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "-D" + PROPERTY + " must be syscalls or tools, not '" + value + "'");
    }
  }

  /** Whether the resident executor runs {@code op} (in the shell's own namespace). */
  static boolean runsInExecutor(Operation op) {
    return op instanceof MakeDirs
        || op instanceof MakeFiles
        || op instanceof RemoveDirs
        || op instanceof MountTmpfs
        || op instanceof Bind
        || op instanceof Move
        || op instanceof ChangeType
        || op instanceof Remount
        || op instanceof Umount
        || changesRoot(op)
        || isMountfd(op);
  }

  /**
   * Whether {@code op} changes the root ({@code chroot}, {@code pivot_root}): the executor makes
   * the call for itself and runs every later line of its shell, reading the tables through its
   * descriptor on /proc (docs/semantics.md §2.18). No tool can: chroot(1) needs a shell in the new
   * root, and after pivot_root the shell's tools are gone.
   */
  public static boolean changesRoot(Operation op) {
    return Operation.changesRoot(op);
  }

  /**
   * Whether {@code op} is a {@code mountfd} line (README, "The fd-based mount API"): with either
   * executor it runs in the resident executor, which holds its named descriptors; with {@link
   * #TOOLS} through the {@code mountfd} shell function, which starts one for the shell.
   */
  public static boolean isMountfd(Operation op) {
    return op instanceof OpenTree
        || op instanceof MoveMount
        || op instanceof CloseDescriptor
        || op instanceof MountSetattr
        || op instanceof FsOpen
        || op instanceof FsConfig
        || op instanceof FsMount
        || op instanceof OpenUserNamespace
        || op instanceof ChangeRootToDescriptor
        || op instanceof MakeDirectoryAt;
  }

  /**
   * Shell lines that define the function {@code mountfd} (README, "The fd-based mount API") in a
   * bash reading them and, exported, in every bash it starts ({@code unshare -m ... bash}): what
   * {@code perl syscalls.pl shell} gives a scenario run by hand.
   */
  public static String mountfdDefinition() {
    return "export __MC_PL='"
        + program().replace("'", "'\\''")
        + "'\n"
        + "eval \"mountfd $(perl -e \"$__MC_PL\" function)\"; export -f mountfd\n";
  }

  /**
   * A shell line that ends this shell's {@code mountfd} coprocess, if it started or followed one
   * ({@code --quit}, then the end of its answers), and waits until it has exited: its descriptors
   * are closed (and the detached trees they held dissolved) when the line returns, as they would be
   * by the shell's own exit (exit_files()).
   */
  public static final String CLOSE_MOUNTFD =
      "if [[ $__mc_fd_pid == \"$BASHPID\" ]]; then (printf '%s\\n' --quit >&53) 2>/dev/null;"
          + " read -r __mc_q <&52 2>/dev/null; exec 53>&- 52<&-;"
          + " if [[ -n ${__MC_FD[1]} ]]; then eval \"exec ${__MC_FD[1]}>&-\"; fi;"
          + " wait \"$__MC_FD_PID\" 2>/dev/null; fi";

  private static String program;

  /** The executor's perl program, without its comment lines and blank lines. */
  public static synchronized String program() {
    if (program == null) {
      try (InputStream in = Executor.class.getResourceAsStream("syscalls.pl")) {
        if (in == null) throw new IllegalStateException("syscalls.pl is missing from the jar");
        StringBuilder s = new StringBuilder();
        for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
          String t = line.strip();
          if (t.isEmpty() || t.startsWith("#")) continue;
          s.append(line).append('\n');
        }
        program = s.toString();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return program;
  }
}
