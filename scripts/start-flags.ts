/**
 * Node's flags for the server, as package.json's "start" gives them (a flag of V8's heap takes effect only on
 * node's command line, not once the server runs; keep the two the same).
 *
 * --max-semi-space-size=16: V8 sizes the young generation by the machine's memory (on this one, 3 × 45 MB), and a
 * server that renders pages fills it and keeps it: 130 MB of the server's memory at rest held only young objects.
 * A young generation of 3 × 16 MB collects a little more often and keeps the server's thread about 150 MB
 * smaller (a seeded site after its first pages: 421 MB instead of 573 MB; 8 MB saved 30 MB more).
 */
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=16"];
