export default function Page() {
  return <main>TODO blog/blog-list</main>;
}
