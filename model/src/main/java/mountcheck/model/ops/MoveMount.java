package mountcheck.model.ops;

/**
 * {@code mountfd move_mount FROM TO [FLAG]}: move_mount(2) from a path or a named descriptor to a
 * path or a named descriptor (MOVE_MOUNT_F_EMPTY_PATH / MOVE_MOUNT_T_EMPTY_PATH for names).
 */
public record MoveMount(String from, String to, Flag flag) implements Operation {
  /** The one behaviour flag a line may add. */
  public enum Flag {
    NONE(""),
    BENEATH("MOVE_MOUNT_BENEATH"),
    SET_GROUP("MOVE_MOUNT_SET_GROUP");

    private final String word;

    Flag(String word) {
      this.word = word;
    }

    /** The flag as the line writes it (include/uapi/linux/mount.h), empty for none. */
    public String word() {
      return word;
    }
  }

  public MoveMount {
    DescriptorName.requirePathOrName(from);
    DescriptorName.requirePathOrName(to);
  }

  @Override
  public String toCommand() {
    return "mountfd move_mount " + from + " " + to + (flag == Flag.NONE ? "" : " " + flag.word());
  }
}
