package mountcheck.kernel;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.zip.GZIPOutputStream;

/**
 * A cpio archive in the "newc" format (the format the kernel unpacks as an initramfs, see the
 * kernel's Documentation/driver-api/early-userspace/buffer-format.rst), compressed with gzip.
 * Parent directories are added on demand; entries keep the order they were added in. Several such
 * archives may be concatenated into one initrd.
 */
public final class CpioArchive {
  private static final int DIRECTORY = 0040000;
  private static final int REGULAR = 0100000;
  private static final int SYMLINK = 0120000;

  private final ByteArrayOutputStream raw = new ByteArrayOutputStream();
  private final Set<String> directories = new LinkedHashSet<>();
  private int inode = 1;

  /** Adds a directory (and its parents), mode 0755. */
  public CpioArchive directory(String path) {
    String p = strip(path);
    if (p.isEmpty() || directories.contains(p)) return this;
    int slash = p.lastIndexOf('/');
    if (slash > 0) directory(p.substring(0, slash));
    directories.add(p);
    entry(p, DIRECTORY | 0755, 2, new byte[0]);
    return this;
  }

  /** Adds a regular file with {@code mode} (e.g. 0755), creating its parent directories. */
  public CpioArchive file(String path, byte[] content, int mode) {
    String p = strip(path);
    parent(p);
    entry(p, REGULAR | mode, 1, content);
    return this;
  }

  /** Adds a symbolic link at {@code path} pointing to {@code target}. */
  public CpioArchive symlink(String path, String target) {
    String p = strip(path);
    parent(p);
    entry(p, SYMLINK | 0777, 1, target.getBytes(StandardCharsets.UTF_8));
    return this;
  }

  /** The archive with its trailer, uncompressed. */
  public byte[] toBytes() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(raw.toByteArray());
    header(out, "TRAILER!!!", 0, 0, 1, 0);
    pad(out);
    return out.toByteArray();
  }

  /** The archive with its trailer, gzip-compressed. */
  public byte[] toGzip() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (OutputStream gz = new GZIPOutputStream(out, 1 << 16)) {
      gz.write(toBytes());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }

  private void parent(String p) {
    int slash = p.lastIndexOf('/');
    if (slash > 0) directory(p.substring(0, slash));
  }

  private void entry(String name, int mode, int links, byte[] content) {
    header(raw, name, inode++, mode, links, content.length);
    raw.writeBytes(content);
    pad(raw);
  }

  /** The 110-byte newc header ("070701" and 13 eight-digit hex fields), then the name and NUL. */
  private static void header(
      ByteArrayOutputStream out, String name, int ino, int mode, int links, int size) {
    byte[] n = name.getBytes(StandardCharsets.UTF_8);
    StringBuilder h = new StringBuilder("070701");
    for (long field : new long[] {ino, mode, 0, 0, links, 0, size, 0, 0, 0, 0, n.length + 1, 0})
      h.append(String.format("%08x", field));
    out.writeBytes(h.toString().getBytes(StandardCharsets.US_ASCII));
    out.writeBytes(n);
    out.write(0);
    pad(out);
  }

  private static void pad(ByteArrayOutputStream out) {
    while (out.size() % 4 != 0) out.write(0);
  }

  private static String strip(String path) {
    String p = path;
    while (p.startsWith("/")) p = p.substring(1);
    while (p.endsWith("/")) p = p.substring(0, p.length() - 1);
    return p;
  }
}
