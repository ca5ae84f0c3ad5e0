package mountcheck.model.ops;

/**
 * {@code mountfd fsconfig NAME source LABEL} (FSCONFIG_SET_STRING of the key "source") or {@code
 * mountfd fsconfig NAME create} (FSCONFIG_CMD_CREATE) on the filesystem context NAME holds.
 *
 * @param source the label for {@code source}, null for {@code create}
 */
public record FsConfig(String name, String source) implements Operation {
  public FsConfig {
    DescriptorName.require(name);
  }

  /** Whether this is FSCONFIG_CMD_CREATE. */
  public boolean create() {
    return source == null;
  }

  @Override
  public String toCommand() {
    return "mountfd fsconfig " + name + (create() ? " create" : " source " + source);
  }
}
