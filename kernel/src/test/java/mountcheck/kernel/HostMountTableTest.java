package mountcheck.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Runs scenarios that change propagation everywhere they can and checks the host saw nothing. */
class HostMountTableTest {

  @BeforeAll
  static void kernel() {
    KernelTests.assumeKernel();
  }

  @Test
  void hostMountInfoIsByteIdenticalAfterScenarios() throws Exception {
    String before = HostMountTableUnchanged.hostMountInfo();
    KernelTests.run(
        "host.sh",
        """
        mkdir -p /mnt/sandboxing/x
        mount --make-rshared /mnt
        mount -t tmpfs a /mnt
        mkdir -p /mnt/a /mnt/b
        mount --make-rshared /mnt
        mount --rbind /mnt /mnt/a
        unshare -m --propagation shared
        mount -t tmpfs b /mnt/b
        unshare -Urm --propagation unchanged
        umount -l /mnt
        umount -l /mnt
        """);
    assertEquals(before, HostMountTableUnchanged.hostMountInfo());
  }
}
