/** The encodings the server keeps answers in (documents, the build's scripts and stylesheets), best first. */
export const documentEncodings = ["br", "gzip", "identity"] as const;
export type DocumentEncoding = (typeof documentEncodings)[number];
