/** The public content pages: home, logs archive, categories, posts, feeds and the content calls. */
export default {
  "home.intro": "Start here",
  "home.latest": "Latest posts",
  "home.allPosts": "All posts in the logs",
  "logs.filter": "Filter by category",
  "logs.all": "All",
  "logs.empty": "Nothing has been published here yet.",
  "post.readingTime": "{minutes} min read",
  "preview.title": "Preview: {title} – {site}",
  "post.tags": "Tags",
  "post.more": "More posts",
  "post.newer": "Newer post",
  "post.older": "Older post",
  "post.edit": "Edit this page",
  "toc.comments": "Comments",
  "pagination.label": "Pages",
  "pagination.previous": "Previous page",
  "pagination.next": "Next page",
  "pagination.status": "Page {page} of {pages}",
  "feed.title": "{site}: posts",
  "feed.categoryTitle": "{site}: posts in {category}",
  "feed.tagTitle": "{site}: posts tagged {tag}",
  "feed.link": "Posts feed (Atom)",
  "api.pathRequired": "A content request needs the path parameter",
  "api.invalidLocale": "The locale must be fa or en",
  "api.invalidCategory": "Unknown category",
  "api.invalidSort": "The sort must be newest, oldest or title",
  "api.invalidLimit": "The limit must be a whole number from 1 to {max}",
  "api.invalidExact": "exact must be 0 or 1",
  "api.invalidFlag": "Must be true or false",
  // Tag pages.
  "tags.title": "Tags",
  "tags.description": "Every tag on the posts, with how many posts carry it.",
  "tags.empty": "No post has tags yet.",
  "tags.heading": "Tag: {tag}",
  "tags.pageDescription": "Posts tagged “{tag}”.",
  "postCount.one": "{count} post",
  "postCount.other": "{count} posts",
  "tags.all": "All tags",
  // Markdown the site does not render (app/content/markdown/limits.ts, render-markdown.server.ts)
  "markdown.tooComplex":
    "This text is too complex to render: it took longer than {seconds} seconds. Split it into shorter pages or simplify its formatting.",
  "markdown.tooBig":
    "This text is too complex to render: it needs more memory or deeper nesting than a rendering may use. Split it into shorter pages or simplify its formatting.",
  "markdown.tooDeep":
    "Lists and quotes nest {depth} levels deep at line {line}; at most {max} levels are rendered. Nest them less deeply.",
  "markdown.tooDense":
    "The paragraph at line {line} has more than {max} of the marks that make links and emphasis ([ ] * _ ~). Split it with empty lines, or write a mark that is only text with a backslash before it (\\*).",
  "markdown.tooDenseOverall":
    "This text has too many long paragraphs full of the marks that make links and emphasis ([ ] * _ ~); the one at line {line} has {count}. Split the longest ones with empty lines.",
  "markdown.shownAsText": "This text is shown as written, without formatting: {reason}",
} as const;
