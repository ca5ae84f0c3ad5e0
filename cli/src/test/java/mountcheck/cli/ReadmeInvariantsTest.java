package mountcheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import mountcheck.model.state.Invariants;
import mountcheck.model.variants.KnownBugVariant;
import mountcheck.model.variants.KnownBugVariants;
import org.junit.jupiter.api.Test;

/**
 * The README's invariants section is the catalogue's own documentation, regenerated, not edited.
 */
class ReadmeInvariantsTest {
  @Test
  void readmeSectionEqualsTheGeneratedCatalogue() throws Exception {
    Path readme = Path.of("..", "README.md");
    String section = InvariantsCommand.section(Files.readString(readme));
    assertNotNull(section, "README.md lacks the invariants markers");
    assertEquals(
        InvariantsCommand.markdown(), section, "run: ./mountcheck invariants --readme README.md");
  }

  @Test
  void theGeneratedSectionNamesEveryVariantAndInvariant() {
    String md = InvariantsCommand.markdown();
    for (KnownBugVariant v : KnownBugVariants.all()) {
      assertTrue(md.contains("| `" + v.name() + "` |"), v.name());
    }
    for (Invariants.Rule r : Invariants.Rule.values()) {
      assertTrue(md.contains(r.name().toLowerCase().replace('_', '-')), r.name());
    }
  }
}
