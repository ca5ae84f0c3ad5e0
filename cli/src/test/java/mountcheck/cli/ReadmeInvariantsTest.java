package mountcheck.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The README's invariants section is the catalogue's own documentation, regenerated, not edited. */
class ReadmeInvariantsTest {
  @Test
  void readmeSectionEqualsTheGeneratedCatalogue() throws Exception {
    Path readme = Path.of("..", "README.md");
    String section = InvariantsCommand.section(Files.readString(readme));
    assertNotNull(section, "README.md lacks the invariants markers");
    assertEquals(InvariantsCommand.markdown(), section, "run: ./mountcheck invariants --readme README.md");
  }

  @Test
  void theGeneratedSectionNamesEveryVariantAndInvariant() {
    String md = InvariantsCommand.markdown();
    for (String v : mountcheck.properties.catalogue.Variants.names()) assertTrue(md.contains("`" + v + "`"), v);
    for (var r : mountcheck.model.state.Invariants.Rule.values()) assertTrue(md.contains(r.name().toLowerCase().replace('_', '-')), r.name());
  }
}
