package mountcheck.model.ops;

/** {@code mountfd fsopen NAME tmpfs}: fsopen(2) of a filesystem context for tmpfs, kept as NAME. */
public record FsOpen(String name, String fsType) implements Operation {
  public FsOpen {
    DescriptorName.require(name);
    if (!fsType.equals("tmpfs")) throw new IllegalArgumentException("only tmpfs: " + fsType);
  }

  @Override
  public String toCommand() {
    return "mountfd fsopen " + name + " " + fsType;
  }
}
