/**
 * Node's flags and environment for the server, as package.json's "start" gives them (a flag of V8's heap takes
 * effect only on node's command line, and glibc reads its variables only when the process starts: keep the two the
 * same; tests/unit/start-flags.test.ts checks it).
 *
 * --max-semi-space-size=16: V8 sizes the young generation by the machine's memory (on this one, 3 × 45 MB), and a
 * server that renders pages fills it and keeps it: 130 MB of the server's memory at rest held only young objects.
 * A young generation of 3 × 16 MB collects a little more often and keeps the server's thread about 150 MB
 * smaller (a seeded site after its first pages: 421 MB instead of 573 MB; 8 MB saved 30 MB more).
 *
 * --heap-growing-percent=50: after each full collection V8 lets the old generation grow to up to four times what
 * survived it before collecting again, and the server's long work leaves mostly garbage there: at 50,000 pages the
 * first search index left a heap of 570 MB of which 136 MB was alive (peak RSS 997 MB), and an import grew the
 * heap from 150 to 300 MB with about 130 MB alive. Growing by half what survived keeps those peaks at 734 MB and
 * about 130 MB lower; the more frequent full collections cost no CPU the runs could tell (the first index: 165–182 s
 * of the server's CPU with the flag, 172–177 s without; an import about a second in twenty). The flag applies to
 * every thread, the rendering threads too.
 */
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=16", "--heap-growing-percent=50"];

/**
 * MALLOC_ARENA_MAX=2: glibc gives each thread that allocates (libvips', libuv's, the rendering threads, libSQL's)
 * an arena of its own, up to eight per core, and each keeps what it freed: two arenas keep the server's native
 * memory about 60 MB lower through an import, its time unchanged.
 */
export const SERVER_ENVIRONMENT = { MALLOC_ARENA_MAX: "2" };
