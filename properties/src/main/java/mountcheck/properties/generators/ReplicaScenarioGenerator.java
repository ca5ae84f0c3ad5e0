package mountcheck.properties.generators;

import java.util.ArrayList;
import java.util.List;
import mountcheck.engine.Gen;
import mountcheck.engine.Source;
import mountcheck.model.ops.Bind;
import mountcheck.model.ops.ChangeType;
import mountcheck.model.ops.MakeDirs;
import mountcheck.model.ops.MountTmpfs;
import mountcheck.model.ops.Operation;
import mountcheck.model.ops.Propagation;
import mountcheck.model.ops.Scenario;
import mountcheck.model.ops.Umount;

/**
 * Scenarios around one replicated tree, the shape of most umount propagation bugs (Al Viro's 2025
 * reproducer among them): a shared tmpfs at /mnt/a, its replica at /mnt/b as a peer, a slave, or
 * shared-and-slave; then mounts nested inside, stacked on, and bound onto themselves on either
 * side; then an umount (mostly lazy) of something under /mnt/a or /mnt/b.
 */
public final class ReplicaScenarioGenerator {
  private static final String[] DIRS = {"1", "2", "x"};

  private ReplicaScenarioGenerator() {}

  public static Gen<Scenario> scenarios(int maxNested) {
    return scenarios(maxNested, 0);
  }

  /**
   * A share {@code liveNamespaces} of the scenarios also keeps a second namespace alive on a file
   * (docs/language.md, "Several namespaces and held references"), hold references on the tree and
   * umount from the other namespace now and then.
   */
  public static Gen<Scenario> scenarios(int maxNested, double liveNamespaces) {
    return s -> generate(s, maxNested, liveNamespaces);
  }

  private static Scenario generate(Source s, int maxNested, double liveNamespaces) {
    List<Operation> ops = new ArrayList<>();
    ops.add(new MountTmpfs("t0", "/mnt"));
    ops.add(new MakeDirs(List.of("/mnt/a", "/mnt/b")));
    ops.add(new MountTmpfs("A", "/mnt/a"));
    ops.add(new ChangeType(Propagation.SHARED, false, "/mnt/a"));
    ops.add(new Bind("/mnt/a", "/mnt/b", false));
    switch (s.draw(2)) {
      case 0 -> {}
      case 1 -> ops.add(new ChangeType(Propagation.SLAVE, false, "/mnt/b"));
      default -> {
        ops.add(new ChangeType(Propagation.SLAVE, false, "/mnt/b"));
        ops.add(new ChangeType(Propagation.SHARED, false, "/mnt/b"));
      }
    }
    List<String> mounted = new ArrayList<>(List.of("/mnt/a", "/mnt/b"));
    // a second live namespace that holds a copy of the replicated tree, acted in through nsenter
    boolean live = liveNamespaces > 0 && s.drawCoin(liveNamespaces);
    if (live) {
      int start = s.position();
      ops.addAll(LiveNamespaceSteps.holder());
      ops.add(LiveNamespaceSteps.persist(s));
      s.endSpan(start, "live-namespaces");
    }
    int nested = 1 + s.draw(maxNested - 1);
    for (int i = 0; i < nested; i++) {
      int start = s.position();
      String p = mounted.get(mounted.size() - 1 - s.drawSmall(mounted.size() - 1));
      if (s.drawCoin(0.5)) p = otherSide(p); // the same place in the replica
      switch (s.draw(3)) {
        case 0 -> {
          String inside = p + "/" + DIRS[s.draw(DIRS.length - 1)];
          ops.add(new MakeDirs(List.of(inside)));
          ops.add(new MountTmpfs("n" + i, inside));
          mounted.add(inside);
        }
        case 1 -> {
          ops.add(new MountTmpfs("o" + i, p)); // stacked on whatever is at p
          if (!mounted.contains(p)) mounted.add(p);
        }
        case 2 -> {
          String inside = s.drawCoin(0.5) ? p : p + "/" + DIRS[s.draw(DIRS.length - 1)];
          ops.add(new MakeDirs(List.of(inside)));
          ops.add(new Bind(inside, inside, false));
          if (!mounted.contains(inside)) mounted.add(inside);
        }
        default ->
            ops.add(
                new ChangeType(
                    s.drawCoin(0.5) ? Propagation.PRIVATE : Propagation.SLAVE, false, p));
      }
      if (live && s.drawCoin(0.15)) {
        // remove a directory of the tree from one side: EBUSY where it is a mount point, and the
        // mounts of the other namespace on it detached where it is not
        String dir = mounted.get(mounted.size() - 1 - s.drawSmall(mounted.size() - 1));
        if (!dir.equals("/mnt/a") && !dir.equals("/mnt/b"))
          ops.add(LiveNamespaceSteps.removeDirectory(s, dir));
      }
      if (live && s.drawCoin(0.3)) {
        // a reference on a mount of the tree, or a nested mount made in the other namespace
        String held = mounted.get(mounted.size() - 1 - s.drawSmall(mounted.size() - 1));
        ops.add(
            s.drawCoin(0.5)
                ? LiveNamespaceSteps.hold(s, held)
                : LiveNamespaceSteps.changeDirectory(s, held));
      }
      s.endSpan(start, "replica-step");
    }
    String target = mounted.get(mounted.size() - 1 - s.draw(mounted.size() - 1));
    Umount last = new Umount(target, s.drawCoin(0.8));
    // the umount from the other live namespace now and then, so its copies are the targets
    ops.add(live && s.drawCoin(0.3) ? LiveNamespaceSteps.nsenter(s, last) : last);
    if (live && s.drawCoin(0.3)) ops.add(LiveNamespaceSteps.release(s));
    return Scenario.of("replica", ops);
  }

  private static String otherSide(String p) {
    if (p.startsWith("/mnt/a")) return "/mnt/b" + p.substring(6);
    if (p.startsWith("/mnt/b")) return "/mnt/a" + p.substring(6);
    return p;
  }
}
