package mountcheck.properties.generators;

import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import mountcheck.model.ops.Bind;
import mountcheck.model.ops.CloseDescriptor;
import mountcheck.model.ops.FsConfig;
import mountcheck.model.ops.FsMount;
import mountcheck.model.ops.FsOpen;
import mountcheck.model.ops.HoldFile;
import mountcheck.model.ops.MakeDirectoryAt;
import mountcheck.model.ops.MountSetattr;
import mountcheck.model.ops.MountTmpfs;
import mountcheck.model.ops.MoveMount;
import mountcheck.model.ops.Nsenter;
import mountcheck.model.ops.OpenTree;
import mountcheck.model.ops.OpenUserNamespace;
import mountcheck.model.ops.Operation;
import mountcheck.model.ops.Remount;
import mountcheck.model.ops.Scenario;

/**
 * Which of the operations that container runtimes use a scenario makes: per-mount attributes
 * (docs/semantics.md §2.14), the fd-based mount API (§2.15-§2.17), root changes (§2.18), and
 * writers (§2.19). The conformance campaigns label each scenario with them, so that a run's
 * statistics say how often the new operations were drawn.
 */
public enum MountApiFeatures {
  /** {@code mount -o remount[,bind],OPTS}, and tmpfs or bind mounts with {@code -o OPTS}. */
  ATTRIBUTES("attributes"),
  /**
   * A {@code mountfd} line: open_tree, move_mount, mount_setattr, fsopen/fsmount, userns, close.
   */
  FD_API("fd-api"),
  /** {@code chroot}, {@code pivot_root} or {@code mountfd chroot}. */
  ROOT_CHANGE("root-change"),
  /** {@code exec N<>PATH}: a file open for writing, a writer of its mount (§2.19). */
  WRITERS("writers");

  /** The label of a scenario that makes at least one of them. */
  public static final String ANY_LABEL = "uses-mount-api";

  private final String word;

  MountApiFeatures(String word) {
    this.word = word;
  }

  /** The label a run's statistics count: {@code uses-fd-api}, and so on. */
  public String label() {
    return "uses-" + word;
  }

  /** The features the scenario's operations make, those run through nsenter included. */
  public static Set<MountApiFeatures> of(Scenario scenario) {
    Set<MountApiFeatures> out = EnumSet.noneOf(MountApiFeatures.class);
    for (Operation op : scenario.operations()) {
      MountApiFeatures f = of(op instanceof Nsenter n ? n.command() : op);
      if (f != null) out.add(f);
    }
    return out;
  }

  /**
   * How often a list of scenarios makes them, for a campaign's report: {@code the mount API in 212
   * of 500 scenarios (attributes 150, fd-api 120, root-change 17, writers 40)}.
   */
  public static String summary(List<Scenario> scenarios) {
    Map<MountApiFeatures, Integer> each = new EnumMap<>(MountApiFeatures.class);
    int any = 0;
    for (Scenario s : scenarios) {
      Set<MountApiFeatures> used = of(s);
      if (!used.isEmpty()) any++;
      for (MountApiFeatures f : used) each.merge(f, 1, Integer::sum);
    }
    StringBuilder out =
        new StringBuilder("the mount API in " + any + " of " + scenarios.size() + " scenarios (");
    for (MountApiFeatures f : values())
      out.append(f.ordinal() == 0 ? "" : ", ")
          .append(f.word)
          .append(' ')
          .append(each.getOrDefault(f, 0));
    return out.append(')').toString();
  }

  private static MountApiFeatures of(Operation op) {
    if (op instanceof Remount) return ATTRIBUTES;
    if (op instanceof MountTmpfs m) return m.options().isEmpty() ? null : ATTRIBUTES;
    if (op instanceof Bind b) return b.options().isEmpty() ? null : ATTRIBUTES;
    if (op instanceof OpenTree
        || op instanceof MoveMount
        || op instanceof MountSetattr
        || op instanceof CloseDescriptor
        || op instanceof FsOpen
        || op instanceof FsConfig
        || op instanceof FsMount
        || op instanceof OpenUserNamespace
        || op instanceof MakeDirectoryAt) return FD_API;
    if (Operation.changesRoot(op)) return ROOT_CHANGE;
    if (op instanceof HoldFile h && h.write()) return WRITERS;
    return null;
  }
}
