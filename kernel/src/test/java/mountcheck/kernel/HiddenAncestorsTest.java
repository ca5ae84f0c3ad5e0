package mountcheck.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;

import mountcheck.model.text.MountInfoFormat;
import org.junit.jupiter.api.Test;

/** Mounts mountinfo does not show (outside the process root) still count against fs.mount-max. */
class HiddenAncestorsTest {
  @Test
  void aRootWhoseParentIsNotListedHasOneHiddenAncestor() {
    var rows =
        MountInfoFormat.parse(
            "46 45 254:0 / / rw,relatime - ext4 /dev/vda rw\n"
                + "47 46 0:25 / /mnt/x ro - tmpfs t ro\n"
                + "48 46 0:21 / /proc rw - proc proc rw\n");
    assertEquals(1, Transcript.hiddenAncestors(rows));
  }

  @Test
  void aRootThatIsItsOwnParentHidesNothing() {
    var rows =
        MountInfoFormat.parse(
            "1 1 254:0 / / rw - ext4 /dev/vda rw\n" + "2 1 0:25 / /mnt rw - tmpfs t rw\n");
    assertEquals(0, Transcript.hiddenAncestors(rows));
  }
}
