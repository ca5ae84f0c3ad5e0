package mountcheck.model.ops;

import java.util.Locale;

/** The four propagation types of {@code mount --make-TYPE} (MS_SHARED, MS_SLAVE, ...). */
public enum Propagation {
  SHARED,
  SLAVE,
  PRIVATE,
  UNBINDABLE;

  /** The word used in {@code --make-WORD}. */
  public String word() {
    return name().toLowerCase(Locale.ROOT);
  }
}
