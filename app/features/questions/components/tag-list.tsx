import { Link, href } from "react-router";

/** A post's tags as links to their question lists. */
export function TagList({
  tags,
  label = "Tags",
}: {
  tags: { name: string; slug: string }[];
  label?: string;
}) {
  if (!tags.length) return null;
  return (
    <ul aria-label={label} className="flex flex-wrap gap-2">
      {tags.map((tag) => (
        <li key={tag.slug}>
          <Link to={href("/questions/tagged/:tag", { tag: tag.slug })} className="tag-chip">
            {tag.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}
