package mountcheck.model.semantics;

import java.util.List;
import mountcheck.model.ops.Bind;
import mountcheck.model.ops.ChangeType;
import mountcheck.model.ops.MakeDirs;
import mountcheck.model.ops.MountTmpfs;
import mountcheck.model.ops.Move;
import mountcheck.model.ops.Operation;
import mountcheck.model.ops.Propagation;
import mountcheck.model.ops.Umount;
import mountcheck.model.ops.Unshare;

/** Short constructors for scenario operations in tests. */
final class Cmd {
  private Cmd() {}

  static Operation mkdir(String... paths) {
    return new MakeDirs(List.of(paths));
  }

  static Operation tmpfs(String name, String path) {
    return new MountTmpfs(name, path);
  }

  static Operation bind(String src, String dst) {
    return new Bind(src, dst, false);
  }

  static Operation rbind(String src, String dst) {
    return new Bind(src, dst, true);
  }

  static Operation move(String src, String dst) {
    return new Move(src, dst);
  }

  static Operation make(Propagation type, String path) {
    return new ChangeType(type, false, path);
  }

  static Operation makeR(Propagation type, String path) {
    return new ChangeType(type, true, path);
  }

  static Operation shared(String path) {
    return make(Propagation.SHARED, path);
  }

  static Operation slave(String path) {
    return make(Propagation.SLAVE, path);
  }

  static Operation privat(String path) {
    return make(Propagation.PRIVATE, path);
  }

  static Operation unbindable(String path) {
    return make(Propagation.UNBINDABLE, path);
  }

  static Operation umount(String path) {
    return new Umount(path, false);
  }

  static Operation lazy(String path) {
    return new Umount(path, true);
  }

  static Operation unshare(boolean user, Unshare.NamespacePropagation p) {
    return new Unshare(user, p);
  }
}
