package mountcheck.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.zip.GZIPInputStream;
import mountcheck.model.text.ScenarioParser;
import org.junit.jupiter.api.Test;

class GuestImageTest {
  @Test
  void fixedPartHoldsTheBinariesTheirLibrariesAndInit() throws IOException {
    List<CpioArchiveTest.Entry> entries =
        CpioArchiveTest.read(GuestImage.buildFixedPart().toBytes());
    Set<String> names =
        entries.stream().map(CpioArchiveTest.Entry::name).collect(Collectors.toSet());
    for (String b : GuestImage.BINARIES) assertTrue(names.contains("bin/" + b), b);
    assertTrue(names.contains("init"));
    // the resident executor's program, which the starter of Executor.SYSCALLS runs
    assertTrue(names.contains("executor.pl") && names.contains("bin/perl"));
    assertTrue(GuestImage.INIT.contains("perl /executor.pl zygote"));
    assertTrue(names.contains("mnt") && names.contains("proc") && names.contains("dev"));
    // the ELF interpreter and the C library that ldd names for bash are there, at the same paths
    List<String> bashLibs =
        GuestImage.sharedLibraries(GuestImage.which("bash")).stream()
            .map(p -> p.toString().substring(1))
            .toList();
    assertTrue(bashLibs.stream().anyMatch(p -> p.contains("ld-linux")), bashLibs.toString());
    assertTrue(bashLibs.stream().anyMatch(p -> p.contains("libc.so")), bashLibs.toString());
    assertTrue(names.containsAll(bashLibs), bashLibs.toString());
  }

  @Test
  void initRunsEachScenarioInItsOwnNamespaceAndPowersOff() {
    assertTrue(GuestImage.INIT.contains("unshare -Urm /bin/bash"));
    assertTrue(GuestImage.INIT.contains("echo o > /proc/sysrq-trigger"));
    assertTrue(GuestImage.INIT.contains("timeout -s KILL"));
  }

  @Test
  void batchArchiveHoldsScriptsCountLimitAndMountMax() throws IOException {
    byte[] initrd =
        GuestImage.initrd(
            List.of(ScenarioParser.parse("a.sh", "mount -t tmpfs a /mnt\n")),
            Duration.ofSeconds(7),
            12);
    // the second gzip member is the batch: skip the fixed part
    byte[] fixed = GuestImage.fixedPart();
    byte[] batch = Arrays.copyOfRange(initrd, fixed.length, initrd.length);
    byte[] raw;
    try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(batch))) {
      raw = in.readAllBytes();
    }
    var entries = CpioArchiveTest.read(raw);
    var text =
        entries.stream()
            .filter(e -> !e.name().equals("batch"))
            .collect(
                Collectors.toMap(
                    CpioArchiveTest.Entry::name,
                    e -> new String(e.data(), StandardCharsets.UTF_8)));
    assertEquals("1\n", text.get("batch/count"));
    assertEquals("7\n", text.get("batch/time-limit"));
    assertEquals("12\n", text.get("batch/mount-max"));
    assertTrue(text.get("batch/0.sh").contains("mount -t tmpfs a /mnt"));
    // the starter runs the batch only with the resident executor
    assertEquals(Executor.configured() == Executor.SYSCALLS, text.containsKey("batch/starter"));
  }
}
