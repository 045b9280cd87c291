// The shape of a sample post, shared by the lists of posts-desenvolvimento.ts and posts-design.ts.
type SeedPostComment = {
  author: string;
  hoursAfter: number;
  body: string;
  replies?: { author: string; hoursAfter: number; body: string }[];
};

export type SeedPost = {
  title: string;
  author: string;
  category: "design" | "desenvolvimento" | "ux" | "ui";
  /** Days before the seed runs (fractions allowed). */
  daysAgo: number;
  tags: string[];
  description: string;
  body: string;
  /** File name under public/images/covers, without the extension. */
  cover?: string;
  /** Position on the landing page's featured stack. */
  featuredRank?: 1 | 2 | 3;
  /** How many other members like it (taken from a fixed shuffle of the members). */
  likes: number;
  favoritedBy?: string[];
  comments?: SeedPostComment[];
};
