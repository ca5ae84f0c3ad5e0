package mountcheck.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import mountcheck.model.text.ExpectedOutcome;
import mountcheck.model.text.MountInfoFormat;
import org.junit.jupiter.api.Test;

/** The parts of the recorder that need no kernel. */
class KernelRecorderUnitTest {

  @Test
  void expectedFileSitsNextToTheScenario() {
    assertEquals(Path.of("a/b/x.expected"), KernelRecorder.expectedFile(Path.of("a/b/x.sh")));
    assertEquals(Path.of("y.expected"), KernelRecorder.expectedFile(Path.of("y")));
  }

  @Test
  void differenceNamesChangedFailuresAndMounts() {
    ExpectedOutcome recorded =
        ExpectedOutcome.parse(
            "r.expected",
            "fail 3 EINVAL\nmountinfo:\n63 43 0:39 / /mnt rw - tmpfs a rw\n"
                + "64 63 0:40 / /mnt/x rw shared:7 - tmpfs x rw\n");
    KernelResult same =
        new KernelResult(
            List.of(new LineOutcome(3, "umount /mnt/q", "EINVAL", 22, "")),
            MountInfoFormat.parse(
                "90 12 0:50 / /mnt rw - tmpfs a rw\n"
                    + "91 90 0:51 / /mnt/x rw shared:1 - tmpfs x rw\n"),
            20,
            List.of(),
            "");
    assertEquals("", KernelRecorder.difference(recorded, same));
    KernelResult changed =
        new KernelResult(
            List.of(new LineOutcome(4, "umount /mnt/q", "EBUSY", 16, "")),
            MountInfoFormat.parse("90 12 0:50 / /mnt rw - tmpfs a rw\n"),
            20,
            List.of(),
            "");
    assertEquals(
        "failing lines: recorded 3 EINVAL, kernel now 4 EBUSY\n"
            + "only in recorded: /mnt/x (parent /mnt, root /, tmpfs x, sb2, peers {/mnt/x}, master"
            + " -, options rw rw)\n",
        KernelRecorder.difference(recorded, changed));
  }
}
