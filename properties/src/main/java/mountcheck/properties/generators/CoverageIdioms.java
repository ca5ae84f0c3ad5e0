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
import mountcheck.model.ops.Operation;
import mountcheck.model.ops.Propagation;
import mountcheck.model.ops.Scenario;
import mountcheck.model.ops.Umount;
import mountcheck.model.ops.Unshare;

/**
 * Scenario idioms aimed at the semantic coverage targets that free-form generation reaches rarely
 * (some in a few of 100,000 scenarios): a nested mount marked unbindable and an rbind of an
 * ancestor; operations on locked mounts after {@code unshare -Urm}; make-X of a shared mount with
 * peers and slaves; one cell of the bind, rbind or move table; a slave whose master group is not
 * visible in its namespace ({@code propagate_from}). Every choice is drawn, so the idioms shrink.
 */
public final class CoverageIdioms {
  private CoverageIdioms() {}

  private static final Propagation[] TYPES = Propagation.values();

  /** The five starting types of the tables, drawn as 0..4. */
  private static final int TYPE_COUNT = 5;

  public static Gen<Scenario> scenarios() {
    return s -> {
      List<Operation> ops = new ArrayList<>();
      ops.add(new MountTmpfs("root", "/mnt"));
      switch (s.draw(4)) {
        case 0 -> rbindOfAncestor(s, ops);
        case 1 -> lockedMounts(s, ops);
        case 2 -> makeTable(s, ops);
        case 3 -> tableCell(s, ops);
        default -> hiddenMaster(s, ops);
      }
      return Scenario.of("idiom", ops);
    };
  }

  /** Nested mounts below /mnt/r, one marked unbindable, then an rbind of an ancestor. */
  private static void rbindOfAncestor(Source s, List<Operation> ops) {
    s.label("idiom: rbind of an ancestor of an unbindable mount");
    int depth = 1 + s.draw(2);
    String path = "/mnt/r";
    ops.add(new MakeDirs(List.of(path, "/mnt/c")));
    ops.add(new MountTmpfs("r", path));
    List<String> levels = new ArrayList<>(List.of(path));
    for (int i = 1; i <= depth; i++) {
      path = path + "/n";
      ops.add(new MakeDirs(List.of(path)));
      ops.add(new MountTmpfs("n" + i, path));
      levels.add(path);
    }
    ops.add(new ChangeType(Propagation.UNBINDABLE, false, levels.get(1 + s.draw(depth - 1))));
    if (s.drawCoin(0.3)) ops.add(new Unshare(true, Unshare.NamespacePropagation.PRIVATE));
    if (s.drawCoin(0.3)) ops.add(new ChangeType(Propagation.SHARED, false, "/mnt/r"));
    ops.add(new Bind(levels.get(s.draw(depth - 1)), "/mnt/c", true));
  }

  /** A tree that becomes locked in a new user namespace, then an operation on it. */
  private static void lockedMounts(Source s, List<Operation> ops) {
    s.label("idiom: locked mounts");
    ops.add(new MakeDirs(List.of("/mnt/s", "/mnt/d", "/mnt/x")));
    ops.add(new MountTmpfs("s", "/mnt/s"));
    ops.add(new MakeDirs(List.of("/mnt/s/in")));
    ops.add(new MountTmpfs("in", "/mnt/s/in"));
    if (s.drawCoin(0.5)) {
      ops.add(new MakeDirs(List.of("/mnt/s/in/deep")));
      ops.add(new MountTmpfs("deep", "/mnt/s/in/deep"));
    }
    ops.add(
        new Unshare(
            true,
            s.drawCoin(0.5)
                ? Unshare.NamespacePropagation.PRIVATE
                : Unshare.NamespacePropagation.UNCHANGED));
    switch (s.draw(5)) {
      case 0 -> ops.add(new Move("/mnt/s/in", "/mnt/d"));
      case 1 -> ops.add(new Umount("/mnt/s/in", false));
      case 2 -> ops.add(new Umount("/mnt/s", true));
      case 3 -> ops.add(new Bind("/mnt/s", "/mnt/d", false));
      case 4 -> ops.add(new Bind("/mnt/s", "/mnt/d", true));
      default -> {
        ops.add(new MountTmpfs("x", "/mnt/x"));
        ops.add(new MakeDirs(List.of("/mnt/x/y")));
        ops.add(new Bind("/mnt/s", "/mnt/x/y", true));
        ops.add(new Bind("/mnt/x", "/mnt/d", false));
      }
    }
  }

