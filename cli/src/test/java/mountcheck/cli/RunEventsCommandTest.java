package mountcheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code run --events}: one header per command, one line per event, the counters that moved, then
 * the shell exits at the end.
 */
class RunEventsCommandTest {
  @Test
  void printsEventsGroupedByCommand(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("s.sh");
    Files.writeString(
        f,
        "mount -t tmpfs r /mnt\n"
            + "mkdir -p /mnt/a /mnt/b\n"
            + "mount -t tmpfs x /mnt/a\n"
            + "mount --move /mnt/a /mnt/b\n"
            + "umount /mnt\n"
            + "umount /mnt/b\n");
    StringWriter o = new StringWriter();
    StringWriter e = new StringWriter();
    CommandLine cl = Main.commandLine();
    cl.setOut(new PrintWriter(o, true));
    cl.setErr(new PrintWriter(e, true));
    int status = cl.execute("run", "--events", "--preexisting", "1", f.toString());
    assertEquals(0, status, e.toString());
    assertEquals(
        String.join(
            "\n",
            "1: mount -t tmpfs r /mnt",
            "  attach ns1 #2 /mnt r:/",
            "  event ns1=1",
            "2: mkdir -p /mnt/a /mnt/b",
            "3: mount -t tmpfs x /mnt/a",
            "  attach ns1 #3 /mnt/a x:/",
            "  event ns1=2",
            "4: mount --move /mnt/a /mnt/b",
            "  move ns1 #3 /mnt/b x:/ from /mnt/a",
            "  event ns1=3",
            "5: umount /mnt",
            "6: umount /mnt/b",
            "  detach ns1 #3 /mnt/b x:/",
            "  event ns1=5",
            // the runner's shell exits: its namespace is torn down; umount_tree sets the
            // namespace's counter to the global one, which is already 5
            "end: exit of the first shell in ns1",
            "  detach ns1 #1 / (host):/",
            "  detach ns1 #2 /mnt r:/",
            ""),
        o.toString());
    assertEquals(f + ":5: umount /mnt: EBUSY\n", e.toString());
  }
}
