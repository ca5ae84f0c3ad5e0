package mountcheck.properties.catalogue;

import java.util.ArrayList;
import java.util.List;
import mountcheck.engine.Property;
import mountcheck.engine.Verdict;
import mountcheck.model.ops.Bind;
import mountcheck.model.ops.ChangeDirectory;
import mountcheck.model.ops.ChangeType;
import mountcheck.model.ops.HoldFile;
import mountcheck.model.ops.MakeDirs;
import mountcheck.model.ops.MakeFiles;
import mountcheck.model.ops.MountTmpfs;
import mountcheck.model.ops.Move;
import mountcheck.model.ops.Nsenter;
import mountcheck.model.ops.Operation;
import mountcheck.model.ops.PersistNamespace;
import mountcheck.model.ops.Propagation;
import mountcheck.model.ops.Remount;
import mountcheck.model.ops.RemoveDirs;
import mountcheck.model.ops.Scenario;
import mountcheck.model.ops.Umount;
import mountcheck.model.ops.Unshare;
import mountcheck.model.semantics.Model;
import mountcheck.model.semantics.ScenarioRunner;
import mountcheck.model.state.Dentry;
import mountcheck.model.state.MountTable;
import mountcheck.model.text.CanonicalTable;
import mountcheck.model.text.MountInfoRow;
import mountcheck.model.text.StateMountInfo;

/** Metamorphic properties: changes to a scenario that must not change its answer. */
final class Metamorphic {
  private Metamorphic() {}

  /** Renaming every directory and filesystem label (injectively) renames the answer, no more. */
  static Property<Scenario> renaming(Model model) {
    return Catalogue.property(
        "metamorphic-renaming",
        "renaming every directory and filesystem label changes the answer only by the same"
            + " renaming",
        (s, labels) -> {
          ScenarioRunner runner = new ScenarioRunner(model);
          ScenarioRunner.Run original = runner.run(s, Catalogue.smallInitial());
          ScenarioRunner.Run renamed = runner.run(rename(s), Catalogue.smallInitial());
          String f1 = Answers.failures(original);
          String f2 = Answers.failures(renamed);
          if (!f1.equals(f2)) return Verdict.fail("failing lines change under renaming", f1, f2);
          CanonicalTable expected =
              CanonicalTable.of(
                  StateMountInfo.rows(original.state()).stream().map(Metamorphic::rename).toList());
          CanonicalTable actual = CanonicalTable.of(StateMountInfo.rows(renamed.state()));
          return expected.equals(actual)
              ? Verdict.pass()
              : Verdict.fail(
                  "the renamed scenario's table is not the renamed table",
                  expected.render(),
                  actual.render());
        },
        1500,
        6);
  }

  static Scenario rename(Scenario s) {
    List<Operation> ops = new ArrayList<>();
    for (Operation op : s.operations()) ops.add(rename(op));
    return Scenario.of(s.name(), ops);
  }

  private static Operation rename(Operation op) {
    if (op instanceof MakeDirs d)
      return new MakeDirs(d.paths().stream().map(Metamorphic::mountPath).toList());
    if (op instanceof MountTmpfs m)
      return new MountTmpfs("L" + m.source(), mountPath(m.target()), m.options());
    if (op instanceof Bind b)
      return new Bind(mountPath(b.source()), mountPath(b.target()), b.recursive(), b.options());
    if (op instanceof Remount r) return new Remount(r.bind(), r.options(), mountPath(r.target()));
    if (op instanceof Move m) return new Move(mountPath(m.source()), mountPath(m.target()));
    if (op instanceof ChangeType c)
      return new ChangeType(c.type(), c.recursive(), mountPath(c.target()));
    if (op instanceof Umount u) return new Umount(mountPath(u.target()), u.lazy());
    if (op instanceof MakeFiles f)
      return new MakeFiles(f.paths().stream().map(Metamorphic::mountPath).toList());
    if (op instanceof RemoveDirs d)
      return new RemoveDirs(d.paths().stream().map(Metamorphic::mountPath).toList());
    if (op instanceof PersistNamespace p)
      return new PersistNamespace(p.newUserNamespace(), p.propagation(), mountPath(p.file()));
    if (op instanceof Nsenter n) return new Nsenter(mountPath(n.file()), rename(n.command()));
    if (op instanceof HoldFile h) return h.withPath(mountPath(h.path()));
    if (op instanceof ChangeDirectory c)
      return c.path().equals("/") ? op : new ChangeDirectory(mountPath(c.path()));
    return op;
  }

  /** /mnt/a/b -> /mnt/ra/rb: every component below the leading /mnt gets an "r" prefix. */
  static String mountPath(String p) {
    if (p.equals("/mnt")) return p;
    return "/mnt" + fsPath(p.substring("/mnt".length()));
  }

