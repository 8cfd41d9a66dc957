/**
 * A comment's body as plain text (never HTML), with web addresses turned into links that carry
 * rel="nofollow ugc" (so comment spam earns no ranking) and open in a new tab.
 */
const urlPattern = /\bhttps?:\/\/[^\s<>"'«»]+[^\s<>"'«».,;:!?؟،)\]]/gi;

export function CommentText({ text }: { text: string }) {
  const parts: React.ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(urlPattern)) {
    const start = match.index ?? 0;
    if (start > last) parts.push(text.slice(last, start));
    parts.push(
      <a
        key={start}
        href={match[0]}
        rel="nofollow ugc noopener noreferrer"
        target="_blank"
        dir="ltr"
        className="break-all underline"
      >
        {match[0]}
      </a>,
    );
    last = start + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}
