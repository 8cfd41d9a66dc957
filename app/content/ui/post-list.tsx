import { Link } from "react-router";
import type { LinkItem, PostCard, YearGroup } from "../view-types";

/** Date and category of a post, on one line. */
export function PostMeta({ date, category }: { date: PostCard["date"]; category: LinkItem | null }) {
  return (
    <p className="flex flex-wrap items-center gap-x-2 text-sm text-muted-foreground">
      <time dateTime={date.iso}>{date.label}</time>
      {category ? (
        <>
          <span aria-hidden>·</span>
          <Link to={category.url} className="inline-flex min-h-6 items-center hover:text-foreground hover:underline">
            {category.label}
          </Link>
        </>
      ) : null}
    </p>
  );
}

function PostItem({ post }: { post: PostCard }) {
  return (
    <article className="group relative py-5" data-testid="post-item">
      <h3 className="text-lg leading-snug font-bold text-balance">
        <Link to={post.url} prefetch="intent" className="hover:underline hover:decoration-1 hover:underline-offset-4">
          {post.title}
        </Link>
      </h3>
      {post.description ? <p className="mt-1 text-muted-foreground">{post.description}</p> : null}
      <div className="mt-2">
        <PostMeta date={post.date} category={post.category} />
      </div>
    </article>
  );
}

/** Posts grouped under their year (in the locale's calendar), newest first. */
export function PostList({ groups }: { groups: YearGroup[] }) {
  return (
    <div className="grid gap-8" data-testid="post-list">
      {groups.map((group) => (
        <section key={group.year}>
          <h2 className="border-b pb-2 text-sm font-bold tracking-wide text-muted-foreground">{group.year}</h2>
          <ol className="divide-y">
            {group.posts.map((post) => (
              <li key={post.url}>
                <PostItem post={post} />
              </li>
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
}
