package mountcheck.model.semantics;

/** Where a path walk ended: a mount and a dentry of that mount's superblock. */
public record Location(int mount, int dentry) {}
