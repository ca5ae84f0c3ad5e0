package mountcheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --kernel K} on {@code check} and {@code replay}: the model follows kernel K's rules. */
class KernelOnCheckAndReplayTest {
  @TempDir Path dir;

  @Test
  void checkRunsTheCatalogueOnTheKernelsModelAndSaysSo() {
    ResultFormatsTest.Out o =
        ResultFormatsTest.run(
            "check",
            "state-invariants",
            "--kernel",
            "6.1",
            "--tries",
            "400",
            "--seed",
            "7",
            "--out",
            dir.toString());
    assertEquals(0, o.status(), o.out() + o.err());
    assertTrue(o.err().contains("kernel 6.1's model"), o.err());
    assertTrue(o.out().contains("| state-invariants |"), o.out());
  }

  @Test
  void anUnknownKernelOrAKernelWithAVariantIsAOneLineUsageError() {
    for (String[] args :
        new String[][] {
          {"check", "--kernel", "9.9", "--tries", "1"},
          {"check", "--kernel", "6.1", "--variant", "umount-2016", "--tries", "1"},
          {"replay", "--kernel", "9.9"}
        }) {
      ResultFormatsTest.Out o = ResultFormatsTest.run(args);
      assertEquals(2, o.status(), String.join(" ", args) + ": " + o.err());
      assertEquals(1, o.err().strip().lines().count(), o.err());
      assertTrue(o.err().contains("--kernel") || o.err().contains("kernel"), o.err());
    }
  }

  @Test
  void replayOnAnotherKernelsModelReplaysTheModelFilesAndNamesTheLiveOnes() throws Exception {
    // a witness of a model property replays on 6.1's model: the variant still differs from 2025
    Path witness = Path.of("..", "counterexamples", "variant-umount-2017-7b01a827.sh");
    ResultFormatsTest.Out o =
        ResultFormatsTest.run("replay", "--kernel", "6.1", witness.toString());
    assertEquals(0, o.status(), o.out() + o.err());
    assertTrue(o.out().contains("still fails, as documented"), o.out());
    // a model-versus-host-kernel file is not compared with the host on another kernel's model
    Path live = dir.resolve("live.sh");
    Files.writeString(
        live,
        "# property: model-agrees-with-kernel\n# status: regression\n\nmount -t tmpfs a /mnt\n");
    ResultFormatsTest.Out l = ResultFormatsTest.run("replay", "--kernel", "7.2", live.toString());
    assertEquals(0, l.status(), l.out() + l.err());
    assertTrue(l.out().contains("SKIPPED"), l.out());
    assertTrue(l.out().contains("diff --kernel 7.2"), l.out());
  }
}
