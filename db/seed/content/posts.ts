// The blog's 24 sample posts: development ones in posts-desenvolvimento.ts, design, UX and UI in
// posts-design.ts.
import { DEVELOPMENT_POSTS } from "./posts-desenvolvimento.ts";
import { DESIGN_POSTS } from "./posts-design.ts";
import type { SeedPost } from "./seed-post.ts";

export const POSTS: SeedPost[] = [...DEVELOPMENT_POSTS, ...DESIGN_POSTS];
