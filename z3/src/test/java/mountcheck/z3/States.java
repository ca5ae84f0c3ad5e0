package mountcheck.z3;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import mountcheck.model.ops.Bind;
import mountcheck.model.ops.ChangeType;
import mountcheck.model.ops.MakeDirs;
import mountcheck.model.ops.MountTmpfs;
import mountcheck.model.ops.Operation;
import mountcheck.model.ops.Propagation;
import mountcheck.model.ops.Scenario;
import mountcheck.model.ops.Umount;
import mountcheck.model.ops.Unshare;
import mountcheck.model.semantics.Model;
import mountcheck.model.semantics.ScenarioRunner;
import mountcheck.model.state.Mount;
import mountcheck.model.state.MountTable;

/** Scenario commands and mount look-ups for hand-built test states. */
final class States {
  private States() {}

  static Operation mkdir(String... paths) {
    return new MakeDirs(List.of(paths));
  }

  static Operation tmpfs(String name, String path) {
    return new MountTmpfs(name, path);
  }

  static Operation bind(String src, String dst) {
    return new Bind(src, dst, false);
  }

  static Operation make(Propagation type, String path) {
    return new ChangeType(type, false, path);
  }

  static Operation lazy(String path) {
    return new Umount(path, true);
  }

  static Operation unshareUserUnchanged() {
    return new Unshare(true, Unshare.NamespacePropagation.UNCHANGED);
  }

  /** The final state of a scenario that must run without a failing command. */
  static MountTable run(Operation... ops) {
    ScenarioRunner.Run r =
        new ScenarioRunner(Model.linux())
            .run(Scenario.of("test", List.of(ops)), MountTable.initial(100000, 1));
    assertEquals(List.of(), r.failures(), "the scenario runs cleanly");
    return r.state();
  }

  /** The one mount of a namespace attached at this path whose filesystem has this source label. */
  static int mount(MountTable t, int namespace, String path, String source) {
    List<Integer> found = new ArrayList<>();
    for (int id : t.mountIds()) {
      Mount m = t.mount(id);
      if (m.namespace() == namespace
          && path(t, id).equals(path)
          && t.superblock(m.superblock()).source().equals(source)) found.add(id);
    }
    assertEquals(
        1, found.size(), "mounts of '" + source + "' at " + path + " in namespace " + namespace);
    return found.get(0);
  }

  /** The path a mount is attached at, in its namespace ("" for the namespace root). */
  static String path(MountTable t, int id) {
    Mount m = t.mount(id);
    if (!m.hasParent()) return "";
    Mount p = t.mount(m.parent());
    return path(t, p.id()) + t.dentry(m.mountpoint()).relativeTo(t.dentry(p.root()));
  }
}
