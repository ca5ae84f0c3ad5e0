package mountcheck.model.ops;

import java.util.Locale;

/**
 * {@code unshare -m} or {@code unshare -Urm}: the rest of the scenario runs in a new mount
 * namespace (and, with {@code -Ur}, a new user namespace); earlier namespaces stay alive.
 *
 * <p>util-linux's unshare(1) makes the new namespace recursively private unless told otherwise
 * ({@code --propagation private} is its default), so a bare {@code unshare -m} line means "clone,
 * then {@code mount --make-rprivate /}". {@code --propagation unchanged} keeps the kernel's
 * copy_mnt_ns semantics as they are (peers stay peers, shared becomes slave across user
 * namespaces).
 */
public record Unshare(boolean newUserNamespace, NamespacePropagation propagation)
    implements Operation {

  /** util-linux {@code unshare --propagation} values. */
  public enum NamespacePropagation {
    PRIVATE,
    SHARED,
    SLAVE,
    UNCHANGED;

    public String word() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  @Override
  public String toCommand() {
    String base = newUserNamespace ? "unshare -Urm" : "unshare -m";
    return propagation == NamespacePropagation.PRIVATE
        ? base
        : base + " --propagation " + propagation.word();
  }
}
