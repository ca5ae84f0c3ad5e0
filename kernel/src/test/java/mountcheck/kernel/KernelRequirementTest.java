package mountcheck.kernel;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** A missing kernel skips a check locally and fails it where the kernel is required (CI). */
class KernelRequirementTest {

  @Test
  void aUsableKernelRunsTheCheckEitherWay() {
    assertTrue(KernelRequirement.usable("check", null, false));
    assertTrue(KernelRequirement.usable("check", null, true));
  }

  @Test
  void aMissingKernelSkipsLocally() {
    assertFalse(KernelRequirement.usable("check", "unshare -Urm: Operation not permitted", false));
  }

  @Test
  void aMissingKernelFailsWhereRequired() {
    var e =
        assertThrows(
            KernelRequirement.KernelRequiredException.class,
            () -> KernelRequirement.usable("check", "unshare -Urm: Operation not permitted", true));
    assertTrue(e.getMessage().contains("mountcheck.requireKernel=true"), e.getMessage());
    assertTrue(e.getMessage().contains("Operation not permitted"), e.getMessage());
  }

  @Test
  void ciRequiresTheKernel() throws Exception {
    String ci = Files.readString(Path.of("..", ".ci", "run"));
    assertTrue(ci.contains("-D" + KernelRequirement.PROPERTY + "=true"), ci);
  }
}
