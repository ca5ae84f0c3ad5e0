package mountcheck.properties.generators;

import java.util.ArrayList;
import java.util.List;
import mountcheck.engine.Gen;
import mountcheck.engine.Source;
import mountcheck.model.ops.Bind;
import mountcheck.model.ops.ChangeType;
import mountcheck.model.ops.MakeDirs;
import mountcheck.model.ops.MountTmpfs;
import mountcheck.model.ops.Move;
import mountcheck.model.ops.Nsenter;
import mountcheck.model.ops.Operation;
import mountcheck.model.ops.Propagation;
import mountcheck.model.ops.Remount;
import mountcheck.model.ops.RemoveDirs;
import mountcheck.model.ops.Scenario;
import mountcheck.model.ops.Umount;
import mountcheck.model.ops.Unshare;
import mountcheck.model.ops.UnshareUser;
import mountcheck.properties.scenario.ScenarioSpans;

/**
 * Random scenarios biased to the classes of trees where propagation has gone wrong: binds and
 * rbinds of a mount into its own subtree (overlapping propagation trees, as in the 2017 commit's
 * family), shared mounts with slaves of slaves, stacks of overmounts and tucked copies, unbindable
 * mounts, lazy umounts, and nested namespaces with locked mounts.
 *
 * <p>Every scenario starts with a tmpfs on /mnt and a few directories. Paths are built from a
 * three-letter vocabulary at depth at most three, so a random bind often lands inside its own
 * source. Choice 0 is always the simplest option (a mkdir, the shortest path, no flag), which is
 * what lets the engine's shrinker simplify.
 */
public final class ScenarioGenerator {
  private static final String[] NAMES = {"a", "b", "c"};

  /**
   * What the generator may produce.
   *
   * @param liveNamespaces the share of scenarios that also keep namespaces alive on files, act in
   *     them with nsenter and hold references (docs/language.md, "Several namespaces and held
   *     references")
   */
  public record Settings(
      int maxOperations,
      boolean namespaces,
      int maxDepth,
      double liveNamespaces,
      double fdApi,
      double rootChange) {
    public Settings(int maxOperations, boolean namespaces, int maxDepth) {
      this(maxOperations, namespaces, maxDepth, 0, 0, 0);
    }

    public Settings(int maxOperations, boolean namespaces, int maxDepth, double liveNamespaces) {
      this(maxOperations, namespaces, maxDepth, liveNamespaces, 0, 0);
    }

    /**
     * {@link #standard()} where a share {@code share} of the scenarios also makes {@code mountfd}
     * lines (open_tree, move_mount, mount_setattr, close; {@link FdApiSteps}), and, as container
     * runtimes do after them, a quarter changes the root ({@code chroot} or {@code pivot_root};
     * {@link RootChangeSteps}).
     */
    public static Settings withFdApi(double share) {
      return new Settings(14, true, 3, 0, share, share > 0 ? ROOT_CHANGE_SHARE : 0);
    }

    /**
     * What the conformance campaigns draw: live namespaces in a share {@code live}, {@code mountfd}
     * lines in a share {@code fdApi}, and a quarter of those (when not live) changing the root.
     */
    public static Settings forConformance(double live, double fdApi) {
      return new Settings(14, true, 3, live, fdApi, fdApi > 0 ? ROOT_CHANGE_SHARE : 0);
    }

    /** The share of the fd API's scenarios that change the root. */
    static final double ROOT_CHANGE_SHARE = 0.25;

    /** Scenarios for model-only properties: up to 14 operations, nested namespaces allowed. */
    public static Settings standard() {
      return new Settings(14, true, 3, 0);
    }

    /**
     * {@link #withLiveNamespaces(double)} where a share {@code fdApi} of the scenarios also makes
     * {@code mountfd} lines: what the change-stream watcher draws.
     */
    public static Settings withLiveNamespacesAndFdApi(double share, double fdApi) {
      // no root change: the line-by-line watcher cannot follow one (docs/semantics.md §2.18)
      return new Settings(14, true, 3, share, fdApi, 0);
    }

    /** {@link #standard()} with live namespaces on files and held references in a share. */
    public static Settings withLiveNamespaces(double share) {
      return new Settings(14, true, 3, share);
    }
  }

  private ScenarioGenerator() {}

  public static Gen<Scenario> scenarios(Settings settings) {
    return s -> generate(s, settings);
  }

