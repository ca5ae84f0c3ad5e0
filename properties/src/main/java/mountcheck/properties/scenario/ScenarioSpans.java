package mountcheck.properties.scenario;

import java.util.ArrayList;
import java.util.List;
import mountcheck.engine.Span;
import mountcheck.model.ops.Bind;
import mountcheck.model.ops.ChangeDirectory;
import mountcheck.model.ops.ChangeRoot;
import mountcheck.model.ops.ChangeType;
import mountcheck.model.ops.HoldFile;
import mountcheck.model.ops.MakeDirs;
import mountcheck.model.ops.MakeFiles;
import mountcheck.model.ops.MountTmpfs;
import mountcheck.model.ops.Move;
import mountcheck.model.ops.Nsenter;
import mountcheck.model.ops.Operation;
import mountcheck.model.ops.PersistNamespace;
import mountcheck.model.ops.PivotRoot;
import mountcheck.model.ops.ReleaseFile;
import mountcheck.model.ops.Remount;
import mountcheck.model.ops.RemoveDirs;
import mountcheck.model.ops.Umount;
import mountcheck.model.ops.Unshare;
import mountcheck.model.ops.UnshareUser;

/**
 * The labelled spans of a scenario, by command index (in the style of Hypothesis' labelled spans).
 * A command's meaning depends on the namespace it runs in, so labels say both what a span is and
 * where it runs:
 *
 * <ul>
 *   <li>every command is a span labelled {@code KIND in namespace N}: KIND is the command kind
 *       ({@link #kind}), N counts the {@code unshare} lines up to and including it (0 for the
 *       starting namespace; an {@code unshare} line belongs to the namespace it makes). A command
 *       run with {@code nsenter} has the kind {@code nsenter FILE KIND}: it runs in the namespace
 *       FILE holds;
 *   <li>every {@code unshare} line with the commands after it up to the next {@code unshare} is a
 *       span labelled {@value #NAMESPACE_BLOCK}.
 * </ul>
 *
 * The scenario shrinker's {@code swap-steps} exchanges only neighbouring spans with equal labels
 * (two binds in one namespace, say, never a bind with an umount, nor a command with one in another
 * namespace), and {@code delete-namespace-blocks} deletes {@value #NAMESPACE_BLOCK} spans. The
 * third grouping, by mount subtree (every command naming a directory or a path below it), is not
 * contiguous and is the unit of {@code delete-subtrees}.
 */
public final class ScenarioSpans {
  /** The label of an {@code unshare} line and the commands that run in the namespace it makes. */
  public static final String NAMESPACE_BLOCK = "namespace-block";

  private ScenarioSpans() {}

  /** Every span of {@code ops}: the commands in order, then the namespace blocks in order. */
  public static List<Span> of(List<Operation> ops) {
    List<Span> out = new ArrayList<>();
    List<Integer> blockStarts = new ArrayList<>();
    int namespace = 0;
    for (int i = 0; i < ops.size(); i++) {
      if (ops.get(i) instanceof Unshare || ops.get(i) instanceof UnshareUser) {
        namespace++;
        blockStarts.add(i);
      }
      out.add(new Span(i, i + 1, commandLabel(ops.get(i), namespace)));
    }
    for (int b = 0; b < blockStarts.size(); b++) {
      int end = b + 1 < blockStarts.size() ? blockStarts.get(b + 1) : ops.size();
      out.add(new Span(blockStarts.get(b), end, NAMESPACE_BLOCK));
    }
    return out;
  }

  /** The label of one command in namespace {@code namespace}: {@code KIND in namespace N}. */
  public static String commandLabel(Operation op, int namespace) {
    return kind(op) + " in namespace " + namespace;
  }

  /**
   * The choice-sequence label of a generated step of one or more commands ({@code
   * ScenarioGenerator}): {@code scenario-step KIND+KIND... in namespace N}, so that the choice
   * shrinker's {@code sort-spans} swaps only steps of the same kinds in the same namespace.
   */
  public static String stepLabel(List<Operation> step, int namespace) {
    StringBuilder kinds = new StringBuilder();
    for (Operation op : step) {
      if (kinds.length() > 0) kinds.append('+');
      kinds.append(kind(op));
    }
    return "scenario-step " + kinds + " in namespace " + namespace;
  }

  /**
   * The kind of a command: {@code mkdir}, {@code touch}, {@code rmdir}, {@code mount-tmpfs}, {@code
   * bind} (also {@code --rbind}), {@code move}, {@code change-propagation} (every {@code
   * --make-*}), {@code umount} (also {@code -l}), {@code unshare}, {@code persist-namespace}
   * ({@code unshare --mount=FILE true}), {@code nsenter FILE KIND}, {@code hold-reference} ({@code
   * exec N<PATH}), {@code open-for-writing} ({@code exec N<>PATH}), {@code release-reference},
   * {@code cd}, {@code remount-bind}, {@code remount}.
   */
  public static String kind(Operation op) {
    if (op instanceof MakeDirs) return "mkdir";
    if (op instanceof MakeFiles) return "touch";
    if (op instanceof RemoveDirs) return "rmdir";
    if (op instanceof MountTmpfs) return "mount-tmpfs";
    if (op instanceof Bind) return "bind";
    if (op instanceof Move) return "move";
    if (op instanceof ChangeType) return "change-propagation";
    if (op instanceof Remount r) return r.bind() ? "remount-bind" : "remount";
    if (op instanceof Umount) return "umount";
    if (op instanceof Unshare) return "unshare";
    if (op instanceof UnshareUser) return "unshare-user";
    if (op instanceof PersistNamespace) return "persist-namespace";
    if (op instanceof Nsenter n) return "nsenter " + n.file() + " " + kind(n.command());
    if (op instanceof HoldFile h) return h.write() ? "open-for-writing" : "hold-reference";
    if (op instanceof ReleaseFile) return "release-reference";
    if (op instanceof ChangeDirectory) return "cd";
    if (op instanceof ChangeRoot) return "chroot";
    if (op instanceof PivotRoot) return "pivot_root";
    // a mountfd line's kind is its call: open_tree, move_mount, mount_setattr, close, ...
    if (op.toCommand().startsWith("mountfd ")) return op.toCommand().split(" ")[1];
    throw new IllegalArgumentException("unknown command " + op);
  }
}
