package mountcheck.model.state;

/**
 * A filesystem instance. Its id doubles as the anonymous device minor shown in mountinfo.
 *
 * @param readOnly true for the opaque root, remounted read-only by the kernel runner
 * @param opaque true for the filesystem the scenario starts on (never shown in output)
 */
public record Superblock(int id, String fsType, String source, boolean readOnly, boolean opaque) {}
