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
 * The invariants section of docs/invariants.md is the catalogue's own documentation, regenerated,
 * not edited.
 */
class InvariantsDocTest {
  @Test
  void theDocumentsSectionEqualsTheGeneratedCatalogue() throws Exception {
    Path doc = Path.of("..").resolve("docs/invariants.md");
    String section = InvariantsCommand.section(Files.readString(doc));
    assertNotNull(section, "docs/invariants.md lacks the invariants markers");
    assertEquals(
        InvariantsCommand.markdown(),
        section,
        "run: ./mountcheck invariants --doc docs/invariants.md");
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
