/**
 * Node's flags for the server, as package.json's "start" gives them (a flag of V8's heap takes effect only on
 * node's command line, not once the server runs; keep the two the same).
 *
 * --max-semi-space-size=16: V8 sizes the young generation by the machine's memory (on this one, 3 × 45 MB), and a
 * server that renders pages fills it and keeps it: 130 MB of the server's memory at rest held only young objects.
 * A young generation of 3 × 16 MB collects a little more often and keeps the server's thread about 150 MB
 * smaller (a seeded site after its first pages: 421 MB instead of 573 MB; 8 MB saved 30 MB more).
 *
 * --heap-growing-percent=50: after each full collection V8 lets the old generation grow to up to 4 times what
 * survived it before collecting again, and the server's long work (start-up, the first search index) leaves mostly
 * garbage there: at 50,000 pages the server's heap held 570 MB of which 136 MB was alive, the process's peak RSS
 * 997 MB. Growing by half what survived keeps that peak at 734 MB; the more frequent full collections cost no CPU
 * the runs could tell (that first index: 165–182 s of the server's CPU with the flag, 172–177 s without). The flag
 * applies to every thread, the rendering threads too (docs/decisions/032).
 */
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=16", "--heap-growing-percent=50"];
