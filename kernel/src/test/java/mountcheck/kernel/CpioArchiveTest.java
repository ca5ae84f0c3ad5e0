package mountcheck.kernel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;

class CpioArchiveTest {
  /** One entry as read back by the reader below, written from the newc format description. */
  record Entry(String name, int mode, byte[] data) {}

  /** Reads a newc archive: "070701", 13 hex fields, name + NUL padded to 4, data padded to 4. */
  static List<Entry> read(byte[] archive) {
    List<Entry> out = new ArrayList<>();
    int at = 0;
    while (true) {
      String magic = new String(archive, at, 6, StandardCharsets.US_ASCII);
      assertEquals("070701", magic, "magic at offset " + at);
      long[] f = new long[13];
      for (int i = 0; i < 13; i++)
        f[i] =
            Long.parseLong(new String(archive, at + 6 + 8 * i, 8, StandardCharsets.US_ASCII), 16);
      int nameSize = (int) f[11];
      String name = new String(archive, at + 110, nameSize - 1, StandardCharsets.US_ASCII);
      assertEquals(0, archive[at + 110 + nameSize - 1], "name ends with NUL");
      at = align(at + 110 + nameSize);
      int size = (int) f[6];
      if (name.equals("TRAILER!!!")) {
        assertEquals(archive.length, at, "nothing after the trailer");
        return out;
      }
      out.add(new Entry(name, (int) f[1], Arrays.copyOfRange(archive, at, at + size)));
      at = align(at + size);
    }
  }

  private static int align(int n) {
    return (n + 3) & ~3;
  }

  @Test
  void entriesReadBackWithParentsFirstAndPadding() {
    byte[] init = "#!/bin/bash\necho hi\n".getBytes(StandardCharsets.US_ASCII);
    CpioArchive a =
        new CpioArchive()
            .directory("proc")
            .file("/lib/x86_64-linux-gnu/libc.so.6", new byte[] {1, 2, 3}, 0755)
            .file("init", init, 0755)
            .symlink("sbin", "bin");
    List<Entry> entries = read(a.toBytes());
    assertEquals(
        List.of(
            "proc",
            "lib",
            "lib/x86_64-linux-gnu",
            "lib/x86_64-linux-gnu/libc.so.6",
            "init",
            "sbin"),
        entries.stream().map(Entry::name).toList());
    assertEquals(0040755, entries.get(0).mode());
    assertEquals(0100755, entries.get(3).mode());
    assertArrayEquals(new byte[] {1, 2, 3}, entries.get(3).data());
    assertArrayEquals(init, entries.get(4).data());
    assertEquals(0120777, entries.get(5).mode());
    assertEquals("bin", new String(entries.get(5).data(), StandardCharsets.US_ASCII));
  }

  @Test
  void gzipHoldsTheSameArchive() throws IOException {
    CpioArchive a =
        new CpioArchive().file("batch/count", "2\n".getBytes(StandardCharsets.US_ASCII), 0644);
    try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(a.toGzip()))) {
      assertArrayEquals(a.toBytes(), in.readAllBytes());
    }
  }
}