  /** /a/b -> /ra/rb: a path inside a filesystem, every component renamed. */
  static String fsPath(String p) {
    if (p.equals("/") || p.isEmpty()) return p;
    if (p.endsWith(Dentry.DELETED_SUFFIX)) // a removed root: /d//deleted -> /rd//deleted
    return fsPath(p.substring(0, p.length() - Dentry.DELETED_SUFFIX.length()))
          + Dentry.DELETED_SUFFIX;
    StringBuilder b = new StringBuilder();
    for (String c : p.substring(1).split("/")) b.append("/r").append(c);
    return b.toString();
  }

  private static MountInfoRow rename(MountInfoRow r) {
    return new MountInfoRow(
        r.mountId(),
        r.parentId(),
        r.major(),
        r.minor(),
        r.fsType().equals("nsfs") ? r.root() : fsPath(r.root()),
        mountPath(r.mountPoint()),
        r.mountOptions(),
        r.optionalFields(),
        r.fsType(),
        r.fsType().equals("nsfs") ? r.source() : "L" + r.source(),
        r.superOptions());
  }

  static final String UNRELATED = "/mnt/zz";
  static final int UNRELATED_LIMIT = 200;

  /**
   * A private, unbindable tmpfs at a directory no other command names, added right after the first
   * mount on /mnt, changes nothing else. Scenarios that would reach it anyway (a recursive type
   * change or a plain umount of /mnt, a move of /mnt, which looks for unbindable mounts in its
   * tree, a namespace copy, which on 6.18 drops the unbindable mark and with -U locks it, the mount
   * limit) are discarded.
   */
  static Property<Scenario> unrelatedSubtree(Model model) {
    return Catalogue.property(
        "metamorphic-unrelated-subtree",
        "adding an unrelated private, unbindable subtree changes neither the failing lines nor any"
            + " other mount",
        (s, labels) -> {
          List<Operation> ops = s.operations();
          if (ops.isEmpty()
              || !(ops.get(0) instanceof MountTmpfs first)
              || !first.target().equals("/mnt"))
            return Verdict.discard("does not start with a tmpfs on /mnt");
          for (Operation op : ops) {
            if (op instanceof ChangeType c && c.recursive() && c.target().equals("/mnt"))
              return Verdict.discard("recursive type change of /mnt");
            if (op instanceof Umount u && !u.lazy() && u.target().equals("/mnt"))
              return Verdict.discard("umount of /mnt");
            // moving /mnt checks its whole tree for unbindable mounts (do_move_mount)
            if (op instanceof Move m && m.source().equals("/mnt"))
              return Verdict.discard("move of /mnt");
            // a namespace copy is no longer unrelated on 6.18: the copy is not unbindable
            // (clone_mnt
            // drops T_UNBINDABLE), so an rbind copies it; with -U it is also locked, and a locked
            // child blocks a plain bind of its parent (has_locked_children)
            if (op instanceof Unshare)
              return Verdict.discard("a namespace copy drops the unbindable mark");
          }
          List<Operation> augmented = new ArrayList<>();
          augmented.add(ops.get(0));
          augmented.add(new MakeDirs(List.of(UNRELATED)));
          augmented.add(new MountTmpfs("zz", UNRELATED));
          augmented.add(new ChangeType(Propagation.UNBINDABLE, false, UNRELATED));
          augmented.addAll(ops.subList(1, ops.size()));
          ScenarioRunner runner = new ScenarioRunner(model);
          ScenarioRunner.Run original = runner.run(s, MountTable.initial(UNRELATED_LIMIT, 1));
          ScenarioRunner.Run added =
              runner.run(Scenario.of(s.name(), augmented), MountTable.initial(UNRELATED_LIMIT, 1));
          if (Answers.failures(original).contains("ENOSPC")
              || Answers.failures(added).contains("ENOSPC"))
            return Verdict.discard("reaches the mount limit");
          List<String> shifted = new ArrayList<>();
          for (ScenarioRunner.Failure f : added.failures())
            shifted.add(
                (f.step().line() > 1 ? f.step().line() - 3 : f.step().line()) + " " + f.errno());
          String expectedFailures =
              original.failures().stream()
                  .map(f -> f.step().line() + " " + f.errno())
                  .toList()
                  .toString();
          if (!expectedFailures.equals(shifted.toString()))
            return Verdict.fail("failing lines change", expectedFailures, shifted.toString());
          CanonicalTable expected = CanonicalTable.of(StateMountInfo.rows(original.state()));
          CanonicalTable actual =
              CanonicalTable.of(
                  StateMountInfo.rows(added.state()).stream()
                      .filter(
                          r ->
                              !r.mountPoint().equals(UNRELATED)
                                  && !r.mountPoint().startsWith(UNRELATED + "/"))
                      .toList());
          return expected.equals(actual)
              ? Verdict.pass()
              : Verdict.fail("the other mounts change", expected.render(), actual.render());
        },
        1500,
        6);
  }
}
