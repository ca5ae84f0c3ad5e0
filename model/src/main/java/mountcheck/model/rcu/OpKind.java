package mountcheck.model.rcu;

/** The system call or kernel path one operation of a task stands for. */
public enum OpKind {
  UMOUNT,
  EXIT,
  CREATE_IPC,
  PUT_IPC
}
