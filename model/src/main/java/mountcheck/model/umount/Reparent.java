package mountcheck.model.umount;

/**
 * A surviving overmount moved by propagate_umount: {@code mount} is re-attached at ({@code
 * newParent}, {@code newMountpoint}), where the bottom of its dying stack was attached.
 */
public record Reparent(int mount, int newParent, int newMountpoint) {}
