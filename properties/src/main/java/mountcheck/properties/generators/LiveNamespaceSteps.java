package mountcheck.properties.generators;

import java.util.List;
import mountcheck.engine.Source;
import mountcheck.model.ops.Bind;
import mountcheck.model.ops.ChangeDirectory;
import mountcheck.model.ops.ChangeType;
import mountcheck.model.ops.HoldFile;
import mountcheck.model.ops.MakeDirs;
import mountcheck.model.ops.MakeFiles;
import mountcheck.model.ops.Nsenter;
import mountcheck.model.ops.Operation;
import mountcheck.model.ops.PersistNamespace;
import mountcheck.model.ops.Propagation;
import mountcheck.model.ops.ReleaseFile;
import mountcheck.model.ops.RemoveDirs;
import mountcheck.model.ops.Umount;
import mountcheck.model.ops.Unshare.NamespacePropagation;

/**
 * Steps of docs/language.md, "Several namespaces and held references", for the generators: a
 * private holder directory with two namespace files, namespaces persisted on them, commands run in
 * them through nsenter, and references the shell takes and gives back (descriptors 3-5, the working
 * directory). Choice 0 is always the simplest form.
 */
final class LiveNamespaceSteps {
  /** The holder directory: a private bind of itself, so namespace files can be bound there. */
  static final String HOLDER = "/mnt/ns";

  /** The two namespace files a generated scenario uses. */
  static final List<String> FILES = List.of(HOLDER + "/n1", HOLDER + "/n2");

  private LiveNamespaceSteps() {}

  /** mkdir, bind onto itself, make-private, touch the namespace files. */
  static List<Operation> holder() {
    return List.of(
        new MakeDirs(List.of(HOLDER)),
        new Bind(HOLDER, HOLDER, false),
        new ChangeType(Propagation.PRIVATE, false, HOLDER),
        new MakeFiles(FILES));
  }

  /** A namespace persisted on one of the files; mostly the kernel's copy or a slave copy. */
  static Operation persist(Source s) {
    String file = FILES.get(s.draw(FILES.size() - 1));
    NamespacePropagation p =
        switch (s.draw(3)) {
          case 0 -> NamespacePropagation.UNCHANGED;
          case 1 -> NamespacePropagation.SLAVE;
          case 2 -> NamespacePropagation.PRIVATE;
          default -> NamespacePropagation.SHARED;
        };
    return new PersistNamespace(s.drawCoin(0.25), p, file);
  }

  /** {@code command} run in the namespace one of the files holds. */
  static Operation nsenter(Source s, Operation command) {
    return new Nsenter(FILES.get(s.draw(FILES.size() - 1)), command);
  }

  /** exec N<PATH on descriptor 3, 4 or 5. */
  static Operation hold(Source s, String path) {
    return new HoldFile(ReleaseFile.FIRST_FD + s.draw(2), path);
  }

  /** exec N<&- of descriptor 3, 4 or 5. */
  static Operation release(Source s) {
    return new ReleaseFile(ReleaseFile.FIRST_FD + s.draw(2));
  }

  /** cd / (the simplest) or cd PATH. */
  static Operation changeDirectory(Source s, String path) {
    return s.drawCoin(0.6) ? new ChangeDirectory(path) : new ChangeDirectory("/");
  }

  /** umount (or umount -l) of a namespace file: drops that reference to its namespace. */
  /**
   * {@code rmdir PATH} in the shell or, as often, through nsenter: a directory that is a mount
   * point only in the other namespace is removed there too, with the mounts on it
   * (docs/semantics.md §2.12); in the namespace where it is one, EBUSY.
   */
  static Operation removeDirectory(Source s, String path) {
    int start = s.position();
    Operation rmdir = new RemoveDirs(List.of(path));
    Operation op = s.drawCoin(0.5) ? nsenter(s, rmdir) : rmdir;
    s.endSpan(start, "rmdir");
    return op;
  }

  static Operation dropFile(Source s) {
    return new Umount(FILES.get(s.draw(FILES.size() - 1)), s.drawCoin(0.3));
  }
}
