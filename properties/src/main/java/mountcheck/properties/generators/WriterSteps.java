package mountcheck.properties.generators;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import mountcheck.engine.Source;
import mountcheck.model.ops.HoldFile;
import mountcheck.model.ops.MountAttribute;
import mountcheck.model.ops.MountSetattr;
import mountcheck.model.ops.Operation;
import mountcheck.model.ops.ReleaseFile;
import mountcheck.model.ops.Remount;

/**
 * Files open for writing for the generated scenarios ({@code exec N<>PATH}, docs/language.md "Held
 * references", docs/semantics.md §2.19), drawn with the lines a writer changes: a bind remount to
 * read-only of its mount, a superblock remount to read-only, a {@code mountfd mount_setattr} that
 * sets {@code ro} on its mount (or, with {@code AT_RECURSIVE}, on /mnt's tree), and the close
 * ({@code exec N<&-}) after which they work. The path is a file the open makes (named {@value
 * #FILE}, a name the generator's directories never take), now and then on a mount made read-only
 * just before (EROFS), or one of the generator's directories (EISDIR). Descriptors 3 to 5, the ones
 * the live namespaces' held references use, so a writer may replace a read-only hold and back.
 * Choice 0 is the simplest: a writer on a new file of the mount point, nothing after it.
 */
final class WriterSteps {
  /** The name of the files the writers make. */
  static final String FILE = "w";

  private WriterSteps() {}

  /** An open for writing around a mount point {@code m} and another path {@code p}. */
  static List<Operation> step(Source s, String m, String p) {
    int fd = ReleaseFile.FIRST_FD + s.draw(2);
    List<Operation> out = new ArrayList<>();
    String path;
    switch (s.draw(3)) {
      case 0 -> path = m + "/" + FILE;
      case 1 -> path = p + "/" + FILE;
      case 2 -> path = p; // a directory: EISDIR, also on a read-only mount
      default -> {
        // a read-only mount first: EROFS for a new name and for an existing file alike
        out.add(new Remount(true, List.of("ro"), m));
        path = m + "/" + FILE;
      }
    }
    out.add(new HoldFile(fd, path, true));
    int after = s.drawSmall(3);
    for (int i = 0; i < after; i++) out.add(afterOpen(s, fd, m));
    return out;
  }

  /**
   * What a writer forbids (EBUSY while it is open) or its close: a bind remount to read-only, a
   * superblock remount to read-only, mount_setattr {@code ro} of the mount or (recursive) of /mnt's
   * tree, {@code exec N<&-}, or a bind remount back to read-write.
   */
  private static Operation afterOpen(Source s, int fd, String m) {
    switch (s.draw(5)) {
      case 0:
        return new Remount(true, List.of("ro"), m);
      case 1:
        return new Remount(false, List.of("ro"), m);
      case 2:
        return new MountSetattr(m, s.drawCoin(0.3), Set.of(MountAttribute.RO), Set.of(), null);
      case 3:
        return new MountSetattr("/mnt", true, Set.of(MountAttribute.RO), Set.of(), null);
      case 4:
        return new ReleaseFile(fd);
      default:
        return new Remount(true, List.of("rw"), m);
    }
  }
}