  /** A mount of a drawn type, with or without peers and slaves, then make-X (or make-rX) of it. */
  private static void makeTable(Source s, List<Operation> ops) {
    s.label("idiom: make-X table");
    ops.add(new MakeDirs(List.of("/mnt/p", "/mnt/h", "/mnt/peer", "/mnt/slave")));
    ops.add(new MountTmpfs("p", "/mnt/p"));
    int type = s.draw(TYPE_COUNT - 1);
    setType(ops, "/mnt/p", "/mnt/h", type);
    if (type <= 2 && s.drawCoin(0.5)) ops.add(new Bind("/mnt/p", "/mnt/peer", false));
    if (type <= 2 && s.drawCoin(0.5)) {
      if (type == 1) ops.add(new ChangeType(Propagation.SHARED, false, "/mnt/p"));
      ops.add(new Bind("/mnt/p", "/mnt/slave", false));
      ops.add(new ChangeType(Propagation.SLAVE, false, "/mnt/slave"));
    }
    ops.add(new ChangeType(TYPES[s.draw(TYPES.length - 1)], s.drawCoin(0.3), "/mnt/p"));
  }

  /** One cell of the bind, rbind or move table: a source and a destination of drawn types. */
  private static void tableCell(Source s, List<Operation> ops) {
    s.label("idiom: table cell");
    ops.add(new MakeDirs(List.of("/mnt/s", "/mnt/d", "/mnt/hs", "/mnt/hd")));
    ops.add(new MountTmpfs("s", "/mnt/s"));
    ops.add(new MountTmpfs("d", "/mnt/d"));
    if (s.drawCoin(0.5)) {
      ops.add(new MakeDirs(List.of("/mnt/s/sub")));
      ops.add(new MountTmpfs("sub", "/mnt/s/sub"));
    }
    setType(ops, "/mnt/s", "/mnt/hs", s.draw(TYPE_COUNT - 1));
    setType(ops, "/mnt/d", "/mnt/hd", s.draw(TYPE_COUNT - 1));
    switch (s.draw(2)) {
      case 0 -> ops.add(new Bind("/mnt/s", "/mnt/d", false));
      case 1 -> ops.add(new Bind("/mnt/s", "/mnt/d", true));
      default -> ops.add(new Move("/mnt/s", "/mnt/d"));
    }
  }

  /**
   * A chain of shared slaves, a copied namespace of the same user namespace, a slave there, and
   * umounts that leave its master group without a member in the namespace (propagate_from).
   */
  private static void hiddenMaster(Source s, List<Operation> ops) {
    s.label("idiom: hidden master group");
    int chain = 1 + s.draw(1);
    ops.add(new MakeDirs(List.of("/mnt/a", "/mnt/b1", "/mnt/b2", "/mnt/c")));
    ops.add(new MountTmpfs("a", "/mnt/a"));
    ops.add(new ChangeType(Propagation.SHARED, false, "/mnt/a"));
    String up = "/mnt/a";
    for (int i = 1; i <= chain; i++) {
      String b = "/mnt/b" + i;
      ops.add(new Bind(up, b, false));
      ops.add(new ChangeType(Propagation.SLAVE, false, b));
      ops.add(new ChangeType(Propagation.SHARED, false, b));
      up = b;
    }
    if (s.drawCoin(0.3)) ops.add(new Unshare(true, Unshare.NamespacePropagation.UNCHANGED));
    ops.add(new Unshare(false, Unshare.NamespacePropagation.UNCHANGED));
    ops.add(new Bind(up, "/mnt/c", false));
    ops.add(new ChangeType(Propagation.SLAVE, false, "/mnt/c"));
    if (s.drawCoin(0.5)) ops.add(new ChangeType(Propagation.SHARED, false, "/mnt/c"));
    for (int i = chain; i >= 1; i--)
      if (i == chain || s.drawCoin(0.5)) ops.add(new Umount("/mnt/b" + i, false));
  }

  /**
   * Gives the mount at {@code path} type 0 shared, 1 slave, 2 shared-slave, 3 private or 4
   * unbindable; {@code helper} receives the master of a slave.
   */
  private static void setType(List<Operation> ops, String path, String helper, int type) {
    switch (type) {
      case 0 -> ops.add(new ChangeType(Propagation.SHARED, false, path));
      case 1, 2 -> {
        ops.add(new ChangeType(Propagation.SHARED, false, path));
        ops.add(new Bind(path, helper, false));
        ops.add(new ChangeType(Propagation.SLAVE, false, path));
        if (type == 2) ops.add(new ChangeType(Propagation.SHARED, false, path));
      }
      case 3 -> {}
      default -> ops.add(new ChangeType(Propagation.UNBINDABLE, false, path));
    }
  }
}
