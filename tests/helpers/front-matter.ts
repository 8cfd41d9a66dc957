/** A page's front matter as the editor sends it (`POST /api/builds/commit`): every switch off, `extra` on top. */
export function pageFields(title: string, extra: Record<string, unknown> = {}) {
  return { title, description: "", tags: [], toc: false, comments: false, draft: false, intro: false, ...extra };
}