  private static Scenario generate(Source s, Settings settings) {
    List<Operation> ops = new ArrayList<>();
    ops.add(new MountTmpfs("t0", "/mnt"));
    ops.add(new MakeDirs(List.of("/mnt/a/a", "/mnt/a/b", "/mnt/b/a", "/mnt/b/b")));
    List<String> mounted = new ArrayList<>(List.of("/mnt"));
    boolean live = settings.liveNamespaces() > 0 && s.drawCoin(settings.liveNamespaces());
    int extra = 0;
    if (live) {
      int start = s.position();
      ops.addAll(LiveNamespaceSteps.holder());
      ops.add(LiveNamespaceSteps.persist(s));
      extra = LiveNamespaceSteps.holder().size() + 1;
      s.endSpan(start, "live-namespaces");
    }
    // drawn only when enabled, so that the scenarios of every other setting stay as they were
    boolean fd = settings.fdApi() > 0 && s.drawCoin(settings.fdApi());
    // a root change needs no namespace file (docs/semantics.md §2.18); it comes at a step drawn
    // now, and after it the generator draws no unshare (nor cd, exec or nsenter: not live)
    int rootChangeAt =
        !live && settings.rootChange() > 0 && s.drawCoin(settings.rootChange())
            ? s.draw(settings.maxOperations() - 1)
            : -1;
    boolean rooted = false;
    int count = 1 + s.draw(Math.max(0, Math.min(settings.maxOperations(), 2 + s.size() / 3) - 1));
    int unshares = 0;
    // after unshare -Ur the shell may not fsopen: a root change into a new tmpfs may fail
    boolean unprivileged = false;
    for (int i = 0; i < count && ops.size() < settings.maxOperations() + 2 + extra; i++) {
      int start = s.position();
      if (i == rootChangeAt || (rootChangeAt >= count && i == count - 1 && !rooted)) {
        List<Operation> change =
            RootChangeSteps.step(s, mountPoint(s, settings, mounted), !unprivileged);
        ops.addAll(change);
        rooted = true;
        s.endSpan(start, ScenarioSpans.stepLabel(change, unshares));
        continue;
      }
      List<Operation> step =
          fd && s.drawCoin(0.4)
              ? fdStep(s, settings, mounted, !live && !rooted && unshares < 2, !rooted)
              : live && s.drawCoin(0.35)
                  ? liveStep(s, settings, ops.size(), mounted)
                  : s.drawCoin(0.35)
                      ? idiom(s, settings, mounted)
                      : List.of(
                          operation(
                              s,
                              settings,
                              ops.size(),
                              unshares < 2 && settings.namespaces() && !rooted,
                              mounted));
      for (Operation op : step) {
        if (op instanceof Unshare || op instanceof UnshareUser) unshares++;
        if (op instanceof UnshareUser) unprivileged = true;
        String target = targetOf(op);
        if (target != null && !mounted.contains(target)) mounted.add(target);
        ops.add(op);
      }
      s.endSpan(start, ScenarioSpans.stepLabel(step, unshares));
    }
    if (s.drawCoin(0.7)) {
      int start = s.position();
      ops.add(new Umount(mountPoint(s, settings, mounted), s.drawCoin(0.6)));
      s.endSpan(start, "final-umount");
    }
    return Scenario.of("generated", ops);
  }

  /**
   * A short sequence that builds propagation on purpose: a peer replica, a slave replica (with a
   * chance of shared-and-slave, the start of slave-of-slave chains), a mount inside a mount, or a
   * bind of a mount onto itself or into its own subtree (the 2017 overlap family's step).
   */
  private static List<Operation> idiom(Source s, Settings settings, List<String> mounted) {
    String m = mountPoint(s, settings, mounted);
    switch (s.draw(3)) {
      case 0:
        return List.of(
            new ChangeType(Propagation.SHARED, false, m),
            new Bind(m, relatedTarget(s, settings, m), false));
      case 1:
        {
          String t = relatedTarget(s, settings, m);
          List<Operation> ops = new ArrayList<>();
          ops.add(new ChangeType(Propagation.SHARED, false, m));
          ops.add(new Bind(m, t, s.drawCoin(0.3)));
          ops.add(new ChangeType(Propagation.SLAVE, false, t));
          if (s.drawCoin(0.6)) ops.add(new ChangeType(Propagation.SHARED, false, t));
          return ops;
        }
      case 2:
        {
          String inside = deeper(s, settings, m);
          return List.of(
              new MakeDirs(List.of(inside)), new MountTmpfs("t" + (mounted.size() + 100), inside));
        }
      default:
        {
          String inside = s.drawCoin(0.5) ? m : deeper(s, settings, m);
          return List.of(
              new ChangeType(Propagation.SHARED, false, m),
              new MakeDirs(List.of(inside)),
              new Bind(inside, inside, false));
        }
    }
  }

