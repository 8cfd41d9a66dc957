/** Combines response headers from parent and child routes; Set-Cookie values are all kept. */
export function mergeHeaders(...sources: (Headers | undefined)[]): Headers {
  const merged = new Headers();
  for (const source of sources) {
    source?.forEach((value, key) => {
      if (key === "set-cookie") merged.append(key, value);
      else merged.set(key, value);
    });
  }
  return merged;
}
