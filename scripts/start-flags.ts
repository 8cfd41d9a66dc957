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
 * --heap-growing-percent=50: on a machine with gigabytes of memory V8 lets the old generation grow to up to four
 * times what the last full collection kept before it collects again. An import makes garbage fast (the export's
 * items unpacked, the writes' statements), and the server's heap grew from 150 to 300 MB while about 130 MB of it
 * was alive. Collecting at one and a half times what is alive keeps the import's peak about 130 MB lower for about
 * a second more CPU in a 20-second import.
 */
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=16", "--heap-growing-percent=50"];

/**
 * MALLOC_ARENA_MAX=2: glibc gives each thread that allocates (libvips', libuv's, the rendering threads, libSQL's)
 * an arena of its own, up to eight per core, and each keeps what it freed: two arenas keep the server's native
 * memory about 60 MB lower through an import, its time unchanged.
 */
export const SERVER_ENVIRONMENT = { MALLOC_ARENA_MAX: "2" };
