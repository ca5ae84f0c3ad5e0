/* Memory-hierarchy latency of this host at the footprints of seed 000: M objects of 384 bytes
 * (sizeof struct mount in the host's mnt_cache), contiguous like a slab, visited by a dependent
 * pointer chase in a random order (2 cache lines read per object), warm (after 3 passes).
 * Prints ns per object visit for M = 2^11 .. 2^17, with 4 KiB pages and with THP (madvise).
 * Build: gcc -O2 -o /tmp/memlat memlat.c ; run: /tmp/memlat */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#include <time.h>
#include <sys/mman.h>
struct obj { struct obj *next; char pad[184]; long v; char pad2[184]; };
_Static_assert(sizeof(struct obj) == 384, "384");
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec * 1e9 + t.tv_nsec; }
int main(void) {
  for (int huge = 0; huge <= 1; huge++)
    for (int k = 11; k <= 17; k++) {
      size_t m = (size_t)1 << k, bytes = m * sizeof(struct obj);
      size_t len = (bytes + (2 << 20)) & ~(size_t)((2 << 20) - 1);
      char *raw = mmap(NULL, len + (2 << 20), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      struct obj *a = (struct obj *)(((uintptr_t)raw + (2 << 20) - 1) & ~(uintptr_t)((2 << 20) - 1));
      madvise(a, len, huge ? MADV_HUGEPAGE : MADV_NOHUGEPAGE);
      memset(a, 0, bytes);
      size_t *perm = malloc(m * sizeof *perm);
      for (size_t i = 0; i < m; i++) perm[i] = i;
      srand(42);
      for (size_t i = m - 1; i > 0; i--) { size_t j = ((size_t)rand() * 65536u + rand()) % (i + 1), t = perm[i]; perm[i] = perm[j]; perm[j] = t; }
      for (size_t i = 0; i < m; i++) a[perm[i]].next = &a[perm[(i + 1) % m]];
      free(perm);
      double best = 1e99, seqbest = 1e99; long sink = 0;
      for (int pass = 0; pass < 8; pass++) {
        struct obj *p = &a[0]; double t0 = now();
        for (size_t i = 0; i < m; i++) { sink += p->v; p = p->next; }
        double t = (now() - t0) / m; if (pass >= 3 && t < best) best = t;
        t0 = now();
        for (size_t i = 0; i < m; i++) sink += a[i].v + (long)a[i].next;
        t = (now() - t0) / m; if (pass >= 3 && t < seqbest) seqbest = t;
      }
      printf("%s objects=%6zu footprint=%5.1f MiB random=%6.1f ns/obj sequential=%5.1f ns/obj %ld\n",
             huge ? "thp" : "4k ", m, bytes / 1048576.0, best, seqbest, sink & 1);
      munmap(raw, len + (2 << 20));
    }
  return 0;
}