  /**
   * A step of several live namespaces and held references: act in a persisted namespace, persist
   * one, hold or release a reference, change directory, drop a namespace file, or (one step in
   * eight) remove a directory, which may be a mount point of another namespace.
   */
  private static List<Operation> liveStep(
      Source s, Settings settings, int index, List<String> mounted) {
    switch (s.draw(7)) {
      case 0, 1:
        return List.of(
            LiveNamespaceSteps.nsenter(s, operation(s, settings, index, false, mounted)));
      case 2:
        return List.of(LiveNamespaceSteps.hold(s, mountPoint(s, settings, mounted)));
      case 3:
        return List.of(LiveNamespaceSteps.release(s));
      case 4:
        return List.of(LiveNamespaceSteps.changeDirectory(s, mountPoint(s, settings, mounted)));
      case 5:
        return List.of(LiveNamespaceSteps.persist(s));
      case 6:
        return List.of(LiveNamespaceSteps.dropFile(s));
      default:
        return removal(s, settings, index, mounted);
    }
  }

  /**
   * rmdir of one of the directories every scenario starts with (docs/semantics.md §2.12): on its
   * own (EBUSY where it is a mount point, ENOENT once removed), after a mount on it in another
   * namespace (which the removal detaches), or after a bind of it (whose root it removes).
   */
  private static List<Operation> removal(
      Source s, Settings settings, int index, List<String> mounted) {
    String leaf = "/mnt/" + NAMES[s.draw(1)] + "/" + NAMES[s.draw(1)];
    switch (s.draw(2)) {
      case 0:
        return List.of(LiveNamespaceSteps.removeDirectory(s, leaf));
      case 1:
        return List.of(
            LiveNamespaceSteps.nsenter(s, new MountTmpfs("r" + index, leaf)),
            new RemoveDirs(List.of(leaf)));
      default:
        {
          String target = mountPoint(s, settings, mounted);
          List<Operation> ops = new ArrayList<>();
          ops.add(new Bind(leaf, target, false));
          ops.add(LiveNamespaceSteps.removeDirectory(s, leaf));
          // then something that a removed root refuses (ENOENT), or not
          switch (s.draw(4)) {
            case 0 -> {}
            case 1 -> ops.add(new MakeDirs(List.of(target + "/a")));
            case 2 -> ops.add(new MountTmpfs("r" + index, target));
            case 3 -> ops.add(new Bind(target, path(s, settings), s.drawCoin(0.5)));
            default -> ops.add(new Move(target, path(s, settings)));
          }
          return ops;
        }
    }
  }

  /** A directory one level below {@code p}, or {@code p} itself at the depth limit. */
  private static String deeper(Source s, Settings settings, String p) {
    String inside = p + "/" + NAMES[s.draw(NAMES.length - 1)];
    return inside.chars().filter(c -> c == '/').count() <= settings.maxDepth() + 1 ? inside : p;
  }

  private static String targetOf(Operation op) {
    if (op instanceof Nsenter n) return null; // mounted in another namespace
    if (op instanceof MountTmpfs m) return m.target();
    if (op instanceof Bind b) return b.target();
    if (op instanceof Move m) return m.target();
    return null;
  }

  /**
   * A step of the fd-based mount API ({@link FdApiSteps}), now and then a new shell ({@code unshare
   * -Ur}, {@code unshare -m}, {@code unshare -Urm}) that the {@code mountfd} names follow
   * (docs/language.md), when one may be made, or a file open for writing with the lines it makes
   * EBUSY ({@link WriterSteps}), when the shell still runs {@code exec} (no root change yet).
   */
  private static List<Operation> fdStep(
      Source s, Settings settings, List<String> mounted, boolean mayUnshare, boolean mayWrite) {
    if (mayWrite && s.drawCoin(0.15))
      return WriterSteps.step(s, mountPoint(s, settings, mounted), path(s, settings));
    if (mayUnshare && s.drawCoin(0.08))
      return List.of(
          s.drawCoin(0.5)
              ? new UnshareUser()
              : new Unshare(s.drawCoin(0.3), Unshare.NamespacePropagation.UNCHANGED));
    return FdApiSteps.step(s, mountPoint(s, settings, mounted), path(s, settings));
  }

