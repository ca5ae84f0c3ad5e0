package mountcheck.model.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Member lists are shown in full up to twelve members and abbreviated beyond. */
class CanonicalMountTextTest {
  @Test
  void twelveMembersAreShownInFullAndThirteenAbbreviated() {
    List<String> twelve = List.of("a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l");
    assertEquals("{a, b, c, d, e, f, g, h, i, j, k, l}", CanonicalMount.membersText(twelve));
    List<String> thirteen =
        List.of("a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m");
    assertEquals("{a, b, c, ... (13 members)}", CanonicalMount.membersText(thirteen));
  }
}
