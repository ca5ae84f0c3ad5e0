package mountcheck.properties.counterexample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import mountcheck.engine.Gen;
import mountcheck.engine.Property;
import mountcheck.engine.RunConfig;
import mountcheck.engine.RunReport;
import mountcheck.engine.Runner;
import mountcheck.engine.Verdict;
import mountcheck.model.ops.Bind;
import mountcheck.model.ops.MakeDirs;
import mountcheck.model.ops.MountTmpfs;
import mountcheck.model.ops.Scenario;
import mountcheck.model.ops.Umount;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CounterexampleFilesTest {
  private static final Scenario SCENARIO =
      Scenario.of(
          "example",
          List.of(
              new MountTmpfs("a", "/mnt"),
              new MakeDirs(List.of("/mnt/a")),
              new Bind("/mnt", "/mnt/a", true),
              new Umount("/mnt/a", true)));

  private static final String BODY =
      "mount -t tmpfs a /mnt\n"
          + "mkdir -p /mnt/a\n"
          + "mount --rbind /mnt /mnt/a\n"
          + "umount -l /mnt/a\n";

  private static final CounterexampleHeader HEADER =
      CounterexampleHeader.of("Umount equivalence", Status.REGRESSION)
          .withVariant("umount-2017")
          .withSeed(-42)
          .withSizes(31, 4)
          .withFailure("victims differ", "/mnt/a 1\n\n/mnt 0", "/mnt/a 1");

  private static String sha256Prefix(String text) throws Exception {
    byte[] d = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
    return HexFormat.of().formatHex(d).substring(0, 8);
  }

  @Test
  void theFileIsTheHeaderABlankLineAndTheScenarioLines(@TempDir Path dir) throws Exception {
    Path file = CounterexampleWriter.write(dir, HEADER, SCENARIO);
    assertEquals("umount-equivalence-" + sha256Prefix(BODY) + ".sh", file.getFileName().toString());
    String expected =
        "# property: Umount equivalence\n"
            + "# variant: umount-2017\n"
            + "# seed: -42\n"
            + "# commands-before: 31\n"
            + "# commands-after: 4\n"
            + "# message: victims differ\n"
            + "# expected:\n"
            + "#   /mnt/a 1\n"
            + "#   \n"
            + "#   /mnt 0\n"
            + "# actual: /mnt/a 1\n"
            + "# status: regression\n"
            + "# run: unshare -Urm bash -c 'mount -o remount,bind,ro / && cd / && exec bash"
            + " --norc --noprofile' < "
            + file
            + "\n"
            + "\n"
            + BODY;
    assertEquals(expected, Files.readString(file));
  }

  @Test
  void theReaderGivesBackHeaderAndBody(@TempDir Path dir) {
    Path file = CounterexampleWriter.write(dir, HEADER, SCENARIO);
    assertEquals(HEADER, CounterexampleReader.readHeader(file));
    assertEquals(BODY, CounterexampleReader.readBody(file));
    StoredCounterexample stored =
        CounterexampleReader.read(file, text -> Scenario.of("parsed " + text.length(), List.of()));
    assertEquals(HEADER, stored.header());
    assertEquals("parsed " + BODY.length(), stored.scenario().name());
    assertTrue(
        CounterexampleReader.readFields(file).get("run").startsWith("unshare -Urm bash -c '"));
  }

  @Test
  void writingTheSameCounterexampleAgainReusesTheFile(@TempDir Path dir) throws Exception {
    Path first = CounterexampleWriter.write(dir, HEADER, SCENARIO);
    Path again = CounterexampleWriter.write(dir, HEADER, SCENARIO);
    assertEquals(first, again);
    assertEquals(1, CounterexampleReader.list(dir).size());
  }

  @Test
  void differentContentUnderTheSameNameGetsASuffixAndNothingIsOverwritten(@TempDir Path dir)
      throws Exception {
    Path first = CounterexampleWriter.write(dir, HEADER, SCENARIO);
    String before = Files.readString(first);
    Path second = CounterexampleWriter.write(dir, HEADER.withSeed(7), SCENARIO);
    assertNotEquals(first, second);
    assertEquals(
        "umount-equivalence-" + sha256Prefix(BODY) + "-2.sh", second.getFileName().toString());
    assertEquals(before, Files.readString(first));
    assertEquals(7L, CounterexampleReader.readHeader(second).seed());
  }

  @Test
  void optionalFieldsAreLeftOutAndMinimalHeadersRoundTrip(@TempDir Path dir) throws Exception {
    CounterexampleHeader minimal =
        CounterexampleHeader.of("witness-2017", Status.WITNESS).withAlgorithm("Viro2025");
    Path file = CounterexampleWriter.write(dir, minimal, "mount -t tmpfs a /mnt");
    assertEquals(minimal, CounterexampleReader.readHeader(file));
    assertEquals("mount -t tmpfs a /mnt\n", CounterexampleReader.readBody(file));
    List<String> lines = Files.readAllLines(file);
    assertEquals(
        List.of("# property: witness-2017", "# algorithm: Viro2025", "# status: witness"),
        lines.subList(0, 3));
  }

  @Test
  void aFailedRunGivesTheHeaderItsFacts() {
    Property<Integer> p =
        Property.of(
            "small",
            "numbers stay below 10",
            Gen.intRange(0, 100),
            (i, labels) -> i < 10 ? Verdict.pass() : Verdict.fail("too big", "< 10", "" + i));
    RunReport<Integer> r = Runner.run(p, RunConfig.defaults().withSeed(11).withLog(line -> {}));
    CounterexampleHeader h = CounterexampleHeader.ofFailure(r, 3, 1);
    assertEquals(
        CounterexampleHeader.of("small", Status.REGRESSION)
            .withSeed(11)
            .withShard("0/1")
            .withSizes(3, 1)
            .withFailure("too big", "< 10", "10"),
        h);
  }

  @Test
  void aHeaderWithoutStatusIsRejectedNamingTheFile(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("broken.sh");
    Files.writeString(file, "# property: p\n\nmount -t tmpfs a /mnt\n");
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> CounterexampleReader.readHeader(file));
    assertTrue(e.getMessage().contains("broken.sh"), e.getMessage());
    assertTrue(e.getMessage().contains("status"), e.getMessage());
  }

  @Test
  void listFindsScenarioFilesSortedByName(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("b.sh"), "");
    Files.writeString(dir.resolve("a.sh"), "");
    Files.writeString(dir.resolve("notes.txt"), "");
    assertEquals(List.of(dir.resolve("a.sh"), dir.resolve("b.sh")), CounterexampleReader.list(dir));
    assertEquals(List.of(), CounterexampleReader.list(dir.resolve("absent")));
  }
}