  /**
   * One operation; the kinds are ordered from simplest to most disruptive (unshare stays last: it
   * is left out when no more namespaces may be made).
   */
  private static Operation operation(
      Source s, Settings settings, int index, boolean mayUnshare, List<String> mounted) {
    int kind = weighted(s, mayUnshare);
    switch (kind) {
      case 0:
        return new MakeDirs(List.of(path(s, settings)));
      case 1:
        return new MountTmpfs("t" + index, path(s, settings));
      case 2:
        return new ChangeType(
            Propagation.SHARED, s.drawCoin(0.25), mountPoint(s, settings, mounted));
      case 3:
        {
          String src = source(s, settings, mounted);
          return new Bind(src, relatedTarget(s, settings, src), false);
        }
      case 4:
        {
          String src = source(s, settings, mounted);
          return new Bind(src, relatedTarget(s, settings, src), true);
        }
      case 5:
        return new ChangeType(Propagation.SLAVE, s.drawCoin(0.2), mountPoint(s, settings, mounted));
      case 6:
        return new Umount(mountPoint(s, settings, mounted), true);
      case 7:
        return new Umount(mountPoint(s, settings, mounted), false);
      case 8:
        return new ChangeType(
            s.drawCoin(0.5) ? Propagation.PRIVATE : Propagation.UNBINDABLE,
            s.drawCoin(0.2),
            mountPoint(s, settings, mounted));
      case 9:
        {
          String src = mountPoint(s, settings, mounted);
          return new Move(src, relatedTarget(s, settings, src));
        }
      case 10:
        return attributes(s, settings, index, mounted);
      default:
        {
          boolean user = s.drawCoin(0.5);
          Unshare.NamespacePropagation p =
              s.drawCoin(0.8)
                  ? Unshare.NamespacePropagation.UNCHANGED
                  : Unshare.NamespacePropagation.PRIVATE;
          return new Unshare(user, p);
        }
    }
  }

  /** A path where the scenario mounted something (so umount and --make-* act), else any path. */
  private static String mountPoint(Source s, Settings settings, List<String> mounted) {
    if (s.drawCoin(0.1)) return path(s, settings);
    return mounted.get(mounted.size() - 1 - s.drawSmall(mounted.size() - 1));
  }

  /** A bind source: often a mount point (the interesting propagation lives there). */
  private static String source(Source s, Settings settings, List<String> mounted) {
    if (s.drawCoin(0.5)) return path(s, settings);
    return mounted.get(mounted.size() - 1 - s.draw(mounted.size() - 1));
  }

  // weights for kinds 0..11: mkdir, tmpfs, make-shared, bind, rbind, make-slave, umount -l,
  // umount, make-private/unbindable, move, attributes, unshare
  private static final int[] WEIGHTS = {2, 3, 6, 7, 3, 3, 4, 3, 2, 1, 18, 1};

  /** Option words, the simplest first: ro, then its inverse, then the others. */
  private static final String[] OPTION_WORDS = {
    "ro",
    "rw",
    "nosuid",
    "nodev",
    "noexec",
    "noatime",
    "suid",
    "strictatime",
    "relatime",
    "nodiratime",
    "nosymfollow",
    "exec",
    "dev"
  };

  /**
   * Per-mount attributes (docs/semantics.md §2.14): {@code mount -o remount,bind,OPTS} of a mount
   * point, {@code mount -o remount,OPTS} (the superblock), a tmpfs or a bind with {@code -o OPTS}.
   */
  private static Operation attributes(
      Source s, Settings settings, int index, List<String> mounted) {
    List<String> words = new ArrayList<>();
    int count = 1 + s.drawSmall(2);
    for (int i = 0; i < count; i++) {
      String w = OPTION_WORDS[s.drawSmall(OPTION_WORDS.length - 1)];
      if (!words.contains(w)) words.add(w);
    }
    switch (s.draw(4)) {
      case 0, 1:
        return new Remount(true, words, mountPoint(s, settings, mounted));
      case 2:
        return new Remount(false, words, mountPoint(s, settings, mounted));
      case 3:
        return new MountTmpfs("t" + index, path(s, settings), words);
      default:
        {
          String src = source(s, settings, mounted);
          return new Bind(src, relatedTarget(s, settings, src), s.drawCoin(0.3), words);
        }
    }
  }

  private static int weighted(Source s, boolean mayUnshare) {
    int total = 0;
    int kinds = mayUnshare ? WEIGHTS.length : WEIGHTS.length - 1;
    for (int k = 0; k < kinds; k++) total += WEIGHTS[k];
    int r = s.draw(total - 1);
    for (int k = 0; k < kinds; k++) {
      if (r < WEIGHTS[k]) return k;
      r -= WEIGHTS[k];
    }
    return 0;
  }

  /** A path at or below /mnt from the vocabulary, depth biased small. */
  private static String path(Source s, Settings settings) {
    int depth = s.drawSmall(settings.maxDepth());
    StringBuilder p = new StringBuilder("/mnt");
    for (int i = 0; i < depth; i++) p.append('/').append(NAMES[s.draw(NAMES.length - 1)]);
    return p.toString();
  }

  /**
   * A bind or move target: often the source itself or a directory inside it (an overlapping
   * propagation tree), otherwise any path.
   */
  private static String relatedTarget(Source s, Settings settings, String src) {
    int how = s.draw(3);
    if (how == 0) return path(s, settings);
    if (how == 1) return src;
    String inside = src + "/" + NAMES[s.draw(NAMES.length - 1)];
    return inside.chars().filter(c -> c == '/').count() <= settings.maxDepth() + 1 ? inside : src;
  }
}
