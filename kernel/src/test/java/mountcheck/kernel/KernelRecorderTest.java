package mountcheck.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import mountcheck.model.text.ExpectedOutcome;
import mountcheck.model.text.MountInfoFormat;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

@ExtendWith(HostMountTableUnchanged.class)
class KernelRecorderTest {

  @BeforeAll
  static void kernel() {
    KernelTests.assumeKernel();
  }

  @Test
  void recordsFailuresAndRows(@TempDir Path dir) throws Exception {
    Path scenario = dir.resolve("rec.sh");
    Files.writeString(
        scenario,
        "mount -t tmpfs a /mnt\nmkdir -p /mnt/b\n# comment\nmount --make-unbindable /mnt/b\n"
            + "mount -t tmpfs b /mnt/b\n");
    Path written = new KernelRecorder(KernelTests.RUNNER).record(scenario);
    assertEquals(dir.resolve("rec.expected"), written);
    String text = Files.readString(written);
    List<String> lines = List.of(text.split("\n"));
    assertEquals("# recorded from the live kernel by mountcheck's kernel runner", lines.get(0));
    assertEquals("# kernel: " + System.getProperty("os.version"), lines.get(1));
    assertTrue(lines.get(2).startsWith("# date: 20"), lines.get(2));
    assertTrue(lines.get(3).matches("# mounts before the scenario: [1-9][0-9]*"), lines.get(3));
    assertTrue(lines.get(4).startsWith("# mounts below /mnt before the scenario:"), lines.get(4));
    List<String> body = lines.subList(5, lines.size());
    assertEquals("fail 4 EINVAL", body.get(0));
    assertEquals("mountinfo:", body.get(1));
    assertEquals(4, body.size(), text);
    assertTrue(
        body.get(2).matches("[0-9]+ [0-9]+ 0:[0-9]+ / /mnt rw,relatime - tmpfs a rw"), body.get(2));
    assertTrue(
        body.get(3).matches("[0-9]+ [0-9]+ 0:[0-9]+ / /mnt/b rw,relatime - tmpfs b rw"),
        body.get(3));
    ExpectedOutcome back = ExpectedOutcome.parse(written.toString(), text);
    assertEquals(List.of(4), back.failingLines());
    assertTrue(back.mountsBefore() >= 1);
    assertEquals(body.get(2) + "\n" + body.get(3) + "\n", MountInfoFormat.render(back.rows()));
  }
}
