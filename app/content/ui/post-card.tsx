import { Link } from "react-router";
import type { PostCard as PostCardView } from "../view-types";
import { PostMeta } from "./post-list";

/** A post as a card (home page): title, description, date and category; the featured card shows its picture. */
export function PostCard({ post, featured = false }: { post: PostCardView; featured?: boolean }) {
  return (
    <article
      className={`group relative flex h-full flex-col overflow-hidden rounded-xl border bg-card transition-shadow hover:shadow-md ${
        featured ? "sm:flex-row" : ""
      }`}
      data-testid={featured ? "intro-post" : "post-card"}
    >
      {featured && post.thumbnail ? (
        // Markup the server made (an image through the image service); nothing of it runs in the browser.
        <div className="flex sm:w-1/2 sm:shrink-0" dangerouslySetInnerHTML={{ __html: post.thumbnail.html }} />
      ) : null}
      <div className={`flex flex-1 flex-col gap-2 p-5 ${featured ? "sm:justify-center sm:p-8" : ""}`}>
        <h3 className={`leading-snug font-bold text-balance ${featured ? "text-2xl" : "text-lg"}`}>
          {/* The whole card is the link's target area; the title stays the link's name. */}
          <Link to={post.url} prefetch="intent" className="after:absolute after:inset-0 focus-visible:outline-none">
            {post.title}
          </Link>
        </h3>
        {post.description ? <p className="text-muted-foreground">{post.description}</p> : null}
        <div className="relative z-10 mt-auto pt-2">
          <PostMeta date={post.date} category={post.category} />
        </div>
      </div>
    </article>
  );
}
